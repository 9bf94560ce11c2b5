"""``arbitro gm --config FILE ACTION GAME ...``: the GM's operations from the command line."""

from __future__ import annotations

import argparse
import getpass
import sys
from datetime import UTC, datetime
from typing import Any

from .config_file import EXIT_BAD_CONFIG, read_config

ACTIONS = ("status", "start", "pause", "resume", "extend", "replace", "eject", "process", "rollback")


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser("gm", help="GM operations on a game (status, pause, extend, replace...)")
    p.add_argument("--config", required=True, metavar="FILE", help="the arbitro config file")
    p.add_argument("--now", metavar="ISO", help="act as if it were this moment (tests, replays)")
    p.add_argument("--actor", help="name in the audit log (default: cli:<user>)")
    p.add_argument("action", choices=ACTIONS)
    p.add_argument("game", help="game id")
    p.add_argument("args", nargs="*", help=(
        "extend DURATION (e.g. 2d, 36h); replace POWER ADDRESS [NAME]; eject POWER; "
        "pause [UNTIL-ISO]"))
    return p


def _now(text: str | None) -> datetime:
    if not text:
        return datetime.now(UTC)  # the CLI is the edge where the clock is read
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def run(args: argparse.Namespace) -> int:
    from ..config.values import duration
    from ..service import Referee, gm
    from ..service.identity import game_master
    from ..store import open_store

    config = read_config(args.config, "arbitro gm")
    if config is None:
        return EXIT_BAD_CONFIG
    try:
        now = _now(args.now)
    except ValueError:
        print(f"arbitro gm: --now {args.now!r} is not an ISO date and time", file=sys.stderr)
        return 2
    actor = args.actor or f"cli:{getpass.getuser()}"
    store = open_store(config.server.database_url)
    referee = Referee(store, config)
    rest = list(args.args)
    try:
        if args.action == "start":
            referee.sync_games(now)  # the game must exist before the GM can start it
        with referee.table(args.game, now) as table:
            if args.action == "status":
                text = gm.status_text(table)
                sys.stdout.write(text if text is not None else f"no game {args.game!r}\n")
                return 0
            caller = game_master(config, actor)
            if args.action == "start":
                reply = gm.start(table, caller)
            elif args.action == "pause":
                until = _now(rest[0]) if rest else None
                reply = gm.pause(table, caller, until=until)
            elif args.action == "resume":
                reply = gm.resume(table, caller)
            elif args.action == "extend":
                if len(rest) != 1:
                    return _usage("extend GAME DURATION, e.g. 2d or 36h")
                try:
                    by = duration(rest[0])
                except ValueError as exc:
                    return _usage(str(exc))
                reply = gm.extend(table, caller, by)
            elif args.action == "replace":
                if len(rest) not in (2, 3):
                    return _usage("replace GAME POWER ADDRESS [NAME]")
                name = rest[2] if len(rest) == 3 else ""
                reply = gm.replace(table, caller, rest[0], rest[1], name=name)
            elif args.action == "eject":
                if len(rest) != 1:
                    return _usage("eject GAME POWER")
                reply = gm.eject(table, caller, rest[0])
            elif args.action == "process":
                reply = gm.process_now(table, caller)
            else:
                reply = gm.rollback(table, caller)
    finally:
        store.close()
    print(reply.message, file=sys.stdout if reply.ok else sys.stderr)
    return 0 if reply.ok else 1


def _usage(message: str) -> int:
    print(f"arbitro gm: {message}", file=sys.stderr)
    return 2
