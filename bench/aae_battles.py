"""Axis & Allies battles and dice: how long a battle takes, and a game's dice to check.

Run: python3 bench/aae_battles.py [--battles N]. Prints, in CPU time: the median and the 99th
percentile of ``fight()`` over made-up battles of every kind (a fixed ``random.Random`` seed picks
the units, the step's key rolls the dice), the same through the ``arbitro aae battle`` contract
path (JSON in and out), dice derived per second, a 1000-key chain drawn, and a game of 200 steps'
dice checked by ``arbitro aae verify``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbitro.aae_contract.battle import battle_json, read_battle
from arbitro.aae_contract.board_file import load_board
from arbitro.aae_contract.verify import verify_json
from arbitro.axis_allies.combat import Battle, fight
from arbitro.fairness.chain import KeyChain, draw
from arbitro.fairness.dice import DieName, die, orders_digest

BOARD = load_board()
KINDS = {
    "land": {"attacking": ("infantry", "artillery", "armour", "fighter", "bomber"),
             "defending": ("infantry", "artillery", "armour", "fighter", "aa_gun")},
    "amphibious": {"attacking": ("armour", "fighter"), "landing": ("infantry", "artillery"),
                   "bombarding": ("battleship", "destroyer"),
                   "defending": ("infantry", "armour", "fighter", "aa_gun")},
    "sea": {"attacking": ("submarine", "destroyer", "battleship", "carrier", "fighter", "bomber"),
            "defending": ("submarine", "destroyer", "battleship", "carrier", "transport",
                          "fighter")},
    "raid": {"attacking": ("bomber",), "escorts": ("fighter",),
             "defending": ("fighter", "aa_gun")},
    "flak": {"attacking": ("bomber", "fighter"), "defending": ("aa_gun",)},
}


def made_up(rng: random.Random, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = {"variant": "aae_europe", "kind": kind, "space": "EPOL",
                            "attacker": "GERMANY"}
    for role, types in KINDS[kind].items():
        owner = "USSR" if role == "defending" else "GERMANY"
        data[role] = [{"owner": owner, "type": t, "count": rng.randint(1, 4),
                       **({"from": "SICS"} if role in ("landing", "bombarding") else {})}
                      for t in rng.sample(types, rng.randint(1, len(types)))]
    if kind in ("land", "amphibious", "raid"):
        data["controller"] = "USSR"
    if kind == "raid":
        data["defender_cash"] = rng.randint(0, 30)
    data["orders"] = {"retreat": {"below": 3, "to": "POL"}} if rng.random() < 0.3 else {}
    return data


def _cpu(run: Any) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(2026)
    key = "7a" * 32
    inputs = [made_up(rng, rng.choice(sorted(KINDS))) for _ in range(args.battles)]
    for n, data in enumerate(inputs):
        data["dice"] = {"key": key, "game": "aae-bench", "step": f"R{n:02d}-GERMANY",
                        "battle": "EPOL", "digest": "0" * 64}

    engine, contract, dice_count = [], [], 0
    for data in inputs:
        battle, dice = read_battle(data, BOARD)
        assert isinstance(battle, Battle)
        result: list[Any] = []
        engine.append(_cpu(lambda b=battle, d=dice, into=result: into.append(
            fight(b, BOARD.unit_types, d, BOARD.turn_order))))
        dice_count += result[0].dice_used
        text = json.dumps(data)
        contract.append(_cpu(lambda t=text: json.dumps(battle_json(json.loads(t)))))

    def summary(times: list[float]) -> str:
        ordered = sorted(times)
        return (f"median {statistics.median(ordered) * 1e6:.0f} µs, "
                f"p99 {ordered[int(len(ordered) * 0.99)] * 1e6:.0f} µs")

    print(f"{args.battles} battles ({dice_count} dice, every kind, keyed dice)")
    print(f"  fight():            {summary(engine)}")
    print(f"  contract (JSON):    {summary(contract)}")
    names = [DieName(key, "aae-bench", "R01-GERMANY", "EPOL", 1, "attack", n, "0" * 64)
             for n in range(1, 20001)]
    elapsed = _cpu(lambda: [die(n) for n in names])
    print(f"  dice derived:       {len(names) / elapsed:,.0f} a second")
    print(f"  a 1000-key chain:   {_cpu(lambda: draw(bytes).keys()) * 1e3:.1f} ms (all its keys)")

    chain = KeyChain("5e" * 32, length=1000)
    keys = chain.keys()
    steps = []
    digest = orders_digest(["BUY 1 infantry"])
    for index in range(1, 201):
        rolls = [{"battle": "EPOL", "round": r, "roll": "attack",
                  "dice": [die(DieName(keys[index], "aae-bench", f"S{index}", "EPOL", r, "attack",
                                       n, digest)) for n in range(1, 11)]}
                 for r in range(1, 4)]
        steps.append({"chain": 1, "index": index, "step": f"S{index}", "digest": digest,
                      "canonical": ["BUY 1 infantry"], "rolls": rolls})
    game = {"game": "aae-bench", "chains": [{"chain": 1, "head": chain.head, "length": 1000}],
            "keys": [{"chain": 1, "index": i, "key": keys[i]} for i in range(1, 201)],
            "steps": steps}
    out: list[Any] = []
    elapsed = _cpu(lambda: out.append(verify_json(game)))
    assert out[0]["ok"], out[0]["problems"][:3]
    print(f"  verify, 200 steps:  {out[0]['dice']} dice and {out[0]['keys']} keys in "
          f"{elapsed * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
