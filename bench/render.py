"""Median milliseconds per standard map at 1600 px wide, and peak memory.

    python3 bench/render.py [--runs 30] [--width 1600]

Times the start position, the busy results map of tests/render/cases (orders drawn), that
map written as PNG (compress level 1, as the mails and `arbitro render` write it) and as
SVG, and a crowded board (every province occupied, every unit ordered: the label placement's
worst case, tests/render/test_labels.py). Budget: the busy results PNG under 150 ms.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "render"))

from arbitro.contract import adjudicate_json, outcome_from_json, position_from_json
from arbitro.diplomacy.position import start_position
from arbitro.render import draw_map, load_geometry, to_png, to_svg
from arbitro.render.raster import to_image
from arbitro.variants import load_board

CASES = ROOT / "tests" / "render" / "cases"


def _median_ms(fn, runs: int) -> tuple[float, float]:
    """Medians of wall time and of CPU time: on a shared machine the CPU time is the figure
    that compares (the wall time also counts the other processes' turns)."""
    wall, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    from test_labels import crowded  # the test's crowded board, one definition

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--width", type=int, default=1600)
    args = ap.parse_args()
    w = args.width
    board = load_board("standard")
    geo = load_geometry(board)
    busy = position_from_json(board, json.loads((CASES / "busy_pos.json").read_text()))
    results = outcome_from_json(board, busy, json.loads((CASES / "busy_result.json").read_text()))
    crowd_in = crowded(board)
    crowd = position_from_json(board, crowd_in)
    crowd_out = outcome_from_json(board, crowd, adjudicate_json(board, crowd_in))
    jobs = {
        "start position": lambda: to_image(draw_map(board, geo, start_position(board), width=w)),
        "busy: drawing model": lambda: draw_map(board, geo, busy, results, width=w),
        "busy results": lambda: to_image(draw_map(board, geo, busy, results, width=w)),
        "busy results + PNG": lambda: to_png(draw_map(board, geo, busy, results, width=w)),
        "busy results as SVG": lambda: to_svg(draw_map(board, geo, busy, results, width=w)),
        "crowded + PNG": lambda: to_png(draw_map(board, geo, crowd, crowd_out, width=w)),
    }
    for fn in jobs.values():  # warm fonts and caches
        fn()
    for name, fn in jobs.items():
        wall, cpu = _median_ms(fn, args.runs)
        print(f"{name:>22}: median {cpu:6.1f} ms CPU, {wall:6.1f} ms wall at {w} px ({args.runs} runs)")
    tracemalloc.start()
    jobs["busy results + PNG"]()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    drawing = draw_map(board, geo, busy, results, width=w)
    print(f"{'peak memory':>22}: {peak / 2**20:6.1f} MiB Python heap (tracemalloc, one busy map + PNG)"
          f" + {drawing.width * drawing.height * 3 / 2**20:.1f} MiB pixel buffer (Pillow's own, not traced)")
    print(f"{'sizes':>22}: PNG {len(to_png(drawing)) / 1024:.0f} KiB, SVG {len(to_svg(drawing)) / 1024:.0f} KiB"
          f" ({drawing.width}x{drawing.height}, {len(drawing.shapes)} shapes)")
    print(f"{'max RSS':>22}: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:6.1f} MiB (whole process)")


if __name__ == "__main__":
    main()
