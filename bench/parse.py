"""Median time to parse a 40-line order mail (target: under 2 ms).

Run: python3 bench/parse.py [--runs N]. The mail mixes Italian and English orders,
greetings, a quote and a signature, on the start position with a power given.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from arbitro.diplomacy.names import name_index
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.variants import load_board

MAIL = """Ciao arbitro,
ecco gli ordini della Russia per la primavera 1901.

ORDINI RUSSIA
A Mos - Ucr
A Var - Gal
F Seb - MNE
F StP(sc) - GDB
A Mosca va in Livonia
A Var APP A Mos - Ucr
F Sebastopoli - Romania
F San Pietroburgo (costa sud) - Finlandia
A Mos XXX
A War S A Mos - Ukr
F Sev - Bla
F StP/sc - Bot
Army Moscow to Sevastopol
A Warsaw supports A Moscow to Ukraine
Fleet Sevastopol holds
F St Petersburg south coast - Gulf of Bothnia
A Mos - Liv; A Var - Sle
F Seb APP A Mos - Ucr
A Mos - Seb, F Seb - Arm
A Var - Pru
F StP - Liv
A Moskva - Ukraina
A Var APP A Gal
A Mos - Tri
F Seb - Bul(ec)
F Seb - MNE via convoglio
A Var H
A Mos sta ferma
F Seb XXX
F StP XXX
A Var - Ucr
A Mos - Pie

Grazie e a presto!
> A Ven - Tri
--
Zar Nicola
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=300)
    args = ap.parse_args()
    board = load_board("standard")
    position = start_position(board)
    name_index(board)  # built once per process, as in the daemon
    lines = len(MAIL.strip().splitlines())
    times = []
    for _ in range(args.runs):
        t0 = time.perf_counter()
        report = parse_orders(board, MAIL, power="RUSSIA", position=position)
        times.append(time.perf_counter() - t0)
    ms = statistics.median(times) * 1000
    # how fast this machine runs plain Python, to compare figures across machines
    probe = {"a": 1}
    t0 = time.perf_counter()
    for _ in range(100):
        for _ in range(1000):
            probe.get("a")
    ref_us = (time.perf_counter() - t0) / 100 * 1e6
    print(f"parse: {lines}-line mail, {len(report.lines)} reports, {len(report.orders)} orders")
    print(f"median {ms:.3f} ms over {args.runs} runs (target < 2 ms); p90 {sorted(times)[int(0.9 * len(times))] * 1000:.3f} ms")
    print(f"machine reference: 1000 dict lookups take {ref_us:.1f} us")
    print(f"per line: {ms * 1000 / lines:.0f} us ({lines} lines, quotes and signature included)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
