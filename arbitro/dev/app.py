"""``arbitro dev``: embedded IMAP (pymap) and SMTP (aiosmtpd) on loopback, SQLite in a data
folder, the demo game, demo players, and the daemon, all in one asyncio loop."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path

from ..daemon import Daemon, StoreBusy
from .ports import DEFAULT_IMAP_PORT, DEFAULT_SITE_PORT, DEFAULT_SMTP_PORT
from .ports import site_port as browsable
from .servers import DevMailServers
from ..site import ArchiveServer
from ..store.lease import StoreLease, lease_for
from .bots import DemoBots
from .demo import (
    DATABASE_FILE,
    DEFAULT_PLAY,
    DEMO_GAME,
    GM,
    GM_PASSWORD,
    MAIL_DIR,
    MAIL_PASSWORD,
    REFEREE,
    SITE_FOLDER,
    DevState,
    demo_config,
    demo_players,
    read_state,
    write_state,
)

log = logging.getLogger("arbitro.dev")

HOST = "127.0.0.1"
DEFAULT_PACE = 180.0  # seconds: a newcomer reads the banner and their first mails first


def port_or_free(port: int) -> int:
    """``port`` when it can be bound on loopback, else 0 (the servers pick a free one)."""
    if port == 0:
        return 0
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((HOST, port))
        except OSError:
            return 0
    return port


def start_moment(data_dir: Path) -> datetime:
    """The demo game opens when ``arbitro dev`` first runs in this folder; later runs
    continue the same game."""
    state = read_state(data_dir)
    if state is not None and (data_dir / DATABASE_FILE).exists():
        try:
            return datetime.fromisoformat(state.start)
        except ValueError:
            pass
    return datetime.now(UTC).replace(microsecond=0)


def _pace_text(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds:g} seconds"


def banner(data_dir: Path, servers: DevMailServers, bots: Iterable[str], human: Iterable[str],
           pace: float = 0.0, command: str = "arbitro dev", data_option: str = "",
           site_url: str = "") -> str:
    """What a newcomer needs: who they play, who plays the rest, and what to type next."""
    bots, human = set(bots), set(human)
    players = {p.power: p for p in demo_players()}
    lines = ["arbitro dev: a Diplomacy game by mail, everything on this machine (Ctrl-C stops it)", ""]
    if human:
        mine = ", ".join(f"{k} ({players[k].address})" for k in sorted(human))
        lines += [f"  You play {mine}: the game waits for your orders",
                  "  until the deadline (10 minutes a movement phase)."]
    else:
        lines.append("  You watch: every power is a demo player (--play POWER to take one).")
    if bots:
        lines += [f"  The other {len(bots)} powers are demo players: they order "
                  f"{_pace_text(pace)} after each phase opens",
                  "  (--pace 30s hurries them)."]
    example = next(iter(sorted(human)), "FRANCE")
    lines += [
        "",
        "  What to type next, in another terminal:",
        f"    {command} send{data_option} --as {example} --subject STATO < /dev/null"
        "   # your units and the deadline",
        f'    {command} send{data_option} --as {example} "A PAR - BUR" "A MAR - SPA" "F BRE - MAO"'
        "   # orders",
        f"    {command} process{data_option}     # the GM forces the phase now (PROCESSA by mail)",
        f"    {command} reset{data_option}       # after Ctrl-C: start the demo over",
        "",
        f"  data      {data_dir}  (SQLite {DATABASE_FILE}, mailboxes in mail/: kept across restarts)",
    ]
    if site_url:
        lines.append(f"  archive   {site_url}index.html  (the games' web pages, {data_dir / SITE_FOLDER})")
    lines += [
        (f"  IMAP      {servers.host}:{servers.imap_port}  no TLS; login = the address, "
         f"password {MAIL_PASSWORD}"),
        f"  SMTP      {servers.host}:{servers.smtp_port}  no TLS, no login",
        f"  referee   {REFEREE}  (this game: arbitro+{DEMO_GAME}@{REFEREE.split('@')[1]})",
        f"  GM        {GM}  GM password {GM_PASSWORD}",
        "  players   (orders need a line PASSWORD <password>)",
    ]
    for p in demo_players():
        who = "you" if p.power in human else ("demo player" if p.power in bots else "nobody")
        lines.append(f"    {p.power:<8} {p.address:<24} password {p.password:<18} [{who}]")
    lines.append("  any mail client works too, with the IMAP/SMTP settings above.")
    return "\n".join(lines)


def _take_folder(data_dir: Path) -> StoreLease:
    """One dev per data folder: the lease of its SQLite store (arbitro/store/lease.py),
    taken before any server starts or dev.json is touched."""
    lease = lease_for(f"sqlite:///{(data_dir / DATABASE_FILE).resolve()}")
    if not lease.acquire():
        raise StoreBusy(lease.where, lease.holder())
    return lease


def _servers(data_dir: Path, imap_port: int, smtp_port: int) -> DevMailServers:
    return DevMailServers(referee=REFEREE, password=MAIL_PASSWORD, host=HOST,
                          imap_port=imap_port, smtp_port=smtp_port,
                          mail_dir=data_dir / MAIL_DIR, open_accounts=True)


async def run_dev(
    data_dir: Path,
    *,
    play: Iterable[str] | None = None,
    bots: bool = True,
    imap_port: int = DEFAULT_IMAP_PORT,
    smtp_port: int = DEFAULT_SMTP_PORT,
    site_port: int = DEFAULT_SITE_PORT,
    pace: float = DEFAULT_PACE,
    out: Callable[[str], None] = print,
    stop_event: asyncio.Event | None = None,
    command: str = "arbitro dev",
    data_option: str = "",
) -> None:
    """Run until SIGINT/SIGTERM (or ``stop_event``); ``command`` and ``data_option`` are
    how the banner writes the helpers (``.venv/bin/arbitro dev``, `` --data X``). ``play``: the powers the newcomer
    plays (None: the default one; empty: none, every power a demo player)."""
    site_port = browsable(site_port)  # before anything starts: a link no browser opens helps no one
    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    human = {p.upper() for p in (DEFAULT_PLAY if play is None else play)}
    lease = _take_folder(data_dir)
    start = start_moment(data_dir)
    # the demo's config is built with whatever ports the servers got
    servers = _servers(data_dir, port_or_free(imap_port), port_or_free(smtp_port))
    await servers.start()
    stop = stop_event or asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    daemon: Daemon | None = None
    demo: DemoBots | None = None
    archive = ArchiveServer(data_dir / SITE_FOLDER, HOST, port_or_free(site_port)).start()
    try:
        for player in demo_players():
            await servers.add_account(player.address)
        await servers.add_account(GM)
        config = demo_config(data_dir, HOST, servers.imap_port, servers.smtp_port, start,
                             site_url=archive.url.rstrip("/"))
        state = DevState(HOST, servers.imap_port, servers.smtp_port, REFEREE, DEMO_GAME,
                         start.isoformat(), MAIL_PASSWORD, os.getpid())
        write_state(data_dir, state)
        # A short IMAP wait: the intake re-arms IDLE every few seconds (a pymap IDLE
        # hiccup was once seen), and retries fast on a hiccup.
        daemon = Daemon(config, imap_wait=3.0, imap_backoff_max=5.0, tick_seconds=10.0,
                        drain_seconds=10.0, lease=lease)
        await daemon.start()
        robots = [p.power for p in demo_players() if p.power not in human] if bots else []
        if robots:
            assert daemon.referee is not None
            players = [p for p in demo_players() if p.power in robots]
            demo = DemoBots(daemon.referee, players, HOST, servers.smtp_port,
                            state.game_address(), pace=pace)
            demo.start()
        out(banner(data_dir, servers, robots, human, pace, command, data_option, archive.url))
        await stop.wait()
        log.info("arbitro dev: stopping")
    finally:
        if demo is not None:
            await demo.stop()
        if daemon is not None:
            await daemon.stop()
        await servers.stop()
        lease.release()

        archive.stop()
        for sig in signals:
            loop.remove_signal_handler(sig)


async def run_servers(
    data_dir: Path,
    *,
    imap_port: int = DEFAULT_IMAP_PORT,
    smtp_port: int = DEFAULT_SMTP_PORT,
    out: Callable[[str], None] = print,
    stop_event: asyncio.Event | None = None,
) -> None:
    """Only the embedded mail servers, no game and no referee: test mail servers for a
    real config (config.example.toml, docs/GM.md) run by ``arbitro run``."""
    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    lease = _take_folder(data_dir)
    # the ports asked for or none: a config file names them
    servers = _servers(data_dir, imap_port, smtp_port)
    try:
        await servers.start()
    except OSError:
        lease.release()
        await servers.stop()
        raise
    stop = stop_event or asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    try:
        await servers.add_account(GM)
        write_state(data_dir, DevState(HOST, servers.imap_port, servers.smtp_port, REFEREE, "",
                                       "", MAIL_PASSWORD, os.getpid()))
        out("\n".join([
            "arbitro dev servers: test mail servers on this machine, no referee (Ctrl-C stops them)",
            f"  IMAP  {servers.host}:{servers.imap_port}  no TLS; login = any address, "
            f"password {MAIL_PASSWORD}",
            f"  SMTP  {servers.host}:{servers.smtp_port}  no TLS, no login; every mail is "
            "delivered here, whatever its domain",
            f"  mailboxes in {data_dir / MAIL_DIR} (kept across restarts)",
        ]))
        await stop.wait()
    finally:
        await servers.stop()
        lease.release()
        for sig in signals:
            loop.remove_signal_handler(sig)
