"""The state's one JSON writer and reader (the step contract's shape, the store's column): what is
written reads back to the same state, and a state that cannot be is refused with the field."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from arbitro.aae_contract.board_file import load_board
from arbitro.aae_contract.shapes import ContractError
from arbitro.aae_contract.state_json import read_state, write_state
from arbitro.aae_contract.step import step_json
from arbitro.axis_allies.instructions import Instructions, SubmergePolicy
from arbitro.axis_allies.state import CapitalTaken, KeyChain, Victory, frozen_map, initial_state
from arbitro.axis_allies.units import Group

BOARD = load_board()


def test_the_start_reads_back_to_itself() -> None:
    start = initial_state(BOARD, "aae-0001", KeyChain(1, "0" * 64, 1000, 0))
    text = json.dumps(write_state(BOARD, start))
    assert read_state(BOARD, json.loads(text)) == start


def test_a_state_in_the_middle_of_a_turn_reads_back_to_itself() -> None:
    start = initial_state(BOARD, "aae-0001")
    state = replace(
        start, round=3, power="UK", step="noncombat",
        purchase=(("infantry", 2), ("carrier", 1)), conquered=("LIB",),
        capitals_taken=frozen_map({"MOS": CapitalTaken("GERMANY", "R02-GERMANY")}),
        victory=Victory("axis", "R03-GERMANY"), middle_east_payers=("USA", "UK"),
        instructions=frozen_map({"UK": Instructions(losses={"land_defence": ("armour",)},
                                                    submerge=SubmergePolicy("after_round", 1))}))
    state = state.with_control("LIB", "UK").with_cash("UK", 7)
    state = state.with_units("SICS", [
        Group("UK", "transport", 1, cargo=(Group("UK", "aa_gun", 1),), unloaded="LIB", moved=2,
              origin="EMED"),
        Group("UK", "battleship", 1, damaged=True, fought=True),
        Group("UK", "fighter", 2, airborne=True, moved=3, retreated=True)])
    written = write_state(BOARD, state)
    assert written["units"]["SICS"][0]["unloaded"] == "LIB"
    assert read_state(BOARD, json.loads(json.dumps(written))) == state


def test_what_the_state_leaves_out_is_the_starts() -> None:
    assert read_state(BOARD, {"game": "g"}) == initial_state(BOARD, "g")
    assert read_state(BOARD, None).units == initial_state(BOARD, "aae").units


@pytest.mark.parametrize("state,field", [
    ({"units": {"BAL": [{"owner": "GERMANY", "type": "infantry", "count": 1}]}}, "cargo"),
    ({"units": {"GER": [{"owner": "GERMANY", "type": "battleship", "count": 1}]}}, "on land"),
    ({"units": {"SPA": [{"owner": "GERMANY", "type": "infantry", "count": 1}]}}, "R-AAE-MOVE-2"),
    ({"units": {"XYZ": []}}, "unknown space"),
    ({"control": {"SPA": "GERMANY"}}, "state.control"),
    ({"control": {"GER": "ITALY"}}, "unknown holder"),
    ({"cash": {"GERMANY": -1}}, "state.cash.GERMANY"),
    ({"power": "FRANCE"}, "state.power"),
    ({"step": "battle"}, "state.step"),
    ({"purchase": [{"type": "complex", "count": 1}]}, "not for sale"),
    ({"keys": {"chain": 1, "head": "xyz", "length": 10, "used": 0}}, "64 lower-case hex"),
    ({"game": "a|b"}, "'|'"),
    ({"colour": "red"}, "unknown field"),
])
def test_a_state_that_cannot_be_is_refused_naming_the_field(state: dict[str, object],
                                                            field: str) -> None:
    with pytest.raises(ContractError, match=field.replace("|", r"\|").replace("(", r"\(")):
        read_state(BOARD, state)


@pytest.mark.parametrize("data,message", [
    ({"state": {"power": "UK"}, "power": "GERMANY"}, "the state has UK due"),
    ({"step": "noncombat"}, "the state has GERMANY's combat step due"),
    ({"mode": "maybe"}, "mode must be"),
    ({"lang": "fr"}, "lang must be one of"),
    ({"orders": "COMPRA 1 fanteria"}, "orders must be a list"),
    ({"orders": ["COMPRA 1 fanteria\nCOMPRA 1 carro"]}, "line break"),
    ({"orders": [3]}, "must be a string"),
    ({"dice": {"fixed": [7]}}, "from 1 to 6"),
    ({"dice": {"index": 1, "key": "0" * 64}}, "no key chain"),
    ({"dice": {"fixed": []}, "orders": ["MOVE POL: 3 infantry -> EPOL"]}, "ran out"),
    ({"variant": "standard"}, "variant must be"),
])
def test_a_step_input_not_of_the_contracts_shape_is_an_error(data: dict[str, object],
                                                             message: str) -> None:
    doc = {"mode": "run", "orders": [], "dice": {"fixed": []}, **data}
    with pytest.raises(ContractError, match=message):
        step_json(doc)


@pytest.mark.parametrize("text", ["{not json", '{"orders": ["x"], "mode": "run", "dice": {"fixed": [9]}}',
                                  '{"state": {"units": {"GER": [{"owner": "GERMANY"}]}}}'])
def test_the_command_answers_bad_input_with_one_line_and_status_2(text: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "arbitro", "aae", "step"], input=text,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
