"""The parser's public surface: phase_kind without a position, parse_one for the
adjudicate contract, sections that set the phase's meaning, several orders a line."""

from __future__ import annotations

from arbitro.diplomacy.orders import ENGLISH, ITALIAN, Disband, Move, Retreat, format_order
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_one, parse_orders
from arbitro.diplomacy.reading.reports import OK, VOID, LineReport
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")


def _orders(text: str, **kw) -> list[str]:  # type: ignore[no-untyped-def]
    return [format_order(o, ENGLISH) for o in parse_orders(BOARD, text, **kw).orders]


def test_phase_kind_without_position_reads_moves_as_retreats() -> None:
    assert _orders("A Ola - Bel", phase_kind="R") == ["A HOL R BEL"]
    assert _orders("A Ola - Bel") == ["A HOL - BEL"]
    assert _orders("A Ola - Bel", phase_kind="A") == []  # a move in winter is void


def test_sections_give_bare_units_their_meaning() -> None:
    assert _orders("Costruzioni:\nA Ber\nF Kie", phase_kind="A", power="GERMANY") == ["A BER B", "F KIE B"]
    assert _orders("Scioglimenti:\nA Ber", phase_kind="A", power="GERMANY") == ["A BER D"]
    report = parse_orders(BOARD, "A Ber", phase_kind="A")
    assert report.lines[0].code == "build_or_disband"


def test_parse_one_gives_the_reading_or_why_not() -> None:
    position = start_position(BOARD)
    got = parse_one(BOARD, "Armata Parigi va in Borgogna", power="FRANCE", position=position)
    assert got == Move("FRANCE", "A", "PAR", "BUR")
    # illegal on the board, but read: the adjudicator says why it is void
    assert parse_one(BOARD, "A Par - Lon", power="FRANCE", position=position) == Move("FRANCE", "A", "PAR", "LON")
    assert parse_one(BOARD, "ciao a tutti", power="FRANCE") is None  # nothing like an order
    why = parse_one(BOARD, "A Bud APP A Gal", power="AUSTRIA")  # R-ORD-4
    assert isinstance(why, LineReport) and why.status == VOID and why.code == "support_unclear"


def test_several_orders_on_one_line_keep_the_line_number() -> None:
    report = parse_orders(BOARD, "\nA Ven - Tri; A Rom - Pug, F Nap - ION  A Mar - Pie")
    assert [(r.line, r.status) for r in report.lines] == [(2, OK)] * 4
    assert [r.text for r in report.lines][:3] == ["A Ven - Tri", "A Rom - Pug", "F Nap - ION  A Mar - Pie"]


def test_formatter_writes_italian_notation() -> None:
    assert format_order(Retreat("GERMANY", "A", "HOL", "RUH"), ITALIAN, BOARD) == "A Ola - Ruh"
    assert format_order(Disband("GERMANY", "A", "HOL"), ITALIAN, BOARD) == "SCIOLGO A Ola"
    assert format_order(Move("RUSSIA", "F", "BLA", "BUL/EC"), ITALIAN, BOARD) == "F MNE - Bul(ec)"
    assert format_order(Move("RUSSIA", "A", "MOS", "LVN"), ITALIAN, BOARD) == "A Mos - Livonia"  # Liv names two


def test_void_lines_always_say_why_in_the_players_language() -> None:
    for lang, word in (("it", "confina"), ("en", "border")):
        (line,) = parse_orders(BOARD, "F Nap - Tun", lang=lang).lines
        assert line.status == VOID and word in line_message(BOARD, line, lang)
