"""``arbitro adjudicate``: one phase (or, with --jsonl, many) as JSON on stdin/stdout."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..contract import ContractError, adjudicate_json, ruleset_of
from ..diplomacy.board import BoardError
from ..diplomacy.rulesets import board_variant
from ..variants import UnknownVariant, load_board


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("adjudicate", help="adjudicate a phase given as JSON on stdin")
    p.add_argument("--jsonl", action="store_true", help="one JSON document per line, in and out")
    return p


def adjudicate_text(text: str) -> dict[str, Any]:
    """One input document; raises ContractError (or UnknownVariant) on bad shape."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ContractError(f"input is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    except RecursionError as exc:
        raise ContractError("input is not valid JSON: nested too deeply") from exc
    if not isinstance(data, dict):
        raise ContractError("input must be a JSON object")
    variant = data.get("variant", "standard")
    if not isinstance(variant, str):
        raise ContractError("variant must be a string")
    # A house's rules bring the house's map: an overlay of the standard map (rulesets.py).
    return adjudicate_json(load_board(board_variant(ruleset_of(data), variant)), data)


_BAD_INPUT = (ContractError, UnknownVariant, BoardError)


def answer_line(line: str) -> dict[str, Any]:
    """One --jsonl line answered; whatever goes wrong is a one-line error object."""
    try:
        return adjudicate_text(line)
    except _BAD_INPUT as exc:
        return {"error": _one_line(str(exc))}
    except Exception as exc:  # noqa: BLE001 — a whole game replays in one call: one bad phase must not end it
        return {"error": _one_line(f"internal error: {type(exc).__name__}: {exc}")}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def run(args: argparse.Namespace) -> int:
    if args.jsonl:
        for line in sys.stdin:
            if not line.strip():
                continue
            sys.stdout.write(json.dumps(answer_line(line), ensure_ascii=False) + "\n")
            sys.stdout.flush()
        return 0
    try:
        out = adjudicate_text(sys.stdin.read())
    except _BAD_INPUT as exc:
        print(f"arbitro adjudicate: {_one_line(str(exc))}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 — a one-line message, never a traceback
        print(f"arbitro adjudicate: internal error: {type(exc).__name__}: {_one_line(str(exc))}",
              file=sys.stderr)
        return 1
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
