"""``arbitro render POS.json -o map.png [--orders RESULT.json]``: a position as a PNG, or
as SVG when the output ends in ``.svg`` (or ``--format svg``): the same drawing."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..config.model import LANGUAGES, MAP_NAMES, MAP_PALETTES
from ..contract import ContractError, outcome_from_json, position_from_json, ruleset_of
from ..diplomacy.board import BoardError
from ..diplomacy.rulesets import board_variant
from ..variants import UnknownVariant, load_board


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "render", help="draw a position (and a phase's results) as a PNG or SVG map")
    p.add_argument("position", metavar="POS.json", help="a position, in the adjudicate input shape")
    p.add_argument("-o", "--output", required=True, metavar="map.png",
                   help="where to write the map (.svg: SVG, otherwise PNG)")
    p.add_argument("--format", choices=("png", "svg"),
                   help="the file's format (default: from the output's suffix)")
    p.add_argument("--orders", metavar="RESULT.json",
                   help="an adjudicate output: draw its orders and outcomes on the map")
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="labels and title language")
    p.add_argument("--width", type=int, default=1600, help="image width in pixels")
    p.add_argument("--names", choices=MAP_NAMES, default="codes",
                   help="province codes, or full names where they fit")
    p.add_argument("--palette", choices=MAP_PALETTES, default="standard",
                   help="the variant's colours, or colour-blind-safe colours with patterns")
    p.add_argument("--no-legend", action="store_true", help="leave out the legend")
    return p


def _read(path: str, what: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContractError(f"cannot read {what} {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise ContractError(f"{what} {path} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    if not isinstance(data, dict):
        raise ContractError(f"{what} {path} must be a JSON object")
    return data


def run(args: argparse.Namespace) -> int:
    from ..render import GeometryError, MapOptions, draw_map, load_geometry, to_png, to_svg

    try:
        data = _read(args.position, "position")
        results = _read(args.orders, "results") if args.orders else None
        variant = data.get("variant", "standard")
        if not isinstance(variant, str):
            raise ContractError("variant must be a string")
        board = load_board(board_variant(ruleset_of(data), variant))  # the house's map
        position = position_from_json(board, data)
        if not 200 <= args.width <= 8000:
            raise ContractError("--width must be between 200 and 8000 pixels")
        outcome = outcome_from_json(board, position, results) if results is not None else None
        options = MapOptions(names=args.names, palette=args.palette, legend=not args.no_legend)
        drawing = draw_map(board, load_geometry(board), position, outcome, lang=args.lang,
                           width=args.width, options=options)
        fmt = args.format or ("svg" if args.output.lower().endswith(".svg") else "png")
        out = Path(args.output)
        if fmt == "svg":
            out.write_text(to_svg(drawing), encoding="utf-8")
        else:
            out.write_bytes(to_png(drawing))  # compress level 1: fast; maps compress well
    except (ContractError, UnknownVariant, BoardError, GeometryError) as exc:
        print(f"arbitro render: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"arbitro render: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
