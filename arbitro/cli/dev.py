"""``arbitro dev``: the referee with embedded mail servers and a demo game;
``arbitro dev send --as POWER ORDERS...``: mail it as a demo player."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

DEFAULT_DATA = Path("var/dev")


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "dev",
        help="run the referee with embedded mail servers and a seven-player demo game",
        description="Everything on 127.0.0.1: an IMAP server (pymap) with the referee's and "
        "the demo players' mailboxes, an SMTP server (aiosmtpd) delivering into them, SQLite "
        "in the data folder, a demo game with 10-minute turns. Demo players order by "
        "themselves, except the powers you take with --play. Ports and passwords are "
        "printed at start. Ctrl-C stops it; running it again continues the game.",
    )
    parser.add_argument("--data", type=Path, default=None,
                        help=f"data folder (default {DEFAULT_DATA})")
    parser.add_argument("--play", action="append", default=[], metavar="POWER",
                        help="a power you play yourself (repeatable), e.g. --play ITALY")
    parser.add_argument("--no-bots", action="store_true",
                        help="demo players send nothing by themselves")
    parser.add_argument("--imap-port", type=int, default=10143, help="0 = any free port")
    parser.add_argument("--smtp-port", type=int, default=10025, help="0 = any free port")
    parser.add_argument("--site-port", type=int, default=10080,
                        help="the web archive's HTTP port on 127.0.0.1 (0 = any free port)")
    parser.add_argument("--log-level", default="INFO",
                        choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    sub = parser.add_subparsers(dest="dev_command", metavar="send")
    send = sub.add_parser(
        "send",
        help="mail the running dev referee as a demo player",
        description="Mail orders (or any command) as a demo player, with the player's "
        "password line, to the running `arbitro dev`; then print the referee's answer. "
        "Each ORDER argument is one line; without any, the body is read from stdin.",
    )
    send.add_argument("--as", dest="player", required=True, metavar="POWER",
                      help="FRANCE, francia, or the player's address")
    send.add_argument("orders", nargs="*", metavar="ORDER")
    send.add_argument("--data", type=Path, default=None,
                      help=f"data folder of the running instance (default {DEFAULT_DATA})")
    send.add_argument("--subject", default="ordini")
    send.add_argument("--password", default=None, help="another password (default: the player's)")
    send.add_argument("--no-password", action="store_true", help="leave out the PASSWORD line")
    send.add_argument("--wait", type=float, default=15.0,
                      help="seconds to wait for the answer (0: do not wait)")
    return parser


def run(args: argparse.Namespace) -> int:
    data = args.data or DEFAULT_DATA
    if getattr(args, "dev_command", None) == "send":
        return _send(args, data)
    from ..daemon import setup_logging
    from ..dev.app import run_dev
    from ..dev.demo import find_player

    play = []
    for name in args.play:
        player = find_player(name)
        if player is None:
            print(f"arbitro dev: --play {name}: not a power of the demo game", file=sys.stderr)
            return 2
        play.append(player.power)
    from ..daemon import StoreBusy

    setup_logging(args.log_level)
    try:
        asyncio.run(run_dev(data, play=play, bots=not args.no_bots,
                            imap_port=args.imap_port, smtp_port=args.smtp_port,
                            site_port=args.site_port,
                            out=lambda text: print(text, flush=True)))
    except StoreBusy as exc:
        print(f"arbitro dev: {data}: {exc}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130
    return 0


def _send(args: argparse.Namespace, data: Path) -> int:
    from ..dev import send as dev_send
    from ..dev.demo import find_player, read_state

    state = read_state(data)
    if state is None:
        print(f"arbitro dev send: no running `arbitro dev` found in {data} "
              "(start it first, or give --data)", file=sys.stderr)
        return 2
    player = find_player(args.player)
    if player is None:
        print(f"arbitro dev send: --as {args.player}: not a demo player", file=sys.stderr)
        return 2
    body = "\n".join(args.orders) if args.orders else sys.stdin.read()
    password = "" if args.no_password else args.password
    mail = dev_send.compose(state, player, body, subject=args.subject, password=password)
    try:
        before = dev_send.inbox_count(state, player.address) if args.wait > 0 else 0
        dev_send.send(state, mail)
    except OSError as exc:
        print(f"arbitro dev send: cannot reach the dev mail servers at {state.host} "
              f"(IMAP {state.imap_port}, SMTP {state.smtp_port}): {exc}", file=sys.stderr)
        return 1
    print(f"sent as {player.power} ({player.address}) to {state.game_address()}")
    if args.wait <= 0:
        return 0
    replies = dev_send.wait_reply(state, player.address, before, args.wait)
    if not replies:
        print(f"no answer within {args.wait:g} s (see the arbitro dev log)")
        return 1
    for reply in replies:
        print(f"\n--- {reply['Subject']}\n{dev_send.text_of(reply)}")
    return 0
