"""Milliseconds per standard map, split into its steps, the PNG's size, and peak memory.

    python3 bench/render.py [--runs 30] [--width 1200]

At the width the mails and the archive draw (1200 px; ``--width`` for another): the start
position, the busy results map of tests/render/cases (orders drawn) as a drawing model,
as pixels, then **its PNG encoding alone** (from the pixels, as the mails write it: a
palette image, ``render.raster.encode_png``) beside the RGB encoding at compression level
1 that the mails carried before (so one run shows both), the whole PNG, the SVG, and a
crowded board (every province occupied, every unit ordered: the label placement's worst
case, tests/render/test_labels.py). Sizes of both PNGs for the start and the busy map.
Medians of CPU time (what compares on a shared machine) and wall time.
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
sys.path.insert(0, str(ROOT / "tests" / "render"))

from arbitro.contract import adjudicate_json, outcome_from_json, position_from_json
from arbitro.diplomacy.position import start_position
from arbitro.render import draw_map, load_geometry, to_png, to_svg
from arbitro.render.raster import encode_png, to_image
from arbitro.reports.maps import MAIL_WIDTH
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


def _rgb_png(image) -> bytes:
    """The encoding the mails used before issue 30: the RGB image at level 1."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def main() -> None:
    from test_labels import crowded  # the test's crowded board, one definition

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--width", type=int, default=MAIL_WIDTH)
    args = ap.parse_args()
    w = args.width
    board = load_board("standard")
    geo = load_geometry(board)
    busy = position_from_json(board, json.loads((CASES / "busy_pos.json").read_text()))
    results = outcome_from_json(board, busy, json.loads((CASES / "busy_result.json").read_text()))
    crowd_in = crowded(board)
    crowd = position_from_json(board, crowd_in)
    crowd_out = outcome_from_json(board, crowd, adjudicate_json(board, crowd_in))
    start = start_position(board)
    drawing = draw_map(board, geo, busy, results, width=w)
    pixels = to_image(drawing)
    jobs = {
        "start position": lambda: to_image(draw_map(board, geo, start, width=w)),
        "busy: drawing model": lambda: draw_map(board, geo, busy, results, width=w),
        "busy: to pixels": lambda: to_image(drawing),
        "busy: PNG encoding": lambda: encode_png(pixels, drawing),
        "busy: PNG as before": lambda: _rgb_png(pixels),
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
    print(f"{'peak memory':>22}: {peak / 2**20:6.1f} MiB Python heap (tracemalloc, one busy map + PNG)"
          f" + {drawing.width * drawing.height * 3 / 2**20:.1f} MiB pixel buffer (Pillow's own, not traced)")
    start_drawing = draw_map(board, geo, start, width=w)
    for name, d in (("start", start_drawing), ("busy", drawing)):
        image = to_image(d)
        print(f"{name + ' sizes':>22}: PNG {len(encode_png(image, d)) / 1024:.0f} KiB "
              f"(before: {len(_rgb_png(image)) / 1024:.0f} KiB), SVG {len(to_svg(d)) / 1024:.0f} KiB"
              f" ({d.width}x{d.height}, {len(d.shapes)} shapes)")
    print(f"{'max RSS':>22}: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:6.1f} MiB (whole process)")


if __name__ == "__main__":
    main()
