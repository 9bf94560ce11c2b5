"""A step on the game's key chain (R-AAE-PBEM-8, -9, -11): it takes the next unused key, which must
hash down to the committed head; every die of its battles is R-AAE-PBEM-9's die of the key, the
game, the step, the battle, the round, the roll, n and the digest of its canonical orders; the
``verify`` command finds the whole record sound; a replay rolls the same dice."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arbitro.aae_contract.shapes import ContractError
from arbitro.cli.aae import answer
from arbitro.fairness.chain import KeyChain
from arbitro.fairness.dice import DieName, die, orders_digest

CHAIN = KeyChain("5" * 64, length=5)
ORDERS = ["COMPRA 2 fanteria", "Polonia: 3 fanteria, 2 carri -> Polonia orientale",
          "Germania: 1 bombardiere -> Olanda-Belgio -> Manica -> Regno Unito BOMBARDA"]


def _state(used: int = 0) -> dict[str, Any]:
    return {"game": "aae-keys", "keys": {"chain": 1, "head": CHAIN.head, "length": 5,
                                         "used": used}}


def _run(index: int, key: str | None = None, used: int = 0) -> dict[str, Any]:
    data = {"variant": "aae_europe", "mode": "run", "lang": "it", "orders": ORDERS,
            "dice": {"chain": 1, "index": index, "key": key or CHAIN.key(index)},
            "state": _state(used)}
    return answer("step", json.dumps(data))


def test_every_die_is_the_keys_die_and_verify_agrees() -> None:
    out = _run(1)
    assert out["ran"] and out["key"] == {"chain": 1, "index": 1, "value": CHAIN.key(1)}
    assert out["state"]["keys"]["used"] == 1
    assert out["digest"] == orders_digest(out["canonical"])
    rolls = []
    count = 0
    for battle in out["battles"]:
        for roll in battle["rolls"]:
            for d in roll["dice"]:
                expected = die(DieName(CHAIN.key(1), "aae-keys", "R01-GERMANY", battle["battle"],
                                       roll["round"], roll["roll"], d["n"], out["digest"]))
                assert d["die"] == expected
                count += 1
            rolls.append({"battle": battle["battle"], "round": roll["round"],
                          "roll": roll["roll"], "dice": [d["die"] for d in roll["dice"]]})
    assert count > 5 and {b["battle"] for b in out["battles"]} == {"GBR/SBR", "EPOL"}
    record = {"game": "aae-keys", "chains": [{"chain": 1, "head": CHAIN.head, "length": 5}],
              "keys": [{"chain": 1, "index": 1, "key": CHAIN.key(1)}],
              "steps": [{"chain": 1, "index": 1, "step": "R01-GERMANY", "digest": out["digest"],
                         "canonical": out["canonical"], "rolls": rolls}]}
    checked = answer("verify", json.dumps(record))
    assert checked["ok"] is True, checked
    assert checked["dice"] == count


def test_a_replay_rolls_the_same_dice() -> None:
    assert _run(1) == _run(1)


def test_a_check_needs_no_key_and_rolls_nothing() -> None:
    data = {"variant": "aae_europe", "mode": "check", "orders": ORDERS, "state": _state()}
    out = answer("step", json.dumps(data))
    assert out["ran"] is False and out["battles"] == [] and "state" not in out
    assert out["digest"] == _run(1)["digest"]


@pytest.mark.parametrize("index,key,used,message", [
    (2, None, 0, "the next unused key is 1"),
    (1, None, 1, "the next unused key is 2"),
    (1, "6" * 64, 0, "does not hash down"),
    (6, None, 5, "the chain is spent"),
])
def test_a_key_out_of_turn_or_off_the_chain_is_refused(index: int, key: str | None, used: int,
                                                       message: str) -> None:
    with pytest.raises(ContractError, match=message):
        _run(index, key or ("0" * 64 if index > 5 else None), used)


def test_fixed_dice_use_no_key() -> None:
    data = {"variant": "aae_europe", "mode": "run", "orders": ["BUY 1 infantry"],
            "dice": {"fixed": []}, "state": _state(3)}
    out = answer("step", json.dumps(data))
    assert out["key"] is None and out["state"]["keys"]["used"] == 3


def test_a_spent_chain_goes_on_with_the_next_ones_committed_head() -> None:
    second = KeyChain("7" * 64, length=3)
    data = {"variant": "aae_europe", "mode": "run", "orders": ORDERS,
            "dice": {"chain": 2, "index": 1, "key": second.key(1), "head": second.head,
                     "length": 3},
            "state": _state(5)}
    out = answer("step", json.dumps(data))
    assert out["key"] == {"chain": 2, "index": 1, "value": second.key(1)}
    assert out["state"]["keys"] == {"chain": 2, "head": second.head, "length": 3, "used": 1}
    with pytest.raises(ContractError, match="only with a new chain"):
        answer("step", json.dumps({**data, "state": _state(2), "dice": {
            "chain": 1, "index": 3, "key": CHAIN.key(3), "head": second.head, "length": 3}}))
