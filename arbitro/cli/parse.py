"""``arbitro parse``: a mail body on stdin, the orders read from it as JSON on stdout."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..contract import ContractError, position_from_json, rules_from_json
from ..diplomacy.board import Board, BoardError
from ..diplomacy.orders import ENGLISH, format_order
from ..diplomacy.position import Position
from ..diplomacy.reading.lines import parse_orders
from ..diplomacy.reading.reports import ParseReport
from ..mail.mime.history import line_kinds
from ..mail.mime.html_text import html_to_text, looks_like_html
from ..variants import UnknownVariant, load_board
from ..words import languages
from ..words.lines import line_message


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("parse", help="read the orders in a mail body (stdin) and print them as JSON")
    p.add_argument("--variant", default="standard")
    p.add_argument("--position", type=Path, help="a position in the adjudicate input shape (JSON)")
    p.add_argument("--power", help="the power whose orders these are (e.g. FRANCE)")
    p.add_argument("--lang", choices=languages(), default="it", help="language of the messages")
    return p


def report_json(board: Board, report: ParseReport) -> dict[str, Any]:
    lines = []
    for r in report.lines:
        entry: dict[str, Any] = {"line": r.line, "text": r.text, "status": r.status.value}
        if r.order is not None:
            entry["order"] = format_order(r.order, ENGLISH)
        message = line_message(board, r, report.lang)
        if message:
            entry["message"] = message
        if r.suggestion:
            entry["suggestion"] = r.suggestion
        lines.append(entry)
    return {"orders": [format_order(o, ENGLISH) for o in report.orders], "lines": lines}


def _position(board: Board, path: Path) -> tuple[Position, dict[str, Any]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ContractError(f"cannot read {path}: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise ContractError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}") from exc
    if not isinstance(data, dict):
        raise ContractError(f"{path} must hold a JSON object")
    return position_from_json(board, data), data


def run(args: argparse.Namespace) -> int:
    try:
        board = load_board(args.variant)
        position, data = (None, {}) if args.position is None else _position(board, args.position)
        power = args.power.strip().upper() if args.power else None
        if power is not None and power not in board.powers:
            raise ContractError(f"unknown power {args.power!r}")
        rules = rules_from_json(data)  # R-ORD-4/5 as `adjudicate` reads them
    except (ContractError, UnknownVariant, BoardError) as exc:
        print(f"arbitro parse: {exc}", file=sys.stderr)
        return 2
    raw = sys.stdin.buffer.read()
    body = raw.decode("utf-8", errors="replace")
    if looks_like_html(body):  # an HTML-only body, as the mail layer reads one
        body = html_to_text(body)
    report = parse_orders(
        board, body, power=power, position=position, lang=args.lang,
        strict_support=rules.support_strict, infer_single_coast=rules.coast_inferred,
        classify=line_kinds,  # quotes and signatures ignored, as in a mail
    )
    json.dump(report_json(board, report), sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")
    return 0
