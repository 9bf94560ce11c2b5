"""``arbitro aae verify`` (AAE_CONTRACT.md (c)): a game's dice recomputed from its revealed keys;
and the dice of a battle run on a key pass it, whatever the battle."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from arbitro.aae_contract.shapes import ContractError
from arbitro.aae_contract.verify import verify_json
from arbitro.cli.aae import answer
from arbitro.fairness.chain import KeyChain
from arbitro.fairness.dice import orders_digest

CHAIN = KeyChain("5e" * 32, length=10)
GAME = "aae-0042"
CANONICAL = ["BUY 2 infantry", "MOVE POL: 3 infantry, 2 armour -> EPOL"]
DIGEST = orders_digest(CANONICAL)


def _battle(step: str, index: int) -> dict[str, Any]:
    """A land battle fought on the step's key, as the referee would."""
    data = {"variant": "aae_europe", "kind": "land", "space": "EPOL", "attacker": "GERMANY",
            "controller": "USSR",
            "attacking": [{"owner": "GERMANY", "type": "infantry", "count": 3},
                          {"owner": "GERMANY", "type": "armour", "count": 2},
                          {"owner": "GERMANY", "type": "fighter", "count": 1, "airborne": True}],
            "defending": [{"owner": "USSR", "type": "infantry", "count": 3},
                          {"owner": "USSR", "type": "aa_gun", "count": 1}],
            "dice": {"key": CHAIN.key(index), "game": GAME, "step": step, "battle": "EPOL",
                     "digest": DIGEST}}
    return answer("battle", json.dumps(data))


def _game() -> dict[str, Any]:
    steps = []
    for index, step in ((1, "R01-GERMANY"), (2, "R01-USSR")):
        out = _battle(step, index)
        steps.append({"chain": 1, "index": index, "step": step, "digest": DIGEST,
                      "canonical": CANONICAL,
                      "rolls": [{"battle": out["battle"], "round": r["round"], "roll": r["roll"],
                                 "dice": [d["die"] for d in r["dice"]]} for r in out["rolls"]]})
    return {"game": GAME, "chains": [{"chain": 1, "head": CHAIN.head, "length": 10}],
            "keys": [{"chain": 1, "index": i, "key": CHAIN.key(i)} for i in (1, 2)],
            "steps": steps}


def test_a_game_played_on_its_keys_verifies():
    game = _game()
    out = verify_json(game)
    dice = sum(len(r["dice"]) for s in game["steps"] for r in s["rolls"])
    assert dice > 10
    assert out == {"ok": True, "keys": 2, "dice": dice, "problems": []}


def test_a_changed_die_is_found_where_it_is():
    game = _game()
    roll = game["steps"][1]["rolls"][1]
    roll["dice"][0] = roll["dice"][0] % 6 + 1
    out = verify_json(game)
    assert not out["ok"]
    assert out["problems"] == [{
        "where": f"R01-USSR EPOL {roll['round']} {roll['roll']} n=1",
        "recorded": roll["dice"][0], "computed": (roll["dice"][0] - 2) % 6 + 1,
        "problem": "the die is not the one its fields give"}]


def test_a_key_off_the_chain_a_reused_key_and_a_wrong_digest():
    game = _game()
    bad = copy.deepcopy(game)
    bad["keys"][1]["key"] = "00" * 32
    problems = verify_json(bad)["problems"]
    assert problems[0]["where"] == "chain 1 key 2"
    assert problems[0]["problem"] == "does not hash to key 1"
    assert any(p["problem"] == "no good revealed key for this step" for p in problems)

    reused = copy.deepcopy(game)
    reused["steps"][1]["index"] = 1
    problems = verify_json(reused)["problems"]
    assert [p["problem"] for p in problems if p["where"] == "R01-USSR key"] == [
        "the key already served R01-GERMANY"]

    digest = copy.deepcopy(game)
    digest["steps"][0]["canonical"] = [*CANONICAL, "EXECUTE"]
    problems = verify_json(digest)["problems"]
    assert [p["where"] for p in problems] == ["R01-GERMANY digest"]


def test_a_gap_in_the_revealed_keys_is_bridged_and_key_one_hashes_to_the_head():
    game = _game()
    game["keys"] = [{"chain": 1, "index": 2, "key": CHAIN.key(2)}]
    game["steps"] = game["steps"][1:]
    assert verify_json(game)["ok"]
    game["chains"][0]["head"] = CHAIN.key(1)
    assert verify_json(game)["problems"][0]["problem"] == "does not hash to the head"


@pytest.mark.parametrize("change,message", [
    (lambda g: g.pop("game"), "game must be"),
    (lambda g: g["keys"][0].update(key="XYZ"), "64 lower-case hex"),
    (lambda g: g["steps"][0]["rolls"][0].update(roll="shoot"), "roll: one of"),
    (lambda g: g["keys"][0].update(chain=7), "chain 7 is not in chains"),
    (lambda g: g.update(extra=1), "unknown field 'extra'"),
])
def test_input_not_of_the_shape_is_refused(change, message):
    game = _game()
    change(game)
    with pytest.raises(ContractError, match=message):
        verify_json(game)


def test_a_gm_battle_is_checked_against_its_input_without_dice():
    """R-AAE-PBEM-9: a BATTAGLIA's digest covers its battle input without ``dice``."""
    from arbitro.aae_contract.battle import battle_digest_input

    data: dict[str, Any] = {
        "variant": "aae_europe", "kind": "sea", "space": "BIS", "attacker": "UK",
        "attacking": [{"owner": "UK", "type": "destroyer", "count": 2}],
        "defending": [{"owner": "GERMANY", "type": "submarine", "count": 2}]}
    digest = orders_digest(battle_digest_input({**data, "dice": {"fixed": [1]}}))
    assert digest == orders_digest(data)
    data["dice"] = {"key": CHAIN.key(3), "game": GAME, "step": "GM-7", "battle": "BIS",
                    "digest": digest}
    out = answer("battle", json.dumps(data))
    game = {"game": GAME, "chains": [{"chain": 1, "head": CHAIN.head, "length": 10}],
            "keys": [{"chain": 1, "index": 3, "key": CHAIN.key(3)}],
            "steps": [{"chain": 1, "index": 3, "step": "GM-7", "digest": digest,
                       "canonical": battle_digest_input(data),
                       "rolls": [{"battle": "BIS", "round": r["round"], "roll": r["roll"],
                                  "dice": [d["die"] for d in r["dice"]]} for r in out["rolls"]]}]}
    assert verify_json(game)["ok"]
