"""The case files themselves: well formed, and every position legal on the standard map."""

from __future__ import annotations

import re
import tomllib

import pytest
from datc_cases import case_files, load_cases, position_of, read_orders, steps, units_by_power

from arbitro.diplomacy.position import Phase
from arbitro.variants import load_board

CASES = load_cases()
IDS = [c["id"] for c in CASES]
KNOWN_KEYS = {"id", "title", "phase", "issues", "units", "centres", "orders", "expect", "next",
              "_file"}
STEP_KEYS = {"phase", "orders", "expect"}
RESULTS = {"succeeds", "fails"}


@pytest.mark.parametrize("path", case_files(), ids=lambda p: p.name)
def test_file_parses(path):
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    assert data.get("case"), f"{path.name} holds no [[case]]"


def test_ids_are_unique():
    assert len(IDS) == len(set(IDS)), sorted({i for i in IDS if IDS.count(i) > 1})


def test_every_datc_v3_id_is_present():
    # DATC v3.0: 6.A 12, 6.B 15, 6.C 9, 6.D 34, 6.E 15, 6.F 25, 6.G 20, 6.H 16, 6.I 7, 6.J 11.
    sizes = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
    wanted = {f"6.{s}.{n}" for s, size in sizes.items() for n in range(1, size + 1)}
    have = {re.sub(r"-.*$", "", i) for i in IDS}
    assert wanted - have == set()


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_case_is_well_formed(case):
    assert set(case) <= KNOWN_KEYS, set(case) - KNOWN_KEYS
    assert case["title"].strip()
    Phase.parse(case["phase"])
    board = load_board("standard")
    for u in units_by_power(case.get("units", {})):
        assert u.power in board.powers, u
        assert board.unit_can_stand(u.kind, u.location), f"{u.kind} {u.location}"
    position_of(board, case)  # two units in one province would raise here
    # A case starts where a game can: the engine derives dislodged units, retreats
    # and standoffs from the movement phase, so a case never starts in a retreat phase.
    assert not case["phase"].endswith("R"), "a retreat case starts from its movement phase"
    for step in steps(case):
        assert set(step) <= (KNOWN_KEYS if step is case else STEP_KEYS), set(step)
        if "phase" in step:
            Phase.parse(step["phase"])
        expect = step.get("expect", {})
        for table in ("units", "dislodged"):
            for u in units_by_power(expect.get(table, {})):
                assert board.unit_can_stand(u.kind, u.location), f"{table}: {u.kind} {u.location}"
        orders = {(p, t) for p, ts in step.get("orders", {}).items() for t in ts}
        for power, results in expect.get("results", {}).items():
            for text, result in results.items():
                assert (power, text) in orders, f"result for an order not given: {power} {text}"
                assert result in RESULTS


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_orders_are_readable(case):
    """Every order is in the canonical notation; the bad ones are bad in substance only."""
    board = load_board("standard")
    assert all(read_orders(board, step).unreadable == {} for step in steps(case))
