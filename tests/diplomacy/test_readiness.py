"""The readiness check (issue 16): what a power still owes in a phase, and whether its
orders are complete, in movement, retreat and winter phases."""

from __future__ import annotations

from arbitro.diplomacy.orders import Build, Disband, Hold, Move, Retreat, Support, Waive
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Dislodged, Unit, make_position, start_position
from arbitro.diplomacy.readiness import readiness
from arbitro.variants import load_board

BOARD = load_board("standard")
START = start_position(BOARD)


def test_movement_counts_only_valid_orders_for_the_powers_own_units() -> None:
    orders = [Move("FRANCE", "A", "PAR", "BUR"), Hold("FRANCE", "F", "BRE")]
    r = readiness(BOARD, START, "FRANCE", orders)
    assert [str(u) for u in r.unordered] == ["A MAR"] and not r.ready and r.asked
    # An illegal order (Marseilles cannot reach Munich) leaves its unit unordered.
    r = readiness(BOARD, START, "FRANCE", [*orders, Move("FRANCE", "A", "MAR", "MUN")])
    assert [str(u) for u in r.unordered] == ["A MAR"]
    # A support of a foreign unit is a valid order; an order for a foreign unit is not.
    done = [*orders, Support("FRANCE", "A", "MAR", "A", "PAR", "BUR")]
    assert readiness(BOARD, START, "FRANCE", done).ready
    assert not readiness(BOARD, START, "GERMANY", [Hold("FRANCE", "A", "MUN")]).ready


def test_a_power_with_no_units_is_asked_nothing_and_ready() -> None:
    position = make_position("S1905M", [Unit("ITALY", "A", "ROM")], {"ROM": "ITALY"})
    r = readiness(BOARD, position, "FRANCE", [])
    assert r.ready and not r.asked


def _retreat_position() -> tuple[Dislodged, Dislodged]:
    one = Dislodged(Unit("GERMANY", "A", "HOL"), ("KIE", "RUH"))
    stuck = Dislodged(Unit("GERMANY", "F", "DEN"), ())
    return one, stuck


def test_retreats_need_an_order_only_where_a_unit_can_go() -> None:
    one, stuck = _retreat_position()
    position = make_position("F1902R", [Unit("ENGLAND", "A", "BEL")], {"KIE": "GERMANY"},
                             [one, stuck])
    r = readiness(BOARD, position, "GERMANY", [])
    assert [d.unit for d in r.unretreated] == [one.unit] and r.unretreated[0].retreats == ("KIE", "RUH")
    assert not r.ready
    # A retreat somewhere it cannot go is void: still owed.
    assert not readiness(BOARD, position, "GERMANY", [Retreat("GERMANY", "A", "HOL", "BEL")]).ready
    assert readiness(BOARD, position, "GERMANY", [Retreat("GERMANY", "A", "HOL", "RUH")]).ready
    assert readiness(BOARD, position, "GERMANY", [Disband("GERMANY", "A", "HOL")]).ready
    # Written as a move (as many players and the DATC do), it is the same retreat.
    assert readiness(BOARD, position, "GERMANY", [Move("GERMANY", "A", "HOL", "KIE")]).ready
    assert readiness(BOARD, position, "ENGLAND", []).ready


def _winter(units: list[Unit], centres: dict[str, str]) -> object:
    return make_position("W1901A", units, centres)


def test_builds_owed_waived_and_over_the_allowance() -> None:
    # France owns its three home centres plus Spain and Portugal, with three units away.
    units = [Unit("FRANCE", "A", "SPA"), Unit("FRANCE", "F", "POR"), Unit("FRANCE", "A", "BUR")]
    centres = {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "SPA": "FRANCE", "POR": "FRANCE"}
    position = make_position("W1901A", units, centres)
    r = readiness(BOARD, position, "FRANCE", [])
    assert (r.owed, r.left, r.ready) == (2, 2, False)
    one = [Build("FRANCE", "A", "PAR")]
    assert readiness(BOARD, position, "FRANCE", one).left == 1
    # A waived build counts as given (R-ADJU-2).
    assert readiness(BOARD, position, "FRANCE", [*one, Waive("FRANCE")]).ready
    # A third build is over the allowance: void, and the first two still stand.
    three = [*one, Build("FRANCE", "F", "BRE"), Build("FRANCE", "A", "MAR")]
    r = readiness(BOARD, position, "FRANCE", three)
    assert r.ready and [(v.order, v.reason) for v in r.over_allowance] == [
        (Build("FRANCE", "A", "MAR"), "too_many_builds")]
    # The phase engine agrees: the same order is void for the same reason.
    outcome = play(BOARD, position, {"FRANCE": three})
    assert [(x.order, x.reason) for x in outcome.results if x.reason] == [
        (Build("FRANCE", "A", "MAR"), "too_many_builds")]
    # A build on a wrong site is void and leaves the build owed.
    r = readiness(BOARD, position, "FRANCE", [Build("FRANCE", "A", "SPA"), *one])
    assert r.left == 1 and [v.reason for v in r.void] == ["not_home_centre"] and not r.over_allowance


def test_disbands_owed_and_a_power_that_may_not_build() -> None:
    units = [Unit("ITALY", "A", "VEN"), Unit("ITALY", "A", "ROM"), Unit("ITALY", "F", "NAP")]
    position = make_position("W1901A", units, {"ROM": "ITALY", "NAP": "ITALY"})
    r = readiness(BOARD, position, "ITALY", [])
    assert (r.owed, r.left, r.ready) == (-1, -1, False)
    assert readiness(BOARD, position, "ITALY", [Disband("ITALY", "A", "VEN")]).ready
    r = readiness(BOARD, position, "ITALY", [Disband("ITALY", "A", "VEN"), Disband("ITALY", "A", "ROM")])
    assert r.ready and [v.reason for v in r.over_allowance] == ["too_many_disbands"]
    r = readiness(BOARD, position, "ITALY", [Build("ITALY", "A", "VEN")])
    assert not r.ready and [v.reason for v in r.over_allowance] == ["no_builds"]
    # A power with as many units as centres owes nothing; a build from it is void.
    r = readiness(BOARD, position, "FRANCE", [Build("FRANCE", "A", "PAR")])
    assert r.ready and not r.asked and [v.reason for v in r.void] == ["no_builds"]
