"""Kinds and statuses are StrEnum members (issue 15): code compares members, while JSON,
stored data and printed text keep the very same words as before."""

from __future__ import annotations

import json

from arbitro.cli.parse import report_json
from arbitro.diplomacy.board import Terrain
from arbitro.diplomacy.first_pass import Kind, check_movement_orders
from arbitro.diplomacy.orders import Convoy, Hold, Move, Support
from arbitro.diplomacy.outcome import Source
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import LineStatus
from arbitro.service.reply import ReplyStatus
from arbitro.variants import load_board

BOARD = load_board("standard")


def test_each_unit_gets_one_effective_kind_member() -> None:
    # R-ORD-3: one order per unit; units without one hold.
    position = start_position(BOARD)
    orders = [
        (Move("FRANCE", "A", "PAR", "BUR"), Source.PLAYER),
        (Support("FRANCE", "A", "MAR", "A", "PAR", "BUR"), Source.PLAYER),
        (Hold("FRANCE", "F", "BRE"), Source.PLAYER),
        (Convoy("ENGLAND", "F", "LON", "LVP", "YOR"), Source.PLAYER),  # matches no move: void
    ]
    eff = check_movement_orders(BOARD, position, orders).effective
    assert eff["PAR"] is Kind.MOVE
    assert eff["MAR"] is Kind.SUPPORT
    assert eff["BRE"] is Kind.HOLD
    assert eff["LON"] is Kind.HOLD  # the unmatched convoy holds
    assert eff["MOS"] is Kind.HOLD  # no order: holds
    assert {type(k) for k in eff.values()} == {Kind}


def test_line_statuses_are_members_and_keep_their_words_in_json() -> None:
    text = "Ciao a tutti\nA Par - Bur\nA Par - Lon\n"
    report = parse_orders(BOARD, text, power="FRANCE", position=start_position(BOARD))
    statuses = [r.status for r in report.lines]
    assert all(type(s) is LineStatus for s in statuses)
    assert LineStatus.OK in statuses and LineStatus.VOID in statuses
    out = json.dumps(report_json(BOARD, report))
    assert '"status": "ok"' in out and '"status": "void"' in out
    assert "LineStatus" not in out


def test_enum_words_are_the_stored_words() -> None:
    assert [str(t) for t in Terrain] == ["land", "coast", "sea", "impassable"]
    assert f"{Terrain.COAST}" == "coast" and Terrain("sea") is Terrain.SEA
    assert [str(s) for s in LineStatus] == ["ok", "void", "ignored"]
    assert [str(k) for k in Kind] == ["hold", "move", "support", "convoy"]
    assert [str(s) for s in ReplyStatus] == ["ok", "refused"]
    assert json.dumps({"s": ReplyStatus.REFUSED}) == '{"s": "refused"}'
