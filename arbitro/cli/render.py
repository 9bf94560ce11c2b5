"""``arbitro render POS.json -o map.png [--orders RESULT.json]``: a position as a PNG."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..contract import ContractError, outcome_from_json, position_from_json, ruleset_of
from ..game.board import BoardError
from ..game.rulesets import board_variant
from ..variants import UnknownVariant, load_board


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("render", help="draw a position (and a phase's results) as a PNG map")
    p.add_argument("position", metavar="POS.json", help="a position, in the adjudicate input shape")
    p.add_argument("-o", "--output", required=True, metavar="map.png", help="where to write the PNG")
    p.add_argument("--orders", metavar="RESULT.json",
                   help="an adjudicate output: draw its orders and outcomes on the map")
    p.add_argument("--lang", choices=("it", "en"), default="en", help="labels and title language")
    p.add_argument("--width", type=int, default=1600, help="image width in pixels")
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
    from ..render import GeometryError, load_geometry, render_position

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
        image = render_position(board, load_geometry(board), position, outcome,
                                lang=args.lang, width=args.width)
        image.save(args.output, format="PNG", compress_level=1)  # fast; maps compress well anyway
    except (ContractError, UnknownVariant, BoardError, GeometryError) as exc:
        print(f"arbitro render: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"arbitro render: cannot write {args.output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
