"""Benchmark: median microseconds to adjudicate one movement phase, beside MILA.

    python bench/adjudicate.py [--phases 1000]

Phases come from random legal play (bench/random_games.py). Each phase goes through:

- ``play()``: the rules core (legality, adjudication, the next position);
- the contract path of ``arbitro adjudicate --jsonl``: the phase as one JSON input line
  (units, centres, orders as text) to the JSON output line (parse, play, results);
- with the optional extra ``bench`` installed (PyPI ``diplomacy``), MILA: ``process()``
  alone, and the whole of it (a new game, its units and orders set, ``process()``),
  the counterpart of the contract path.

The legality the first pass remembers per order is forgotten before timing (generating
the phases played them). The three take turns, 25 phases each, so all meet the same machine load while each keeps
its own data warm. Times are the process's CPU time (``time.process_time``), not wall
time: on a shared machine the wall time of a phase mostly measures how long the process
waited for a core, and the ratio moved between 4x and 18x from run to run. Printed: medians, p90s, the ratios, and the phases on which the units
after the phase differ between the engines (bench/differential.py explains them).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from mila import available, mila_after, mila_run, order_texts
from random_games import movement_phases

from arbitro.cli.adjudicate import answer_line
from arbitro.contract import position_to_json
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board


def time_play(board, position, orders, rules):
    t0 = time.process_time()
    outcome = play(board, position, orders, rules)
    elapsed = time.process_time() - t0
    units = [str(u) for u in outcome.after.units]
    units += [f"*{d.unit} R {' '.join(sorted(d.retreats))}" for d in outcome.after.dislodged if d.retreats]
    return elapsed, sorted(units)


def input_line(position, orders) -> str:
    """The phase as ``arbitro adjudicate --jsonl`` reads it (docs: CONTRACTS.md)."""
    body = position_to_json(position)
    doc = {
        "variant": "standard",
        "phase": body["phase"],
        "units": body["units"],
        "centers": body["centers"],
        "options": {"defaults": "standard"},
        "orders": order_texts(orders),
    }
    return json.dumps(doc)


def time_contract(line: str) -> float:
    t0 = time.process_time()
    json.dumps(answer_line(line), ensure_ascii=False)  # what `arbitro adjudicate --jsonl` writes
    return time.process_time() - t0


def _summary(name: str, times: list[float]) -> float:
    med = statistics.median(times) * 1e6
    p90 = statistics.quantiles(times, n=10)[-1] * 1e6
    print(f"{name:9} median {med:6.0f} us/phase, p90 {p90:6.0f} us")
    return med


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phases", type=int, default=1000)
    args = ap.parse_args()
    board = load_board("standard")
    phases = movement_phases(board, args.phases)
    # Generating the phases played them: forget the orders' legality the first pass
    # remembered, so that each phase's new orders are judged here as in a game.
    memo = getattr(board, "memo", None)  # (a checkout from before it had none)
    for name in ("first_pass.coast", "first_pass.no_coast") if memo else ():
        memo(name).clear()
    lines = [input_line(p, o) for p, o in phases]
    orders_total = sum(sum(len(v) for v in o.values()) for _, o in phases)
    rules = Rules(defaults="standard")
    for (position, orders), line in zip(phases[:50], lines):  # warm caches (adjacency, names)
        time_play(board, position, orders, rules)
        time_contract(line)
    mila = available()
    ours, contract, theirs, theirs_whole, differ = [], [], [], [], 0
    for start in range(0, len(phases), 25):
        block = phases[start : start + 25]
        our_units = []
        for position, orders in block:
            t, units = time_play(board, position, orders, rules)
            ours.append(t)
            our_units.append(units)
        for line in lines[start : start + 25]:
            contract.append(time_contract(line))
        if mila:
            for (position, orders), mine in zip(block, our_units):
                whole, t, _, game = mila_run(position, order_texts(orders))
                theirs.append(t)
                theirs_whole.append(whole)
                differ += mine != mila_after(game)
    print(f"phases: {len(phases)} (orders: {orders_total}, {orders_total / len(phases):.1f} per phase)")
    med = _summary("play()", ours)
    cmed = _summary("contract", contract)
    if not mila:
        print("MILA engine not installed (pip install -e '.[bench]'): no comparison")
        return
    mmed = _summary("MILA", theirs)
    wmed = _summary("MILA+set", theirs_whole)
    print(f"ratio:    play() {mmed / med:.1f}x MILA's process(); contract path {mmed / cmed:.1f}x MILA's process(),"
          f" {wmed / cmed:.1f}x MILA's game set-up + process()")
    print(f"phases whose resulting units differ between the engines: {differ}")


if __name__ == "__main__":
    main()
