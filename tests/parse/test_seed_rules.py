"""The examples of the Italian rules (seed 000), read exactly as the rules say.

Each test names the rule of ../shared/docs/RULES.md it checks. Expected orders are
written in canonical notation; "void" examples are the document's "ordini errati"
and its list of common errors ("Gli errori più comuni da evitare").
"""

from __future__ import annotations

import pytest

from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.position import Unit, make_position, start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import OK, VOID
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")


def read(text: str, **kw):  # type: ignore[no-untyped-def]
    report = parse_orders(BOARD, text, **kw)
    return [(r.status, format_order(r.order, ENGLISH) if r.order else None, r.code) for r in report.lines]


def one(text: str, **kw):  # type: ignore[no-untyped-def]
    got = read(text, **kw)
    assert len(got) == 1, got
    return got[0]


# (text as in the document, canonical reading)
VALID = [
    ("A Ber XXX", "A BER H"),
    ("A Ven –Tri", "A VEN - TRI"),
    ("F BAL – Sve", "F BAL - SWE"),
    ("A Bud APP A Vie – Tri", "A BUD S A VIE - TRI"),
    ("A Ucr APP F Seb XXX", "A UKR S F SEV H"),
    ("A Lon – Pic", "A LON - PIC"),
    ("F MAN TR A Lon – Pic", "F ENG C A LON - PIC"),
    ("A Spa – Rom", "A SPA - ROM"),
    ("F WMD TR A Spa – Rom", "F WES C A SPA - ROM"),
    ("F MTI TR A Spa – Roma", "F TYS C A SPA - ROM"),
    ("F MNE – Bul(ec)", "F BLA - BUL/EC"),
    ("F BAL – Dan", "F BAL - DEN"),
    ("F Dan – MDN", "F DEN - NTH"),
    ("A Kie - Dan", "A KIE - DEN"),
    ("A Dan - Sve", "A DEN - SWE"),
    ("F MNE – Cos", "F BLA - CON"),
    ("F Cos – EGE", "F CON - AEG"),
    ("A Smi - Cos", "A SMY - CON"),
    ("A Cos - Bul", "A CON - BUL"),
    ("A Mos – Liv", "A MOS - LVN"),
    ("A Liv – Mos", "A LVN - MOS"),
    ("A Tri – Vie", "A TRI - VIE"),
    ("A Vie – Tir", "A VIE - TYR"),
    ("A Tir – Tri", "A TYR - TRI"),
    ("A Pru – Liv", "A PRU - LVN"),
    ("A Var APP A Pru – Liv", "A WAR S A PRU - LVN"),
    ("F MNE APP A Bul-Rum", "F BLA S A BUL - RUM"),
    ("A Sve-Nor", "A SWE - NWY"),
    ("A Fin APP A Sve-Nor", "A FIN S A SWE - NWY"),
    ("A Bud APP A Gal XXX", "A BUD S A GAL H"),
    ("A Bud APP A Var-Gal", "A BUD S A WAR - GAL"),
    ("F MDN TRA A Edi-Nor", "F NTH C A EDI - NWY"),
    ("A Gal-Bud", "A GAL - BUD"),
    ("A Rum APP A Gal-Bud", "A RUM S A GAL - BUD"),
    ("A Bud-Rum", "A BUD - RUM"),
    ("F ADR TRA A Alb-Ven", "F ADR C A ALB - VEN"),
    ("F Seb-MNE", "F SEV - BLA"),
    ("A Bud-Ser", "A BUD - SER"),
]


@pytest.mark.parametrize("text,expected", VALID, ids=[t for t, _ in VALID])
def test_r_ord_1_r_ord_2_examples_of_the_rules_are_read(text: str, expected: str) -> None:
    status, order, _ = one(text)
    assert (status, order) == (OK, expected)


# "Esempi di ordini errati" and the common errors: void, with the rule's reason.
WRONG = [
    ("A Tri - Boe", "A TRI - BOH", "not_adjacent"),  # do not border
    ("F BAL - Sle", "F BAL - SIL", "fleet_inland"),  # no border, and fleets do not go inland
    ("A Ber APP F Bel XXX", "A BER S F BEL H", "support_unreachable"),
    ("A Cos APP A Bul - Rum", "A CON S A BUL - RUM", "support_unreachable"),  # borders the origin only
    ("F Fin APP A Sve-Nor", "F FIN S A SWE - NWY", "support_unreachable"),  # land border only
    ("A Rum APP F Seb-MNE", "A RUM S F SEV - BLA", "support_unreachable"),  # army into open sea
    ("F Tri APP A Bud-Ser", "F TRI S A BUD - SER", "support_unreachable"),  # fleet inland
    ("F Tri TRA A Alb-Ven", "F TRI C A ALB - VEN", "convoy_not_sea"),  # R-ORD-6
]


@pytest.mark.parametrize("text,order,code", WRONG, ids=[t for t, _, _ in WRONG])
def test_r_ord_3_wrong_orders_of_the_rules_are_void(text: str, order: str, code: str) -> None:
    assert one(text) == (VOID, order, code)


def test_r_ord_4_support_without_hold_or_move_is_void_with_a_suggestion() -> None:
    report = parse_orders(BOARD, "A Bud APP A Gal")
    (line,) = report.lines
    assert (line.status, line.order, line.code) == (VOID, None, "support_unclear")
    assert line.suggestion == "A BUD S A GAL H"
    message = line_message(BOARD, line, report.lang)
    assert "A Bud APP A Galizia XXX" in message and "A Bud APP A Galizia - ..." in message


def test_r_ord_4_english_games_may_read_it_as_support_hold() -> None:
    assert one("A Bud S A Gal", lang="en", strict_support=False) == (OK, "A BUD S A GAL H", "accepted")


def test_r_ord_4_support_hold_for_a_unit_ordered_to_move_is_void() -> None:
    """Appoggio in seconda istanza: "A Gal-Var" and "A Bud APP A Gal XXX"."""
    got = read("A Gal-Var\nA Bud APP A Gal XXX")
    assert got == [(OK, "A GAL - WAR", "accepted"), (VOID, "A BUD S A GAL H", "support_hold_of_move")]
    got = read("A Pru – Liv, A Var APP A Pru", strict_support=False)
    assert got == [(OK, "A PRU - LVN", "accepted"), (VOID, "A WAR S A PRU H", "support_hold_of_move")]
    got = read("A Pru – Liv, A Var APP A Pru")  # strict: unclear in the first place
    assert got[1][0] == VOID and got[1][2] == "support_unclear"


def test_r_ord_1_stall_examples_with_powers_named() -> None:
    text = (
        "Russia: A Mos XXX\nGermania: A Liv – Mos\nItalia: A Var APP A Liv – Mos\n"
        "Turchia: A Seb APP A Mos XXX\nFrancia F MNE – Seb"
    )
    report = parse_orders(BOARD, text)
    assert [(r.status, r.order and format_order(r.order, ENGLISH), r.order and r.order.power) for r in report.lines] == [
        (OK, "A MOS H", "RUSSIA"),
        (OK, "A LVN - MOS", "GERMANY"),
        (OK, "A WAR S A LVN - MOS", "ITALY"),
        (OK, "A SEV S A MOS H", "TURKEY"),
        (OK, "F BLA - SEV", "FRANCE"),
    ]


def test_r_ord_1_order_followed_by_the_documents_comment() -> None:
    """ "Germania: A Liv – Mos è stallo": the order, and the words after it ignored."""
    got = read("Russia: A Mos XXX, Germania: A Liv – Mos è stallo.")
    assert [(s, o) for s, o, _ in got] == [(OK, "A MOS H"), (OK, "A LVN - MOS")]
    assert got[1][2] == "trailing"


def test_r_ord_5_fleet_to_split_coast_must_name_it() -> None:
    """ "Gli ordini impartiti alle flotte devono specificare la costa": void when the
    option infer_single_coast is off; inferred (one coast reachable) when on."""
    assert one("F MNE – Bul", infer_single_coast=False)[::2] == (VOID, "coast_needed")
    assert one("F MNE – Bul") == (OK, "F BLA - BUL/EC", "coast_inferred")
    assert one("F Cos - Bul")[::2] == (VOID, "coast_needed")  # both coasts reachable


def test_r_ord_3_unit_without_order_and_one_order_per_unit() -> None:
    report = parse_orders(BOARD, "A Ber", position=start_position(BOARD), power="GERMANY")
    (line,) = report.lines
    assert (line.status, line.code, line.suggestion) == (VOID, "no_order", "A BER H")
    got = read("A Ven - Tri\nA Ven - Tir", power="ITALY", position=start_position(BOARD))
    assert got == [(VOID, "A VEN - TRI", "superseded"), (OK, "A VEN - TYR", "accepted")]


def test_r_ord_7_orders_for_another_powers_units_are_refused() -> None:
    got = one("A Par - Bur", power="ITALY", position=start_position(BOARD))
    assert got == (VOID, "A PAR - BUR", "wrong_power")
    got = one("Francia: A Par - Bur", power="ITALY")
    assert got == (VOID, "A PAR - BUR", "other_power")


def test_r_ord_2_liv_is_settled_by_the_board_or_named_both_ways() -> None:
    assert one("A Liv - Mos") == (OK, "A LVN - MOS", "accepted")  # only Livonia borders Moscow
    assert one("A Liv - Yor") == (OK, "A LVP - YOR", "accepted")  # only Liverpool borders Yorkshire
    status, order, code = one("A Liv XXX")
    assert (status, order, code) == (VOID, None, "ambiguous")
    (line,) = parse_orders(BOARD, "A Liv XXX").lines
    assert "Livonia" in line_message(BOARD, line, "it") and "Liverpool" in line_message(BOARD, line, "it")
    england = start_position(BOARD)  # England's army stands in Liverpool
    assert one("A Liv XXX", position=england, power="ENGLAND") == (OK, "A LVP H", "accepted")
    russia = make_position("S1902M", [Unit("RUSSIA", "A", "LVN")], {})
    assert one("A Liv XXX", position=russia, power="RUSSIA") == (OK, "A LVN H", "accepted")
    # Gal: Galizia or Galles (Wales): an army in Galicia moving to Warsaw is Galizia
    assert one("A Gal - Var") == (OK, "A GAL - WAR", "accepted")
    assert one("F Gal - MAN") == (OK, "F WAL - ENG", "accepted")
