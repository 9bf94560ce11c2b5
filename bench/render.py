"""Median milliseconds per standard map at 1600 px wide, and peak memory.

    python3 bench/render.py [--runs 30] [--width 1600]

Times the start position and the busy results map of tests/render/cases (orders drawn),
PNG encoding excluded and then included.
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbitro.contract import position_from_json
from arbitro.game.position import start_position
from arbitro.render import load_geometry, render_position
from arbitro.variants import load_board

CASES = ROOT / "tests" / "render" / "cases"


def _median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--width", type=int, default=1600)
    args = ap.parse_args()
    board = load_board("standard")
    geo = load_geometry(board)
    busy = position_from_json(board, json.loads((CASES / "busy_pos.json").read_text()))
    results = json.loads((CASES / "busy_result.json").read_text())
    jobs = {
        "start position": lambda: render_position(board, geo, start_position(board), width=args.width),
        "busy results": lambda: render_position(board, geo, busy, results, width=args.width),
    }
    # compress_level=1 as the results mail uses (arbitro/reports/maps.py)
    jobs["busy results + PNG"] = lambda: jobs["busy results"]().save(
        io.BytesIO(), "PNG", compress_level=1
    )
    jobs["start position"]()  # warm fonts and caches
    for name, fn in jobs.items():
        print(f"{name:>20}: median {_median_ms(fn, args.runs):6.1f} ms at {args.width} px ({args.runs} runs)")
    tracemalloc.start()
    jobs["busy results + PNG"]()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    img = jobs["busy results"]()
    print(f"{'peak memory':>20}: {peak / 2**20:6.1f} MiB Python heap (tracemalloc, one busy map + PNG)"
          f" + {img.width * img.height * 3 / 2**20:.1f} MiB pixel buffer (Pillow's own, not traced)")
    print(f"{'max RSS':>20}: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:6.1f} MiB (whole process)")


if __name__ == "__main__":
    main()
