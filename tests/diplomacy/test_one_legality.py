"""One legality (issue 14): the reader, the ballots and the adjudicator give one verdict.

``arbitro.diplomacy.legality.validate`` is the only place that says whether an order is legal
on the board; these tests give the same order to the three callers and check that they
agree, and that no other order checker or sea-path search is left in the package.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

import arbitro
from arbitro.diplomacy.legality import Void, check_unit_order, validate
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.orders import Move, Support
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import (
    ADJUSTMENT,
    RETREAT,
    Dislodged,
    Unit,
    make_position,
    start_position,
)
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import OK
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

BOARD = load_board("standard")
PACKAGE = Path(arbitro.__file__).parent


def _position():
    units = [
        Unit("FRANCE", "F", "BRE"), Unit("FRANCE", "A", "PAR"), Unit("FRANCE", "A", "MAR"),
        Unit("FRANCE", "F", "MAO"), Unit("FRANCE", "F", "GAS"),
        Unit("GERMANY", "A", "MUN"), Unit("TURKEY", "A", "SER"), Unit("TURKEY", "A", "CON"),
        Unit("RUSSIA", "F", "RUM"), Unit("RUSSIA", "F", "BLA"), Unit("ENGLAND", "F", "NTH"), Unit("ENGLAND", "A", "YOR"),
    ]
    return make_position("S1902M", units, {})


def _adjudicated(position, order):
    outcome = play(BOARD, position, {order.power: [order]}, Rules(defaults="standard"))
    return next(r for r in outcome.results if r.order == order)


# (order as written, its void reason, or None when legal): the three callers must agree.
CASES = [
    ("F BRE - MAO", None),
    ("F BRE - MAO VIA", "convoy_not_army"),  # only armies go by convoy; main moved the fleet
    ("A PAR - MUN", "not_adjacent"),  # Paris is inland: not "not even by convoy"
    ("A MAR - ROM", None),  # may be convoyed: a convoy move (DATC 6.D.32 decides the rest)
    ("A MAR - SEV", "cannot_convoy_there"),
    ("A PAR S A MUN - PIC", "not_adjacent"),  # Munich could never move to Picardy
    ("A PAR S F MAR H", "wrong_kind"),  # Marseilles holds an army; main counted the support
    ("A MAR S A PAR - BUR", None),
    ("F GAS - SPA", None),  # the one coast it reaches (standard, DATC 6.B.2)
    ("F MAO - SPA", "coast_needed"),  # two coasts reachable (DATC 6.B.1)
    ("F NTH C A YOR - NWY", None),
    ("F BRE C A PAR - LON", "convoy_not_sea"),  # R-ORD-6, DATC 6.F.1
    ("F NTH C A YOR - SEV", "cannot_convoy_there"),
    ("F BLA C A MAR - ROM", "convoy_impossible"),  # the Black Sea is on no route (DATC 4.E.1)
]


@pytest.mark.parametrize("text,reason", CASES, ids=[c[0] for c in CASES])
def test_reader_ballots_and_adjudicator_agree(text, reason):
    position = _position()
    power = position.unit_in(text.split()[1]).power
    order = read_order(BOARD, power, text)
    assert not isinstance(order, str)

    verdict = validate(BOARD, order, position, "M", infer_single_coast=True)
    assert (verdict.reason if isinstance(verdict, Void) else None) == reason

    ballot = check_unit_order(BOARD, position, power, order)
    assert (ballot.reason if isinstance(ballot, Void) else None) == reason

    line = parse_orders(BOARD, text, power=power, position=position, phase_kind="M", lang="en").lines[0]
    assert (None if line.status == OK else line.code) == reason, line

    result = _adjudicated(position, order)
    if reason is None:
        assert result.result is not Result.VOID or result.reason in ("no_convoy", "support_mismatch", "convoy_mismatch")
    else:
        assert (result.result, result.reason) == (Result.VOID, reason)


def test_normal_form_fills_in_what_the_board_knows():
    position = _position()
    order = validate(BOARD, Support("FRANCE", None, "MAR", None, "PAR", "BUR"), position, "M")
    assert order == Support("FRANCE", "A", "MAR", "A", "PAR", "BUR")
    assert validate(BOARD, Move("FRANCE", "F", "GAS", "SPA"), position, "M") == Move("FRANCE", "F", "GAS", "SPA/NC")
    # R-ORD-5 under Italian defaults: no coast inferred, the order is void
    assert validate(BOARD, Move("FRANCE", "F", "GAS", "SPA"), position, "M", infer_single_coast=False) == Void(
        "coast_needed", ("SPA", "SPA/NC")
    )


def test_support_of_an_army_ignores_the_coast_it_names():
    """``A CON S A SER - BUL/EC``: an army's move ignores coasts (DATC 6.B.12), so its
    support does too; on main it was void (support_mismatch) and Serbia bounced."""
    position = _position()
    orders = {
        "TURKEY": [read_order(BOARD, "TURKEY", "A SER - BUL"), read_order(BOARD, "TURKEY", "A CON S A SER - BUL/EC")],
        "RUSSIA": [read_order(BOARD, "RUSSIA", "F RUM - BUL/EC")],
    }
    outcome = play(BOARD, position, orders, Rules(defaults="standard"))  # type: ignore[arg-type]
    assert Unit("TURKEY", "A", "BUL") in outcome.next.units


def test_retreats_and_builds_are_judged_by_the_same_module():
    dislodged = Dislodged(Unit("FRANCE", "F", "MAO"), ("BRE", "SPA/NC", "SPA/SC"))
    retreat_phase = make_position("S1902R", [Unit("ENGLAND", "F", "ENG")], {}, [dislodged])
    assert validate(BOARD, read_order(BOARD, "FRANCE", "F MAO R BRE"), retreat_phase, RETREAT) == read_order(
        BOARD, "FRANCE", "F MAO R BRE"
    )
    assert validate(BOARD, read_order(BOARD, "FRANCE", "F MAO R SPA"), retreat_phase, RETREAT) == Void(
        "retreat_invalid", ("SPA", "BRE, SPA/NC, SPA/SC")
    )
    assert validate(BOARD, read_order(BOARD, "ENGLAND", "F ENG R LON"), retreat_phase, RETREAT) == Void(
        "not_dislodged", ("ENG",)
    )
    winter = start_position(BOARD)
    winter = make_position("W1901A", [u for u in winter.units if u.province != "PAR"], winter.centres)
    assert validate(BOARD, read_order(BOARD, "FRANCE", "A PAR B"), winter, ADJUSTMENT) == read_order(
        BOARD, "FRANCE", "A PAR B"
    )
    assert validate(BOARD, read_order(BOARD, "FRANCE", "F PAR B"), winter, ADJUSTMENT) == Void(
        "cannot_stand", ("F", "PAR")
    )
    assert validate(BOARD, read_order(BOARD, "FRANCE", "A MUN B"), winter, ADJUSTMENT) == Void(
        "not_home_centre", ("MUN", "FRANCE")
    )


def test_sea_paths_on_the_board():
    assert BOARD.convoy_route("LON", "NWY")
    assert BOARD.convoy_route("LVP", "SYR")  # round Iberia into the eastern Med
    assert not BOARD.convoy_route("MAR", "SEV")  # the Black Sea is closed
    assert BOARD.convoy_route("LVP", "BRE", {"IRI", "MAO"})
    assert not BOARD.convoy_route("LVP", "BRE", {"IRI"})
    assert BOARD.convoy_seas("ALB", "BUL") >= {"ION", "AEG"}  # to a split-coast province


# -- no other checker ------------------------------------------------------------

GONE_MODULES = ("arbitro.diplomacy.parse_checks", "arbitro.diplomacy.defaults.legality")
# Functions that answered "is this order legal" or "is there a sea path" before issue 14.
GONE_FUNCTIONS = {
    "route_exists", "sea_path", "convoy_route", "_seas_connected", "_seas_reached", "can_reach",
    "convoyable", "_check_one", "_check_move", "_check_support", "_check_build", "check",
    "_retreat_destination",
}


def test_no_other_order_checker_or_sea_path_search():
    for name in GONE_MODULES:
        assert importlib.util.find_spec(name) is None, name
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.name in GONE_FUNCTIONS:
                where = f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}"
                if not (path.name == "board.py" and node.name == "convoy_route"):
                    found.append(where)
    assert not found, found
