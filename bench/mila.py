"""Benchmark: ``play()`` beside the MILA engine's ``process()`` on recorded phases.

    python bench/mila.py [--phases FILE.jsonl[.gz]] [--record N]

The phases are recorded: one ``arbitro adjudicate`` input document a line (a position and
its orders, docs/CONTRACTS.md), read once before any timing, so both engines get exactly
the same phases from run to run, and any set of real games written in that shape can be
timed (``--phases``). By default, ``bench/recorded/random_play.jsonl.gz``: 1,500 movement
phases of random legal play on the standard map (``--record N`` writes it again; it only
changes when the recording does). For each phase both engines play it, the one going first
alternating from phase to phase (``--block N``: turns of N phases), so the machine's load
and the processor's caches weigh on both alike; each is timed in CPU time (``time.process_time``) around ``play()`` and around
MILA's ``process()`` alone (its game set up beforehand, untimed). Printed: each side's
median and p90, the ratio of the medians and the median of the per-phase ratios, and the
phases whose resulting units differ (bench/differential.py puts each in a category).

MILA (PyPI ``diplomacy``, the ``bench`` extra: ``pip install -e '.[bench]'``) checks each
order when it is set, against the units placed so far, and caches the possible convoy
routes at the first check: every unit must be on the board before the first order is set,
or orders for (and convoys of) units placed later are dropped.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

# (no path set here: PYTHONPATH, or the installed checkout, says which arbitro is timed)
from arbitro.diplomacy.orders import Order, format_order
from arbitro.diplomacy.position import Position

RECORDED = Path(__file__).resolve().parent / "recorded" / "random_play.jsonl.gz"


def available() -> bool:
    try:
        import diplomacy  # noqa: F401
    except ImportError:
        return False
    return True


def mila_play(position: Position, texts: Mapping[str, Sequence[str]]) -> tuple[float, list[str], object]:
    """CPU seconds spent in ``process()``, the units after the phase (dislodged ones as
    ``*A PAR``) and the MILA game."""
    return mila_run(position, texts)[1:]


def mila_run(position: Position, texts: Mapping[str, Sequence[str]]) -> tuple[float, float, list[str], object]:
    """CPU seconds for the whole of it (a new game, units, orders, ``process()``) and in
    ``process()`` alone, the units after the phase and the MILA game."""
    start = time.process_time()
    game = mila_game(position, texts)
    t0 = time.process_time()
    game.process()  # type: ignore[attr-defined]
    end = time.process_time()
    units = sorted(u for us in game.get_units().values() for u in us)  # type: ignore[attr-defined]
    return end - start, end - t0, units, game


def mila_game(position: Position, texts: Mapping[str, Sequence[str]]) -> object:
    """A MILA game set to the position with the orders given, not yet processed."""
    from diplomacy import Game

    game = Game()
    game.clear_units()
    game.clear_centers()
    for power in game.powers:
        game.set_units(power, [str(u) for u in position.units_of(power)])
        game.set_centers(power, list(position.centres_of(power)))
    game.set_current_phase(str(position.phase))
    for power in game.powers:
        game.set_orders(power, list(texts.get(power, ())))
    return game


def order_texts(orders: Mapping[str, Sequence[Order]]) -> dict[str, list[str]]:
    return {p: [format_order(o) for o in os] for p, os in orders.items()}


def mila_after(game: object) -> list[str]:
    """The units after a processed movement phase: ``A PAR``, and each dislodged unit that
    may retreat with where to (``*F ANK R ARM SMY``). MILA keeps a dislodged unit with
    nowhere to go on the board until its retreat phase; arbitro removes it at once."""
    units = []
    possible = None
    for us in game.get_units().values():  # type: ignore[attr-defined]
        for u in us:
            if not u.startswith("*"):
                units.append(u)
                continue
            if possible is None:
                possible = game.get_all_possible_orders()  # type: ignore[attr-defined]
            loc = u[3:]
            orders = set(possible.get(loc, ())) | set(possible.get(loc[:3], ()))
            dests = sorted(o.split(" R ")[1] for o in orders if " R " in o)
            if dests:
                units.append(f"{u} R {' '.join(dests)}")
    return sorted(units)


# -- the benchmark --------------------------------------------------------------------------


def record(count: int, path: Path = RECORDED) -> None:
    """Write ``count`` movement phases of random legal play as adjudicate input lines."""
    from random_games import movement_phases

    from arbitro.contract import position_to_json
    from arbitro.variants import load_board

    board = load_board("standard")
    path.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wt", encoding="utf-8") as out:
        for position, orders in movement_phases(board, count):
            body = position_to_json(position)
            doc = {"variant": "standard", "phase": body["phase"], "units": body["units"],
                   "centers": body["centers"], "options": {"defaults": "standard"},
                   "orders": order_texts(orders)}
            out.write(json.dumps(doc, sort_keys=True) + "\n")


def recorded_phases(path: Path) -> list[tuple[Position, dict[str, list[Order]], dict[str, list[str]]]]:
    """Each recorded phase as (position, orders read, order texts)."""
    from arbitro.contract import position_from_json, read_orders
    from arbitro.variants import load_board

    board = load_board("standard")
    opener = gzip.open if path.suffix == ".gz" else open
    phases = []
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        for line in fh:
            if line.strip():
                doc = json.loads(line)
                position = position_from_json(board, doc)
                orders, _ = read_orders(board, doc, position)
                phases.append((position, orders, {p: list(t) for p, t in doc.get("orders", {}).items()}))
    return phases


def _units_after(outcome: object) -> list[str]:
    after = outcome.after  # type: ignore[attr-defined]
    units = [str(u) for u in after.units]
    units += [f"*{d.unit} R {' '.join(sorted(d.retreats))}" for d in after.dislodged if d.retreats]
    return sorted(units)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--phases", type=Path, default=RECORDED, help="adjudicate input lines (.jsonl, .jsonl.gz)")
    ap.add_argument("--record", type=int, metavar="N", help="record N phases of random play first")
    ap.add_argument("--block", type=int, default=1, metavar="N",
                    help="phases each side plays in a row before the other's turn (1: phase by phase)")
    ap.add_argument("--warm", action="store_true",
                    help="play every phase once before timing (each order's legality then remembered)")
    args = ap.parse_args()
    if args.record:
        record(args.record, args.phases)
    if not available():
        raise SystemExit("MILA engine not installed (pip install -e '.[bench]')")
    from arbitro.diplomacy.phases import play
    from arbitro.diplomacy.rules import Rules
    from arbitro.variants import load_board

    board = load_board("standard")
    rules = Rules(defaults="standard")
    phases = recorded_phases(args.phases)
    for position, orders, _ in phases if args.warm else phases[:50]:  # warm: adjacency, names...
        play(board, position, orders, rules)
    for position, _, texts in phases[:10]:
        mila_game(position, texts).process()  # type: ignore[attr-defined]
    ours: list[float] = []
    theirs: list[float] = []
    differ = 0
    block = max(1, args.block)
    for start in range(0, len(phases), block):
        chunk = phases[start : start + block]
        games = [mila_game(position, texts) for position, _, texts in chunk]
        outcomes: list[object] = []
        for side in ((0, 1) if (start // block) % 2 == 0 else (1, 0)):
            if side == 0:
                for position, orders, _ in chunk:
                    t0 = time.process_time()
                    outcomes.append(play(board, position, orders, rules))
                    ours.append(time.process_time() - t0)
            else:
                for game in games:
                    t0 = time.process_time()
                    game.process()  # type: ignore[attr-defined]
                    theirs.append(time.process_time() - t0)
        differ += sum(_units_after(o) != mila_after(g) for o, g in zip(outcomes, games))
    orders_total = sum(sum(len(v) for v in o.values()) for _, o, _ in phases)
    print(f"{args.phases.name}: {len(phases)} phases, {orders_total / len(phases):.1f} orders a phase;"
          f" each played by both, in turns of {block} phase(s), the first side alternating; CPU time")
    for name, times in (("play()", ours), ("MILA process()", theirs)):
        us = [t * 1e6 for t in times]
        print(f"{name:15} median {statistics.median(us):7.0f} us, p90 {statistics.quantiles(us, n=10)[-1]:7.0f} us")
    ratio = statistics.median(theirs) / statistics.median(ours)
    per_phase = statistics.median(t / o for o, t in zip(ours, theirs) if o > 0)
    print(f"ratio: MILA/play() {ratio:.2f}x (medians), {per_phase:.2f}x (median of the per-phase ratios)")
    print(f"phases whose resulting units differ between the engines: {differ}")


if __name__ == "__main__":
    main()
