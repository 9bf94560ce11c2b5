"""``arbitro dev``: the referee with embedded mail servers and a demo game; its helpers
``send`` (mail as a demo player), ``process`` (the GM forces the phase), ``reset`` (start
over) and ``servers`` (only the mail servers, to try a real config on this machine)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from ..dev.ports import DEFAULT_IMAP_PORT, DEFAULT_SITE_PORT, DEFAULT_SMTP_PORT, site_port

DEFAULT_DATA = Path("var/dev")
EXIT_BUSY = 3


def _data_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=None,
                        help=f"data folder (default {DEFAULT_DATA})")


def _pace(text: str) -> float:
    from ..config.values import duration

    if text.strip() in ("0", "0s"):
        return 0.0
    try:
        return duration(text).total_seconds()
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f'{exc} (e.g. "30s", "3m")') from None


def _site_port(text: str) -> int:
    try:
        return site_port(int(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc) if text.strip().lstrip("-").isdigit()
                                         else f"not a port number: {text!r}") from None


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "dev",
        help="try arbitro: a demo game by mail on this machine, you play France",
        description="Everything on 127.0.0.1: an IMAP server (pymap) with the referee's and "
        "the demo players' mailboxes (kept on disk in the data folder), an SMTP server "
        "(aiosmtpd) delivering into them, SQLite in the data folder, a demo game with "
        "10-minute turns. You play FRANCE (--play to choose others, --watch for none); the "
        "other powers are demo players who order a few minutes after each phase opens "
        "(--pace). Ctrl-C stops it; running it again continues the game; `arbitro dev "
        "reset` starts it over.",
    )
    _data_option(parser)
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--play", action="append", default=None, metavar="POWER",
                     help="a power you play yourself (repeatable; default FRANCE)")
    who.add_argument("--watch", action="store_true",
                     help="play no power: every power is a demo player")
    parser.add_argument("--pace", type=_pace, default=None, metavar="DURATION",
                        help="how long after a phase opens the demo players order "
                        '(default 3m; e.g. "30s", "0" at once)')
    parser.add_argument("--no-bots", action="store_true",
                        help="demo players send nothing by themselves")
    parser.add_argument("--imap-port", type=int, default=DEFAULT_IMAP_PORT, help="0 = any free port")
    parser.add_argument("--smtp-port", type=int, default=DEFAULT_SMTP_PORT, help="0 = any free port")
    parser.add_argument("--site-port", type=_site_port, default=DEFAULT_SITE_PORT,
                        help=f"the web archive's HTTP port on 127.0.0.1 (default {DEFAULT_SITE_PORT}; "
                        "0 = any free port; not one browsers refuse, such as 10080)")
    parser.add_argument("--log-level", default="INFO",
                        choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    sub = parser.add_subparsers(dest="dev_command", metavar="{send,process,reset,servers}")
    send = sub.add_parser(
        "send",
        help="mail the running dev referee as a demo player",
        description="Mail orders (or any command) as a demo player, with the player's "
        "password line, to the running `arbitro dev`; then print the referee's answer. "
        "Each ORDER argument is one line; without any, the body is read from stdin. "
        "On `arbitro dev servers`, --as takes any address and --to the referee's.",
    )
    send.add_argument("--as", dest="player", required=True, metavar="POWER",
                      help="FRANCE, francia, or an address")
    send.add_argument("orders", nargs="*", metavar="ORDER")
    _data_option(send)
    send.add_argument("--to", default=None, metavar="ADDRESS",
                      help="the referee's address (default: the demo game's)")
    send.add_argument("--subject", default="ordini")
    send.add_argument("--password", default=None, help="another password (default: the player's)")
    send.add_argument("--no-password", action="store_true", help="leave out the PASSWORD line")
    send.add_argument("--wait", type=float, default=15.0,
                      help="seconds to wait for the answer (0: do not wait)")
    process = sub.add_parser(
        "process",
        help="the GM forces the current phase of the demo game now",
        description="Mails the GM command PROCESSA as the demo game's GM to the running "
        "`arbitro dev` (the same door as a GM's mail), then prints the referee's answer.",
    )
    _data_option(process)
    process.add_argument("--wait", type=float, default=30.0,
                         help="seconds to wait for the answer (0: do not wait)")
    reset = sub.add_parser(
        "reset",
        help="start the demo over (its game, mailboxes and state are removed)",
        description="Removes the demo's database, mailboxes and state from the data folder; "
        "the next `arbitro dev` opens a new game. Refuses while an `arbitro dev` runs there.",
    )
    _data_option(reset)
    servers = sub.add_parser(
        "servers",
        help="only the test mail servers (IMAP and SMTP on 127.0.0.1), no referee",
        description="The embedded mail servers alone, to run `arbitro run` with a real "
        "config on this machine (config.example.toml, docs/GM.md): any address logs in "
        "with the password dev; every mail sent is delivered here.",
    )
    _data_option(servers)
    servers.add_argument("--imap-port", type=int, default=10143, help="0 = any free port")
    servers.add_argument("--smtp-port", type=int, default=10025, help="0 = any free port")
    return parser


def run(args: argparse.Namespace) -> int:
    data: Path = args.data or DEFAULT_DATA
    command = getattr(args, "dev_command", None)
    if command == "send":
        return _send(args, data)
    if command == "process":
        return _process(args, data)
    if command == "reset":
        return _reset(data)
    from ..daemon import StoreBusy, setup_logging

    if command == "servers":
        from ..dev.app import run_servers

        setup_logging("INFO")
        try:
            asyncio.run(run_servers(data, imap_port=args.imap_port, smtp_port=args.smtp_port,
                                    out=lambda text: print(text, flush=True)))
        except StoreBusy as exc:
            return _busy("arbitro dev servers", data, exc.holder)
        except OSError as exc:
            print(f"arbitro dev servers: cannot listen on 127.0.0.1 port {args.imap_port} "
                  f"(IMAP) or {args.smtp_port} (SMTP): {exc.strerror or exc}; another "
                  "program uses it: stop it or give --imap-port/--smtp-port (and the same "
                  "ports in your config)", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            return 130
        return 0
    from ..dev.app import DEFAULT_PACE, run_dev
    from ..dev.demo import find_player

    play: list[str] | None = [] if args.watch else None
    for name in args.play or []:
        player = find_player(name)
        if player is None:
            print(f"arbitro dev: --play {name}: not a power of the demo game", file=sys.stderr)
            return 2
        play = [*(play or []), player.power]
    setup_logging(args.log_level)
    data_option = f" --data {args.data}" if args.data else ""
    try:
        asyncio.run(run_dev(data, play=play, bots=not args.no_bots,
                            imap_port=args.imap_port, smtp_port=args.smtp_port,
                            site_port=args.site_port,
                            pace=DEFAULT_PACE if args.pace is None else args.pace,
                            out=lambda text: print(text, flush=True),
                            command=f"{_program()} dev", data_option=data_option))
    except StoreBusy as exc:
        return _busy("arbitro dev", data, exc.holder)
    except KeyboardInterrupt:
        return 130
    return 0


def _program() -> str:
    """How the newcomer ran arbitro, to write the next commands the same way
    (``.venv/bin/arbitro`` after scripts/start.sh, plain ``arbitro`` on the PATH)."""
    import os
    import shutil

    argv0 = sys.argv[0] if sys.argv else ""
    if os.path.basename(argv0) != "arbitro":
        return "arbitro" if shutil.which("arbitro") else f"{sys.executable} -m arbitro"
    found = shutil.which("arbitro")
    if found and os.path.realpath(found) == os.path.realpath(argv0):
        return "arbitro"
    relative = os.path.relpath(argv0)
    return argv0 if relative.startswith(os.pardir) else relative


def _busy(who: str, data: Path, holder: str) -> int:
    by = f" ({holder})" if holder else ""
    print(f"{who}: an arbitro dev is already running on {data}{by}; stop it first "
          "(Ctrl-C in its terminal), or give another --data", file=sys.stderr)
    return EXIT_BUSY


def _reset(data: Path) -> int:
    from ..daemon import StoreBusy
    from ..dev.reset import reset_demo

    try:
        removed = reset_demo(data)
    except StoreBusy as exc:
        by = f" ({exc.holder})" if exc.holder else ""
        print(f"arbitro dev reset: an arbitro dev is running on {data}{by}; stop it "
              "first (Ctrl-C in its terminal), then reset", file=sys.stderr)
        return EXIT_BUSY
    if not removed:
        print(f"arbitro dev reset: nothing to remove in {data}")
    else:
        print(f"arbitro dev reset: removed the demo in {data}; `arbitro dev` starts a new game")
    return 0


def _running(command: str, data: Path) -> Any:
    from ..dev.demo import read_state

    state = read_state(data)
    if state is None:
        print(f"{command}: no running `arbitro dev` found in {data} "
              "(start it first, or give --data)", file=sys.stderr)
    return state


def _send(args: argparse.Namespace, data: Path) -> int:
    from ..dev.demo import DemoPlayer, find_player

    state = _running("arbitro dev send", data)
    if state is None:
        return 2
    player = find_player(args.player)
    if player is None and "@" in args.player:
        # any address (on `dev servers`): the password only when given
        player = DemoPlayer("", args.player.strip().lower(), "", "")
    if player is None:
        print(f"arbitro dev send: --as {args.player}: not a demo player or an address",
              file=sys.stderr)
        return 2
    to = args.to or (state.game_address() if state.game else None)
    if to is None:
        print("arbitro dev send: no demo game here: say where with --to ADDRESS",
              file=sys.stderr)
        return 2
    body = "\n".join(args.orders) if args.orders else sys.stdin.read()
    password = "" if args.no_password else args.password
    return _mail_and_wait("arbitro dev send", state, player, to, body, args.subject,
                          password, args.wait)


def _process(args: argparse.Namespace, data: Path) -> int:
    from ..dev.demo import DEMO_LANGUAGE, GM, GM_PASSWORD, DemoPlayer

    state = _running("arbitro dev process", data)
    if state is None:
        return 2
    if not state.game:
        print("arbitro dev process: this is `arbitro dev servers` (no demo game); a GM "
              "mails PROCESSA to their own game", file=sys.stderr)
        return 2
    from ..words import say

    gm = DemoPlayer("", GM, "GM", GM_PASSWORD)
    word = say(DEMO_LANGUAGE, "command.gm.process")  # the referee's answer names it

    def answer(mail: Any) -> bool:
        return word in str(mail["Subject"])

    # The GM's own mail command, through the referee's mailbox like any GM's mail.
    return _mail_and_wait("arbitro dev process", state, gm, state.game_address(), "",
                          "PROCESSA", None, args.wait, answer)


def _mail_and_wait(command: str, state: Any, player: Any, to: str, body: str, subject: str,
                   password: str | None, wait: float, match: Any = None) -> int:
    from ..dev import send as dev_send

    mail = dev_send.compose(state, player, body, subject=subject, password=password, to=to)
    try:
        before = dev_send.inbox_count(state, player.address) if wait > 0 else 0
        dev_send.send(state, mail)
    except OSError as exc:
        print(f"{command}: cannot reach the dev mail servers at {state.host} "
              f"(IMAP {state.imap_port}, SMTP {state.smtp_port}): {exc}", file=sys.stderr)
        return 1
    print(f"sent as {player.power or player.address} ({player.address}) to {to}")
    if wait <= 0:
        return 0
    replies = dev_send.wait_reply(state, player.address, before, wait, match)
    if not replies:
        print(f"no answer within {wait:g} s (see the arbitro log)")
        return 1
    for reply in replies:
        print(f"\n--- {reply['Subject']}\n{dev_send.text_of(reply)}")
    return 0
