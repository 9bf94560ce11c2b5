"""``arbitro clock --config FILE [confirm]``: the daemon's hold on a jump of the wall clock.

When the machine's clock jumps, the running daemon keeps its own steady count for
deadlines and lateness and tells the GM (daemon/clock.py). ``arbitro clock`` says what is
held; ``confirm`` is the GM's word that the machine's clock is right: the daemon follows it
within a second (a deadline it passed is processed then)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .config_file import EXIT_BAD_CONFIG, read_config

EXIT_NOTHING_HELD = 1


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(
        "clock", help="a jump of the machine's clock the daemon holds: show it, or confirm it",
        description="Show whether the daemon holds a jump of the machine's clock; with "
        "'confirm', accept the machine's time (the daemon follows it at once).")
    p.add_argument("--config", required=True, metavar="FILE", help="the arbitro config file")
    p.add_argument("action", nargs="?", choices=("show", "confirm"), default="show")
    return p


def run(args: argparse.Namespace) -> int:
    config = read_config(args.config, "arbitro clock")
    if config is None:
        return EXIT_BAD_CONFIG
    from ..store import open_store
    from ..store.lease import clock_hold, confirm_clock

    store = open_store(config.server.database_url)
    try:
        hold = confirm_clock(store) if args.action == "confirm" else clock_hold(store)
    finally:
        store.close()
    if hold is None:
        print("the daemon holds no jump of the clock: it follows the machine's time")
        return EXIT_NOTHING_HELD if args.action == "confirm" else 0
    said = (f"the machine's clock said {hold.wall:%Y-%m-%d %H:%M:%S} UTC when the daemon's "
            f"steady count said {hold.held:%Y-%m-%d %H:%M:%S} UTC ({hold.wall - hold.held})")
    if args.action == "confirm" or hold.confirmed:
        print(f"confirmed: {said}; the daemon follows the machine's time within a second")
    else:
        print(f"held: {said}; deadlines and lateness follow the daemon's count. If the "
              f"machine's time is right: arbitro clock --config {args.config} confirm",
              file=sys.stdout)
    return 0
