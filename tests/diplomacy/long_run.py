"""The resolver's long run: random phases on every shipped variant, invariants checked.

    PYTHONPATH=. python tests/diplomacy/long_run.py [MOVEMENT_PHASES] [SEED]

Plays MOVEMENT_PHASES random movement phases (default 100000), spread evenly over
the variants of maps/, each followed by its retreat and adjustment phases when
there are any, and prints the counts: phases played per kind, dislodged units,
convoy paradoxes, and the problems found (an exception or a broken invariant; the
first few are printed in full). Exit status 1 when there is any problem.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from phase_invariants import Tally, play_round

from arbitro.variants import load_board

ROOT = Path(__file__).resolve().parents[2]


def shipped_variants() -> list[str]:
    """Every playable map of maps/ (a base that others extend is skipped)."""
    names = []
    for path in sorted((ROOT / "maps").glob("*.toml")):
        try:
            load_board(path.stem)
        except Exception:  # noqa: BLE001, S112 - a base file is not a variant of its own
            continue
        names.append(path.stem)
    return names


def main(argv: list[str]) -> int:
    total = int(argv[1]) if len(argv) > 1 else 100_000
    seed = int(argv[2]) if len(argv) > 2 else 14
    variants = shipped_variants()
    boards = {v: load_board(v) for v in variants}
    rng = random.Random(seed)
    tallies = {v: Tally() for v in variants}
    start = time.perf_counter()
    for i in range(total):
        v = variants[i % len(variants)]
        play_round(boards[v], rng, tallies[v])
    took = time.perf_counter() - start
    problems = 0
    for v, t in tallies.items():
        problems += len(t.problems)
        print(
            f"{v}: {t.phases['M']} movement, {t.phases['R']} retreat, {t.phases['A']} adjustment "
            f"phases; {t.dislodged} dislodged units, {t.paradoxes} convoy paradoxes; "
            f"{len(t.problems)} problems"
        )
    played = sum(sum(t.phases.values()) for t in tallies.values())
    print(f"total: {played} phases ({total} generated movement phases) in {took:.0f} s, "
          f"seed {seed}; {problems} problems")
    shown = [p for t in tallies.values() for p in t.problems][:5]
    for p in shown:
        print("---\n" + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
