"""``arbitro check-config FILE``: validate a config file; list problems or the games."""

from __future__ import annotations

import argparse
import sys
from datetime import timedelta
from typing import Any

from ..config import Config, ConfigError, load_config


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-config",
        help="validate a config file and summarise its games",
        description="Exit 0 and print a summary when FILE is valid; exit 1 and print every "
        "problem (file: key: what is wrong) otherwise.",
    )
    parser.add_argument("file", metavar="FILE")
    return parser


def run(args: argparse.Namespace) -> int:
    try:
        config = load_config(args.file)
    except ConfigError as exc:
        count = len(exc.problems)
        print(f"{args.file}: {count} problem{'s' if count != 1 else ''}", file=sys.stderr)
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    print(summary(config))
    return 0


def summary(config: Config) -> str:
    server = config.server
    lines = [
        f"{config.path}: OK",
        f"database: {server.database_url}",
        f"referee: {server.referee_address}"
        + (f" (plus-addressing '{server.plus_separator}')" if server.plus_separator else ""),
        f"imap: {_endpoint(server.imap)}   smtp: {_endpoint(server.smtp)}",
        "web archive: " + (f"{config.site.folder}"
                           + (f", published at {config.site.base_url}" if config.site.base_url
                              else ", not published (mails quote no link)")
                           if config.site else "none ([site] not given)"),
        f"games: {len(config.games)}",
    ]
    for game in config.games:
        d = game.deadlines
        end = (
            f"temporale until {game.end.date}"
            if game.end.condition == "temporale"
            else f"{game.end.centres or 'variant'} centres"
        )
        lines += [
            f"- {game.id}: {game.name!r}, {game.variant}, {game.language}, {game.timezone}",
            (
                f"    start {game.start.isoformat() if game.start else 'by the GM'}; "
                f"assignment {game.assignment}; {len(game.players)} player(s) listed"
            ),
            (
                f"    deadlines: movement {d.movement.text}, retreat {d.retreat.text}, "
                f"adjustment {d.adjustment.text}, first {d.first_movement.text}; "
                f"reminders {', '.join(_short(r) for r in game.reminders) or 'none'}"
            ),
            (
                f"    lateness bank {game.lateness_bank_days}d, at most "
                f"{game.lateness_max_per_turn}d per turn; press {game.press}; "
                f"defaults {game.defaults}; end: {end}"
            ),
            f"    GM {game.gm_address}; replacements via {game.mailing_list or 'the GM'}",
        ]
    return "\n".join(lines)


def _endpoint(section: Any) -> str:
    return f"{section.host}:{section.port} ({section.tls})" if section else "not configured"


def _short(delta: timedelta) -> str:
    hours, rest = divmod(int(delta.total_seconds()), 3600)
    return f"{hours}h" + (f"{rest // 60}m" if rest else "")
