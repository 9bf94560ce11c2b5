"""R-ADJU-1 in the reader's feedback: no more builds or disbands than the winter allows.

Two builds where one is allowed used to be both confirmed OK (issue 14, #5). The first
orders of the mail count, as in adjudication; each one over the allowance is void with
a reason that names the allowance, so the confirmation mail says which orders exceed it.
"""

from __future__ import annotations

from arbitro.contract import position_from_json
from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import OK, VOID
from arbitro.variants import load_board
from arbitro.words.lines import line_message

BOARD = load_board("standard")
# France: 5 centres, 3 units, Brest, Paris and Marseilles free: 2 builds.
# Italy: 3 centres, 4 units: 1 disband.
WINTER = position_from_json(BOARD, {
    "phase": "W1901A",
    "units": {"FRANCE": ["A PIC", "A BUR", "F MAO"], "ITALY": ["F ION", "A VEN", "A TUN", "F TYS"]},
    "centers": {"FRANCE": ["BRE", "PAR", "MAR", "SPA", "POR"], "ITALY": ["ROM", "NAP", "VEN"]},
})


def _read(text: str, power: str, lang: str = "it") -> list[tuple[str, str, str, str]]:
    report = parse_orders(BOARD, text, power=power, position=WINTER, lang=lang)
    return [(r.status, format_order(r.order, ENGLISH) if r.order else "", r.code, line_message(BOARD, r, lang))
            for r in report.lines]


def test_r_adju_1_builds_over_the_allowance_are_void_and_say_so() -> None:
    got = _read("costruisco una flotta a Brest\nnuova armata a Parigi\nA Mar B", "FRANCE")
    assert [g[:3] for g in got] == [
        (OK, "F BRE B", "accepted"), (OK, "A PAR B", "accepted"), (VOID, "A MAR B", "too_many_builds")]
    assert got[2][3] == "costruzione in eccesso: la Francia può costruire 2 unità quest'inverno, e questo ordine non conta"


def test_r_adju_1_the_first_builds_count_as_in_adjudication() -> None:
    text = "F Bre B\nA Par B\nA Mar B"
    report = parse_orders(BOARD, text, power="FRANCE", position=WINTER, lang="en")
    assert line_message(BOARD, report.lines[2], "en") == "one build too many: France may build 2 units this winter, and this order does not count"
    # adjudication of all three keeps the same two
    outcome = play(BOARD, WINTER, {"FRANCE": [o for r in report.lines if (o := r.order) is not None]})
    kept = sorted(format_order(r.order, ENGLISH) for r in outcome.results
                  if r.result.value == "succeeds" and r.order.power == "FRANCE")
    assert kept == ["A PAR B", "F BRE B"]


def test_r_adju_1_a_waiver_uses_a_build() -> None:
    got = _read("F Bre B\nRinuncio\nA Mar B", "FRANCE")
    assert [g[:3] for g in got] == [
        (OK, "F BRE B", "accepted"), (OK, "WAIVE", "accepted"), (VOID, "A MAR B", "too_many_builds")]


def test_r_adju_1_disbands_over_what_is_owed_are_void() -> None:
    got = _read("Sciolgo F Ion\nSciolgo A Tun", "ITALY", lang="en")
    assert [g[:3] for g in got] == [(OK, "F ION D", "accepted"), (VOID, "A TUN D", "too_many_disbands")]
    assert got[1][3] == "one disband too many: Italy must disband 1 unit this winter, and this order does not count"


def test_r_adju_1_builds_where_disbands_are_owed_and_the_reverse() -> None:
    assert _read("Costruisco A Rom", "ITALY")[0][:3] == (VOID, "A ROM B", "no_builds")
    assert _read("Sciolgo A Pic", "FRANCE")[0][:3] == (VOID, "A PIC D", "no_disbands")


def test_a_replaced_build_does_not_use_the_allowance_twice() -> None:
    got = _read("A Mar B\nF Bre B\nF Mar B", "FRANCE")  # Marseilles twice: the later one stands
    assert [g[:3] for g in got] == [
        (VOID, "A MAR B", "superseded"), (OK, "F BRE B", "accepted"), (OK, "F MAR B", "accepted")]
