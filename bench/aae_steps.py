"""Axis & Allies steps: how long the referee takes over one power's mail.

Run: python3 bench/aae_steps.py [--rounds N]. Prints, in CPU time, the median and the 99th
percentile of a whole step through the ``arbitro aae step`` contract path (the state read from
JSON, every line read, the mail judged whole, the battles fought on the step's key, the state
written back), over the acceptance round replayed N times (tests/axis_allies/test_scripted_round.py's
mails), and apart: the reading and judging alone (``mode: check``) of the ORDINI with the most
lines, and the C4 check of a mail of many aircraft.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "axis_allies"))

from test_scripted_round import GERMANY_ORDERS

from arbitro.aae_contract.step import step_json
from arbitro.fairness.chain import KeyChain

ROUND: list[tuple[list[str], bool]] = [
    (GERMANY_ORDERS, True),
    (["Polonia orientale: 2 caccia -> Polonia",
      "Regno Unito: 1 bombardiere -> Manica -> Olanda-Belgio -> Germania",
      "PIAZZA Germania: 4 fanteria, 1 carro", "PIAZZA Mar Baltico: 1 sommergibile", "ESEGUI"], False),
    (["BUY 3 infantry, 1 armour", "MOVE BLR: 2 infantry, 1 artillery -> EPOL",
      "MOVE UKR: 2 infantry -> EPOL", "EXECUTE"], True),
    (["PLACE MOS: 3 infantry, 1 armour", "EXECUTE"], False),
    (["BUY 1 fighter, 1 infantry", "MOVE NTH: 1 battleship, 1 destroyer -> ENG -> CEL",
      "MOVE ENG: 1 destroyer -> CEL", "MOVE GBR: 2 fighter -> CEL", "MOVE EGY: 1 armour -> LIB",
      "EXECUTE"], True),
    (["MOVE CEL: 2 fighter -> GBR", "PLACE GBR: 1 fighter, 1 infantry", "EXECUTE"], False),
    (["BUY 1 transport, 2 infantry", "EXECUTE"], True),
    (["PLACE USEC: 1 transport", "PLACE AMER: 2 infantry", "EXECUTE"], False),
]


def _cpu(f: Any) -> tuple[float, Any]:
    t = time.process_time()
    out = f()
    return time.process_time() - t, out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    chain = KeyChain("a1" * 32, length=10 * args.rounds * 8)
    times: list[float] = []
    battles = dice = 0
    for r in range(args.rounds):
        state: dict[str, Any] = {"game": f"bench-{r}", "keys": {
            "chain": 1, "head": chain.head, "length": chain.length, "used": 0}}
        for lines, combat in ROUND:
            data: dict[str, Any] = {"variant": "aae_europe", "mode": "run", "orders": lines,
                                    "at_deadline": True, "state": state}
            if combat:
                used = state["keys"]["used"] + 1
                data["dice"] = {"chain": 1, "index": used, "key": chain.key(used)}
            spent, out = _cpu(lambda d=data: step_json(json.loads(json.dumps(d))))
            times.append(spent)
            battles += len(out["battles"])
            dice += sum(len(roll["dice"]) for b in out["battles"] for roll in b["rolls"])
            state = out["state"]
    times.sort()
    print(f"{len(times)} steps ({battles} battles, {dice} dice): median "
          f"{statistics.median(times) * 1000:.1f} ms, p99 "
          f"{times[int(len(times) * 0.99) - 1] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    check = {"variant": "aae_europe", "mode": "check", "orders": GERMANY_ORDERS * 3,
             "state": {"game": "bench"}}
    spent = min(_cpu(lambda: step_json(check))[0] for _ in range(20))
    print(f"an ORDINI of {len(check['orders'])} lines checked: {spent * 1000:.1f} ms")
    air = {"variant": "aae_europe", "mode": "check", "state": {"game": "bench", "units": {
        "GER": [{"owner": "GERMANY", "type": "fighter", "count": 8}],
        "CEL": [{"owner": "GERMANY", "type": "carrier", "count": 3}],
        "BIS": [{"owner": "GERMANY", "type": "carrier", "count": 2}],
        "ATL": [{"owner": "UK", "type": "battleship", "count": 1}]}},
        "orders": ["MOVE GER: 1 fighter -> DAN -> NTH -> ATL" for _ in range(8)]}
    spent = min(_cpu(lambda: step_json(air))[0] for _ in range(5))
    print(f"8 fighters over the Atlantic, 5 carriers, C4 after each line: {spent * 1000:.1f} ms")


if __name__ == "__main__":
    main()
