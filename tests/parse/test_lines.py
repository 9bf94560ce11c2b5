"""A fixture set of realistic order lines (lines.toml) read as expected, in both languages."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from arbitro.contract import position_from_json
from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.mail.mime.history import line_kinds
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")
DATA = tomllib.loads((Path(__file__).parent / "lines.toml").read_text(encoding="utf-8"))


def _cases() -> list[Any]:
    out = []
    for group in DATA["group"]:
        for entry in group["lines"]:
            out.append(pytest.param(group, entry, id=f"{group['name'][:24]}: {entry[0]}"))
    return out


def _position(name: str):  # type: ignore[no-untyped-def]
    if name == "none":
        return None
    if name == "start":
        return start_position(BOARD)
    return position_from_json(BOARD, DATA["positions"][name])


@pytest.mark.parametrize("group,entry", _cases())
def test_line_reads_as_expected(group: dict[str, Any], entry: list[str]) -> None:
    text, status, expected = entry[:3]
    code = entry[3] if len(entry) > 3 else None
    report = parse_orders(
        BOARD, text, power=group.get("power"), position=_position(group.get("position", "none")),
        lang=group.get("lang", "it"), classify=line_kinds,  # each line as a mail's, like `arbitro parse`
    )
    first = report.lines[0]
    got = (first.status, format_order(first.order, ENGLISH) if first.order else "")
    assert got == (status, expected), first
    if code is not None:
        assert first.code == code, first
    if status != "ok":
        assert line_message(BOARD, first, report.lang)  # a void or ignored line always says why


def test_there_are_at_least_200_lines_in_both_languages() -> None:
    entries = [e for g in DATA["group"] for e in g["lines"]]
    assert len(entries) >= 200
    assert {g.get("lang", "it") for g in DATA["group"]} == {"it", "en"}
    assert sum(e[1] == "void" for e in entries) >= 40  # mistakes included
