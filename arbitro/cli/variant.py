"""``arbitro variant import PATH [-o maps/NAME.toml]`` and ``arbitro variant check NAME|FILE``.

``import`` reads a judge/DPjudge map file set or a Realpolitik variant folder and writes
arbitro's variant format; every fact it could not translate is listed on stderr as
``file:line: message`` (and kept as comments at the top of the file written).
``check`` loads a variant (with its ``base``, if any) and prints what it holds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "variant", help="import a variant from judge/Realpolitik files; check one"
    )
    verbs = p.add_subparsers(dest="verb", metavar="VERB")
    imp = verbs.add_parser("import", help="read a DPjudge map file set or a Realpolitik folder")
    imp.add_argument("path", metavar="PATH", help="a .map file, or a folder holding the variant")
    imp.add_argument(
        "-o", "--output", metavar="maps/NAME.toml", help="where to write (default: stdout)"
    )
    imp.add_argument("--name", help="the variant's name (default: from the files)")
    chk = verbs.add_parser("check", help="load a variant and summarise it")
    chk.add_argument("variant", metavar="NAME|FILE", help="a name in maps/ or a .toml file")
    return p


def run(args: argparse.Namespace) -> int:
    if args.verb == "import":
        return _import(args)
    if args.verb == "check":
        return _check(args)
    print("arbitro variant: say import or check", file=sys.stderr)
    return 2


def _import(args: argparse.Namespace) -> int:
    from ..diplomacy.board import BoardError, board_from_dict
    from ..variant_import import ImportFailed, import_variant, to_toml

    name = args.name or (Path(args.output).stem if args.output else None)
    try:
        data, notes = import_variant(Path(args.path), name)
    except ImportFailed as exc:
        for n in exc.notes:
            print(f"note: {n}", file=sys.stderr)
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for n in notes:
        print(f"note: {n}", file=sys.stderr)
    try:
        board = board_from_dict(data)
    except BoardError as exc:
        print(f"error: the imported variant does not hold together: {exc}", file=sys.stderr)
        return 1
    text = to_toml(data, notes)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    print(f"{_summary(board)}; {len(notes)} note(s)", file=sys.stderr)
    return 0


def _check(args: argparse.Namespace) -> int:
    from ..diplomacy.board import BoardError
    from ..variants import UnknownVariant, load_board, load_board_file, variant_warnings

    try:
        target = Path(args.variant)
        board = load_board_file(target) if target.suffix == ".toml" else load_board(args.variant)
    except (BoardError, UnknownVariant) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(_summary(board))
    for warning in variant_warnings(board):
        print(f"warning: {warning}")
    return 0


def _summary(board: Any) -> str:
    from ..diplomacy.board import Terrain

    spaces = sum(1 for p in board.provinces.values() if p.terrain is not Terrain.IMPASSABLE)
    units = sum(len(p.start_units) for p in board.powers.values())
    return (
        f"{board.name}: {len(board.powers)} powers, {spaces} spaces, "
        f"{len(board.supply_centres)} centres, {units} units + {len(board.neutral_units)} neutral, "
        f"start {board.start_year}, builds {board.build_rule}"
    )
