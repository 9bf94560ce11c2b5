"""``arbitro run --config FILE``: the referee daemon, until SIGTERM or SIGINT."""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from .config_file import EXIT_BAD_CONFIG, read_config

EXIT_STORE_BUSY = 3


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run",
        help="run the referee daemon (IMAP intake, SMTP outbox, deadlines)",
        description="Read mail, answer it, keep the deadlines and mail the results, until "
        "SIGTERM or SIGINT. Exit 2 when the config is not valid.",
    )
    parser.add_argument("--config", required=True, metavar="FILE", help="the TOML config")
    parser.add_argument(
        "--log-level", default="INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR")
    )
    parser.add_argument(
        "--tick-seconds", type=float, default=60.0,
        help="safety tick interval, besides the scheduled deadlines (default 60)",
    )
    parser.add_argument(
        "--standby", action="store_true",
        help="when another daemon runs on the same store, wait and take over when it stops "
        "(without it, a second daemon refuses to start)",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    config = read_config(args.config, "arbitro run")
    if config is None:
        return EXIT_BAD_CONFIG
    from ..daemon import StoreBusy, serve, setup_logging  # after the config check: fast failure

    setup_logging(args.log_level)
    try:
        asyncio.run(serve(config, tick_seconds=args.tick_seconds, standby=args.standby))
    except StoreBusy as exc:
        print(f"arbitro run: {exc}", file=sys.stderr)
        return EXIT_STORE_BUSY
    except KeyboardInterrupt:  # a second Ctrl-C during shutdown
        return 130
    return 0
