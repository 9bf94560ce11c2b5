"""``arbitro adjudicate``: one phase (or, with --jsonl, many) as JSON on stdin/stdout."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..contract import ContractError, adjudicate_json
from ..game.board import BoardError
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
    if not isinstance(data, dict):
        raise ContractError("input must be a JSON object")
    variant = data.get("variant", "standard")
    if not isinstance(variant, str):
        raise ContractError("variant must be a string")
    return adjudicate_json(load_board(variant), data)


def answer_line(line: str) -> str:
    """One ``--jsonl`` input line to its output line (without the newline)."""
    try:
        out = adjudicate_text(line)
    except (ContractError, UnknownVariant, BoardError) as exc:
        out = {"error": str(exc)}
    return json.dumps(out, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    if args.jsonl:
        for line in sys.stdin:
            if not line.strip():
                continue
            sys.stdout.write(answer_line(line) + "\n")
            sys.stdout.flush()
        return 0
    try:
        out = adjudicate_text(sys.stdin.read())
    except (ContractError, UnknownVariant, BoardError) as exc:
        print(f"arbitro adjudicate: {exc}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
