"""Benchmark: median microseconds to adjudicate one movement phase.

    python bench/adjudicate.py [--phases 1000]

Phases come from random legal play (bench/random_games.py). With the optional
extra ``bench`` installed (PyPI ``diplomacy``, the MILA engine) the same phases
also go through MILA in the same run, and the speed ratio and the number of
phases on which the two engines disagree are printed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from random_games import movement_phases

from arbitro.game.orders import format_order
from arbitro.game.phases import play
from arbitro.game.rules import Rules
from arbitro.variants import load_board


def time_arbitro(board, position, orders, rules):
    t0 = time.perf_counter()
    outcome = play(board, position, orders, rules)
    elapsed = time.perf_counter() - t0
    return elapsed, sorted(f"{u.kind} {u.location}" for u in outcome.after.units)


def mila_engine():
    try:
        from diplomacy import Game
    except ImportError:
        return None

    def run(position, orders):
        game = Game()
        game.clear_units()
        game.clear_centers()
        for power in game.powers:
            game.set_units(power, [str(u) for u in position.units_of(power)])
            game.set_centers(power, list(position.centres_of(power)))
            game.set_orders(power, [format_order(o) for o in orders.get(power, [])])
        game.set_current_phase(str(position.phase))
        t0 = time.perf_counter()
        game.process()
        elapsed = time.perf_counter() - t0
        units = [u for us in game.get_units().values() for u in us if not u.startswith("*")]
        return elapsed, sorted(units)

    return run


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phases", type=int, default=1000)
    args = ap.parse_args()
    board = load_board("standard")
    phases = movement_phases(board, args.phases)
    orders_total = sum(sum(len(v) for v in o.values()) for _, o in phases)
    rules = Rules(defaults="standard")
    for position, orders in phases[:50]:  # warm caches (adjacency, distances)
        time_arbitro(board, position, orders, rules)
    mila = mila_engine()
    ours, theirs, differ = [], [], 0
    # The engines take turns, 25 phases each, so both meet the same machine load
    # while each keeps its own data warm in the processor's caches.
    for start in range(0, len(phases), 25):
        block = phases[start : start + 25]
        our_units = []
        for position, orders in block:
            t, units = time_arbitro(board, position, orders, rules)
            ours.append(t)
            our_units.append(units)
        if mila is not None:
            for (position, orders), mine in zip(block, our_units):
                t, their_units = mila(position, orders)
                theirs.append(t)
                differ += mine != their_units
    med = statistics.median(ours) * 1e6
    print(f"phases: {len(phases)} (orders: {orders_total}, {orders_total / len(phases):.1f} per phase)")
    print(f"arbitro: median {med:.0f} us/phase, p90 {statistics.quantiles(ours, n=10)[-1] * 1e6:.0f} us")
    if mila is None:
        print("MILA engine not installed (pip install -e '.[bench]'): no comparison")
        return
    mmed = statistics.median(theirs) * 1e6
    print(f"MILA:    median {mmed:.0f} us/phase")
    print(f"ratio:   arbitro is {mmed / med:.1f}x faster than MILA")
    print(f"phases whose resulting units differ between the engines: {differ}")


if __name__ == "__main__":
    main()
