"""Issue 14, #5: the reader tried as a new Italian user would. Every line of the issue is
read right, or answered with a precise question (more phrasings are in lines.toml)."""

from __future__ import annotations

import pytest

from arbitro.contract import position_from_json
from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import OK, VOID
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")
SPRING = position_from_json(BOARD, {"phase": "S1902M", "units": {
    "FRANCE": ["A MAR", "A PAR", "F BRE"], "RUSSIA": ["F STP/NC", "A WAR"], "ITALY": ["F ION", "A VEN"],
    "AUSTRIA": ["A GAL", "A BUD"], "ENGLAND": ["F LON"], "GERMANY": ["A BEL", "F KIE"]}})
WINTER = position_from_json(BOARD, {
    "phase": "W1901A",
    "units": {"FRANCE": ["A PIC", "A BUR", "F MAO"], "ITALY": ["F ION", "A VEN", "A TUN", "F TYS"]},
    "centers": {"FRANCE": ["BRE", "PAR", "MAR", "SPA", "POR"], "ITALY": ["ROM", "NAP", "VEN"]},
})


@pytest.mark.parametrize(("text", "position", "power", "expected"), [
    ("costruisco una flotta a Brest", WINTER, "FRANCE", "F BRE B"),  # not an army: "a" is "at"
    ("nuova flotta a Brest", WINTER, "FRANCE", "F BRE B"),
    ("A Mar sostiene A Par a Bor", SPRING, "FRANCE", "A MAR S A PAR - BUR"),  # Bor: Borgogna
    ("F S. Pietroburgo (cn) - Mare di Barents", SPRING, "RUSSIA", "F STP/NC - BAR"),
    ("Sciolgo F Ion", WINTER, "ITALY", "F ION D"),
    ("A Warsavia - Ucraina", SPRING, "RUSSIA", "A WAR - UKR"),  # the seed's spelling
    ("F Bre - Canale della Manica", SPRING, "FRANCE", "F BRE - ENG"),
    ("A Bel - Paesi Bassi", SPRING, "GERMANY", "A BEL - HOL"),
    ("F Kie - Elgoland", SPRING, "GERMANY", "F KIE - HEL"),
    ("A Bud APP A Gal in difesa", SPRING, "AUSTRIA", "A BUD S A GAL H"),
    ("A Ven stallo", SPRING, "ITALY", "A VEN H"),
])
def test_the_issue_lines_are_read_right(text: str, position, power: str, expected: str) -> None:  # type: ignore[no-untyped-def]
    (line,) = parse_orders(BOARD, text, power=power, position=position).lines
    assert (line.status, format_order(line.order, ENGLISH) if line.order else "") == (OK, expected), line


def test_a_support_without_its_unit_is_a_precise_question() -> None:
    (line,) = parse_orders(BOARD, "APP A Gal in difesa", power="AUSTRIA", position=SPRING).lines
    assert (line.status, line.order, line.code) == (VOID, None, "no_supporter")
    assert line_message(BOARD, line, "it").startswith("ordine incompleto: quale unità appoggia «A Gal in difesa»?")
    assert line.suggestion == "A BUD S A GAL H"  # the only Austrian unit that could
    (line,) = parse_orders(BOARD, "S A Gal H", power="AUSTRIA", position=SPRING, lang="en").lines
    assert line_message(BOARD, line, "en").startswith("incomplete order: which unit supports «A Gal H»?")


def test_a_saint_abbreviated_is_read_from_the_boards_own_names() -> None:
    """'S.' before a name is the saint's word of the board's name (San Francisco on the
    Imperial map, as San Pietroburgo on the standard one), not a support."""
    board = load_board("imperial1871")
    report = parse_orders(board, "A S. Francisco H")
    assert [format_order(o) for o in report.orders] == ["A SFO H"]
    # a support written "S." stays a support where no name follows
    spring = parse_orders(BOARD, "A Mar S. A Par - Bur", power="FRANCE", position=SPRING)
    assert [format_order(o) for o in spring.orders] == ["A MAR S A PAR - BUR"]
