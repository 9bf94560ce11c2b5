"""Benchmark: the command-line contracts as whole processes, start to exit.

    python bench/start_up.py [--runs 15] [--against /path/to/other/checkout]

Times two commands, each a new process as a user or a script runs it:

- ``arbitro adjudicate`` on one phase (the README's example) from stdin;
- ``arbitro render`` of a position with that phase's results to an SVG file.

Each is run once to warm the caches (bytecode, compiled catalogs, parsed maps), then
``--runs`` times; printed: the CPU time of the process (user + system, from the operating
system's accounting of the finished child) and its wall time, each as min / median / max,
and a bare ``python -c pass`` beside them (the interpreter's own start on this machine, to
read the figures against). With ``--against`` the same commands run from another checkout
(``PYTHONPATH``), the two taking turns run by run, and the ratios are printed pair by pair:
on a shared machine only figures taken side by side compare.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHASE = {
    "phase": "S1901M",
    "units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
    "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}


def _child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], stdin: str, env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process (run outside any checkout, so that
    ``PYTHONPATH`` alone says which one)."""
    cpu0, wall0 = _child_cpu(), time.perf_counter()
    done = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    wall, cpu = time.perf_counter() - wall0, _child_cpu() - cpu0
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
    return cpu, wall


def commands(work: Path) -> dict[str, tuple[list[str], str]]:
    phase = json.dumps(PHASE)
    position = work / "position.json"
    position.write_text(json.dumps({k: v for k, v in PHASE.items() if k != "orders"}), encoding="utf-8")
    result = work / "result.json"
    out = subprocess.run([sys.executable, "-m", "arbitro", "adjudicate"], input=phase, capture_output=True,
                         text=True, check=True, cwd=work, env={**os.environ, "PYTHONPATH": str(ROOT)})
    result.write_text(out.stdout, encoding="utf-8")
    py = sys.executable
    return {
        "python -c pass": ([py, "-c", "pass"], ""),
        "adjudicate one phase": ([py, "-m", "arbitro", "adjudicate"], phase),
        "render an SVG": ([py, "-m", "arbitro", "render", str(position), "-o", str(work / "map.svg"),
                           "--orders", str(result)], ""),
    }


def _row(name: str, values: list[float]) -> str:
    ms = sorted(v * 1e3 for v in values)
    return f"{name:28} min {ms[0]:7.1f}  median {statistics.median(ms):7.1f}  max {ms[-1]:7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--against", type=Path, help="another checkout, timed in turn with this one")
    args = ap.parse_args()
    sides = {"this": {**os.environ, "PYTHONPATH": str(ROOT)}}
    if args.against:
        sides["against"] = {**os.environ, "PYTHONPATH": str(args.against.resolve())}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        cmds = commands(work)
        print(f"{args.runs} runs each after one warm-up; CPU = user + system of the process")
        for name, (argv, stdin) in cmds.items():
            got: dict[str, list[tuple[float, float]]] = {side: [] for side in sides}
            for env in sides.values():
                timed(argv, stdin, env, work)  # warm-up: bytecode, catalogs, maps
            for _ in range(args.runs):
                for side, env in sides.items():
                    got[side].append(timed(argv, stdin, env, work))
            for side, runs in got.items():
                label = name if side == "this" else f"  {name} ({args.against})"
                print(_row(label + " cpu", [c for c, _ in runs]))
                print(_row(" " * len(label) + " wall", [w for _, w in runs]))
            if "against" in got and name != "python -c pass":
                ratios = sorted(a[0] / t[0] for t, a in zip(got["this"], got["against"]))
                print(f"{'':28} cpu ratio against/this: min {ratios[0]:.2f}  median "
                      f"{statistics.median(ratios):.2f}  max {ratios[-1]:.2f}")


if __name__ == "__main__":
    main()
