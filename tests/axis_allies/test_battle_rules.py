"""Rules of the battle engine no FAQ ruling covers on its own, through the ``battle`` contract:
fighters left without a carrier, cargo lost with its ship, who chooses a mixed stack's losses,
escorts and interceptors, the dice themselves; and the refusals of input not of the shape."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from arbitro.aae_contract.shapes import ContractError
from arbitro.cli.aae import answer
from arbitro.fairness.dice import DieName, die


def battle(**fields: Any) -> dict[str, Any]:
    data = {"variant": "aae_europe", "attacker": "GERMANY", **fields}
    return answer("battle", json.dumps(data))


def G(owner: str, type_: str, count: int = 1, **more: Any) -> dict[str, Any]:
    return {"owner": owner, "type": type_, "count": count, **more}


def test_fighters_of_a_sunk_carrier_are_homeless_unless_another_has_room():
    """R-AAE-COMBAT-13: a defending fighter outlives its carrier; after the battle it keeps a
    carrier's room if there is one, else the step must land it."""
    out = battle(kind="sea", space="NTH",
                 attacking=[G("GERMANY", "submarine", 2)],
                 defending=[G("UK", "carrier", 1, cargo=[G("UK", "fighter", 2)]),
                            G("USA", "carrier", 1, cargo=[G("USA", "fighter", 1)])],
                 instructions={"UK": {"losses": {"sea_defence": ["carrier"]}}},
                 dice={"fixed": [1, 6,  2,  6,  1]})
    # Round 1: the first strike sinks the UK's carrier (the UK chooses: it has 18 + 24 at stake
    # against the USA's 18 + 12); both its fighters fight on, though with no destroyer of their
    # side they cannot hit submarines and roll nothing: only the carrier does.
    assert [[d["type"] for d in r["dice"]] for r in out["rolls"]] == [
        ["submarine", "submarine"], ["carrier"], ["submarine"], ["carrier"]]
    assert out["casualties"][0]["type"] == "carrier" and out["casualties"][0]["owner"] == "UK"
    assert out["result"]["end"] == "attacker_gone"
    # The USA's carrier has room for one more fighter: one British fighter lands there (as its
    # cargo), the other is homeless.
    assert out["result"]["defending"] == [
        {"owner": "USA", "type": "carrier", "count": 1, "fought": True,
         "cargo": [{"owner": "UK", "type": "fighter", "count": 1, "fought": True},
                   {"owner": "USA", "type": "fighter", "count": 1, "fought": True}]}]
    assert out["result"]["homeless_fighters"] == [
        {"owner": "UK", "type": "fighter", "count": 1, "fought": True}]


def test_cargo_is_lost_with_its_ship_and_never_fights():
    """R-AAE-COMBAT-11, R-AAE-UNIT-9: a transport's land units and the allied fighters aboard
    an attacking carrier are lost with it; those fighters roll nothing."""
    out = battle(kind="sea", space="CEL", attacker="UK",
                 attacking=[G("UK", "carrier", 1, cargo=[G("USA", "fighter", 2)]),
                            G("UK", "transport", 1, cargo=[G("UK", "infantry", 2)])],
                 defending=[G("GERMANY", "destroyer", 1)],
                 dice={"fixed": [6,  1,  6,  1]})
    assert [d["type"] for d in out["rolls"][0]["dice"]] == ["carrier"]
    assert [(c["type"], c["round"]) for c in out["casualties"]] == [("transport", 1),
                                                                     ("carrier", 2)]
    lost = [(e["event"], e["units"]) for e in out["events"]]
    assert lost == [("cargo_lost", [G("UK", "infantry", 2)]),
                    ("cargo_lost", [G("USA", "fighter", 2)])]
    assert out["result"]["end"] == "attacker_gone"


def test_at_sea_the_power_with_most_at_stake_chooses_ties_in_turn_order():
    """R-AAE-PBEM-5: 12 + 12 for the USA against a 24 battleship of the UK: a tie, and the UK
    comes first in turn order; its own battleship's first hit before the USA's destroyers."""
    out = battle(kind="sea", space="ATL",
                 attacking=[G("GERMANY", "submarine", 1)],
                 defending=[G("USA", "destroyer", 2), G("UK", "battleship", 1)],
                 dice={"fixed": [1, 6, 6, 6,  6, 1, 6, 6]})
    assert out["casualties"][0]["why"].startswith("UK sea_defence #")
    assert (out["casualties"][0]["owner"], out["casualties"][0]["place"]) == ("UK", "first_hit")
    assert out["rolls"][1]["by"] == "UK"
    assert out["result"]["end"] == "attacker_gone"


def test_escorts_hit_interceptors_on_one_and_interceptors_hit_on_two():
    out = battle(kind="raid", space="GBR", controller="UK",
                 attacking=[G("GERMANY", "bomber", 1)], escorts=[G("GERMANY", "fighter", 2)],
                 defending=[G("UK", "fighter", 2)], defender_cash=30,
                 dice={"fixed": [1, 2,  2, 3,  6]})
    escort, intercept, _damage = out["rolls"]
    assert [(d["value"], d["hit"]) for d in escort["dice"]] == [(1, True), (1, False)]
    assert [(d["value"], d["hit"]) for d in intercept["dice"]] == [(2, True), (2, False)]
    # Both sides' losses go after both fired: the hit interceptor fired; the escort goes first
    # by the default raid order; the bomber rolls 6.
    assert [(c["roll"], c["owner"], c["type"]) for c in out["casualties"]] == [
        ("escort", "UK", "fighter"), ("intercept", "GERMANY", "fighter")]
    assert out["result"]["damage"] == 6
    assert out["result"]["defending"] == [G("UK", "fighter", 1)]


def test_no_interceptor_rises_when_the_instruction_says_none():
    out = battle(kind="raid", space="GBR", controller="UK",
                 attacking=[G("GERMANY", "bomber", 1)], escorts=[G("GERMANY", "fighter", 1)],
                 defending=[G("UK", "fighter", 3)], defender_cash=0,
                 instructions={"UK": {"intercept": {"default": "none"}}},
                 dice={"fixed": [4]})
    assert [r["roll"] for r in out["rolls"]] == ["damage"]
    assert (out["result"]["damage"], out["result"]["damage_rolled"]) == (0, 4)
    assert "UK: intercept 0 (instruction)" in out["defaults"]


def test_keyed_dice_are_the_rules_dice_in_the_canonical_order():
    key, digest = "ab" * 32, "cd" * 32
    out = battle(kind="land", space="EPOL", controller="USSR",
                 attacking=[G("GERMANY", "armour", 1), G("GERMANY", "infantry", 2),
                            G("GERMANY", "artillery", 1)],
                 defending=[G("USSR", "infantry", 5)],
                 orders={"retreat": {"after_round": 1, "to": "POL"}},
                 dice={"key": key, "game": "aae-0007", "step": "R02-GERMANY", "battle": "EPOL",
                       "digest": digest})
    first = out["rolls"][0]
    # an infantry raised by the artillery first, then infantry, artillery, armour
    assert [(d["type"], d["value"]) for d in first["dice"]] == [
        ("infantry", 2), ("infantry", 1), ("artillery", 2), ("armour", 3)]
    for r in out["rolls"]:
        for d in r["dice"]:
            name = DieName(key, "aae-0007", "R02-GERMANY", "EPOL", r["round"], r["roll"], d["n"],
                           digest)
            assert d["die"] == die(name)
    again = battle(kind="land", space="EPOL", controller="USSR",
                   attacking=[G("GERMANY", "artillery", 1), G("GERMANY", "infantry", 2),
                              G("GERMANY", "armour", 1)],
                   defending=[G("USSR", "infantry", 5)],
                   orders={"retreat": {"after_round": 1, "to": "POL"}},
                   dice={"key": key, "game": "aae-0007", "step": "R02-GERMANY", "battle": "EPOL",
                         "digest": digest})
    assert again["rolls"] == out["rolls"]  # the order of the input changes no die


@pytest.mark.parametrize("fields,message", [
    ({"kind": "land", "space": "UKR", "defending": [G("USSR", "infantry"), G("UK", "infantry")],
      "attacking": [G("GERMANY", "infantry")], "dice": {"fixed": [1]}}, "controller is needed"),
    ({"kind": "land", "space": "UKR", "controller": "USSR", "defending": [G("USSR", "infantry")],
      "attacking": [G("GERMANY", "infantry")], "dice": {"fixed": []}}, "fixed dice ran out"),
    ({"kind": "land", "space": "UKR", "controller": "USSR", "defending": [G("USSR", "infantry")],
      "attacking": [G("GERMANY", "infantry")], "dice": {"fixed": [7]}}, "from 1 to 6"),
    ({"kind": "sea", "space": "BAL", "defending": [G("USSR", "infantry")],
      "attacking": [G("GERMANY", "submarine")], "dice": {"fixed": []}}, "no infantry in a sea"),
    ({"kind": "land", "space": "UKR", "controller": "USSR", "defending": [G("USSR", "tank")],
      "dice": {"fixed": []}}, "unknown unit type 'tank'"),
    ({"kind": "land", "space": "UKR", "controller": "USSR",
      "attacking": [G("GERMANY", "infantry", 1, damage=True)], "dice": {"fixed": []}},
     "unknown field 'damage'"),
    ({"kind": "land", "space": "UKR", "controller": "USSR",
      "attacking": [G("GERMANY", "infantry", 1, damaged=True)], "dice": {"fixed": []}},
     "only a unit that takes two hits can be damaged"),
    ({"kind": "battle", "space": "UKR", "dice": {"fixed": []}}, "kind must be one of"),
    ({"kind": "sea", "space": "BAL", "attacking": [G("GERMANY", "submarine")],
      "orders": {"submerge": {"from_round": 1}}, "dice": {"fixed": []}}, "from_round must be"),
    ({"kind": "sea", "space": "BAL", "attacking": [G("GERMANY", "submarine")],
      "instructions": {"UK": {"submerge": {"default": "sometimes"}}}, "dice": {"fixed": []}},
     "not never, after_round:N or when_alone"),
    ({"kind": "land", "space": "UKR", "controller": "USSR",
      "attacking": [G("GERMANY", "infantry", 10**9)], "dice": {"fixed": []}},
     "no board holds more than 1000"),
    ({"kind": "sea", "space": "BAL",
      "attacking": [G("GERMANY", "transport", 1, cargo=[G("GERMANY", "fighter")])],
      "dice": {"fixed": []}}, "a transport carries land units, not a fighter"),
    ({"kind": "sea", "space": "BAL",
      "attacking": [G("GERMANY", "destroyer", 1, cargo=[G("GERMANY", "infantry")])],
      "dice": {"fixed": []}}, "only transports and carriers carry units"),
    ({"kind": "sea", "space": "BAL",
      "attacking": [G("GERMANY", "carrier", 1,
                      cargo=[G("GERMANY", "fighter", 1, cargo=[G("GERMANY", "infantry")])])],
      "dice": {"fixed": []}}, "a carrier carries fighters|cargo carries no cargo"),
    ({"kind": "flak", "space": "NLB", "attacking": [G("GERMANY", "bomber")],
      "dice": {"key": "ab" * 32, "game": "g", "step": "s", "digest": "d"}}, "dice.battle is needed"),
])
def test_input_not_of_the_shape_is_an_input_error(fields, message):
    with pytest.raises(ContractError, match=message):
        battle(**fields)


def test_the_command_answers_bad_input_with_one_line_and_status_two():
    for text in ("{not json", "[]", json.dumps({"kind": "land"})):
        done = subprocess.run([sys.executable, "-m", "arbitro", "aae", "battle"], input=text,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1
        assert done.stderr.startswith("arbitro aae battle: ")
