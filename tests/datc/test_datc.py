"""The DATC and the other adjudication cases of this folder, one test per case id.

Each case gives a position, orders, and what must follow: the units right after the
phase (``outcome.after``), the dislodged units, and per-order results where known
("succeeds"; anything else, void included, counts as not succeeding).
"""

from __future__ import annotations

import pytest
from datc_cases import expected_units, load_cases, position_of, read_orders, unit_key

from arbitro.game.outcome import Result
from arbitro.game.phases import play
from arbitro.game.rules import Rules
from arbitro.variants import load_board

CASES = load_cases()
RULES = Rules(defaults="standard")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_case(case, datc_tally):
    board = load_board("standard")
    position = position_of(board, case)
    orders = read_orders(board, case)
    datc_tally["void_on_reading"] += len(orders.unreadable)
    outcome = play(board, position, orders.by_power, RULES)
    after = outcome.after
    assert after is not None, "play() gave no position right after the phase"

    problems: list[str] = []
    expect = case.get("expect", {})
    if "units" in expect:
        got = sorted(unit_key(u) for u in after.units)
        want = expected_units(expect["units"])
        if got != want:
            problems.append(_diff("units", got, want))
    if "dislodged" in expect:
        got = sorted(unit_key(d.unit) for d in after.dislodged)
        want = expected_units(expect["dislodged"])
        if got != want:
            problems.append(_diff("dislodged", got, want))
    for text, want_retreats in expect.get("retreats", {}).items():
        found = [d for d in after.dislodged if f"{d.unit.kind} {d.unit.location}" == text]
        got_retreats = list(found[0].retreats) if found else None
        if got_retreats != sorted(want_retreats):
            problems.append(f"retreats of {text}: got {got_retreats}, want {want_retreats}")
    for power, wanted in expect.get("results", {}).items():
        for text, want in wanted.items():
            got = _result_of(outcome, orders.read.get((power, text)))
            if (got == Result.SUCCEEDS.value) != (want == "succeeds"):
                problems.append(f"{power} {text}: got {got}, want {want}")
    assert not problems, "\n".join(problems)


def _result_of(outcome, order) -> str:
    if order is None:
        return "not an order of this case"
    if isinstance(order, str):
        return f"void on reading ({order})"
    for r in outcome.results:
        if r.order == order:
            return r.result.value + (f" ({r.reason})" if r.reason else "")
    return "no result"


def _diff(what: str, got, want) -> str:
    extra = [u for u in got if u not in want]
    missing = [u for u in want if u not in got]
    return f"{what}: unexpected {_units(extra)}; missing {_units(missing)}"


def _units(units) -> str:
    return ", ".join(f"{p} {k} {loc}" for p, k, loc in units) or "-"
