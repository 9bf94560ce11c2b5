"""``arbitro check-config FILE``: validate a config file; list problems or the games."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

from ..config import Config, ConfigError, load_config
from ..config.checks import Finding, has_errors, review
from ..store.peek import stored_game_ids


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-config",
        help="validate a config file and summarise its games",
        description="Exit 0 and print a summary when FILE is valid and nothing in it would "
        "make `arbitro run` misbehave (warnings are printed but pass); exit 1 and print every "
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
    findings = review(config, datetime.now(UTC), _started(config))
    for finding in findings:
        print(f"{config.path}: {finding}", file=sys.stderr)
    if has_errors(findings):
        errors = sum(1 for f in findings if f.level == "error")
        print(f"{config.path}: {errors} error{'s' if errors != 1 else ''}: `arbitro run` would "
              "misbehave with this file", file=sys.stderr)
        return 1
    print(summary(config, findings))
    return 0


def _started(config: Config) -> frozenset[str]:
    """Games the store already holds: their start is history, not a mistake."""
    return stored_game_ids(config.server.database_url) or frozenset()


def summary(config: Config, findings: tuple[Finding, ...] = ()) -> str:
    server = config.server
    warned = len(findings)
    lines = [
        f"{config.path}: OK" + (f" ({warned} warning{'s' if warned != 1 else ''})" if warned else ""),
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
            f"    days off: {_days_off(game)}; absences: {_absences(game)}",
        ]
    return "\n".join(lines)


def _days_off(game: Any) -> str:
    off = game.days_off
    names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    parts = [names[d] for d in sorted(off.weekdays)] + [d.isoformat() for d in sorted(off.dates)]
    return ", ".join(parts + sorted(off.holidays)) or "none"


def _absences(game: Any) -> str:
    a = game.absences
    if not a.enabled:
        return "off"
    return (f"{a.days_per_year}d a year, at most {a.longest_days}d, notice {a.notice_days}d"
            + (", absent named" if a.name_absent else ""))


def _endpoint(section: Any) -> str:
    if not section:
        return "not configured"
    login = f", oauth2 {section.oauth2.provider}" if section.oauth2 else ""
    return f"{section.host}:{section.port} ({section.tls}{login})"


def _short(delta: timedelta) -> str:
    hours, rest = divmod(int(delta.total_seconds()), 3600)
    return f"{hours}h" + (f"{rest // 60}m" if rest else "")
