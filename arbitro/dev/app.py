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
from ..mail.dev_servers import DevMailServers
from ..store.lease import lease_for

from ..site import ArchiveServer
from .bots import DemoBots
from .demo import (
    DATABASE_FILE,
    DEMO_GAME,
    GM,
    GM_PASSWORD,
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
DEFAULT_IMAP_PORT = 10143
DEFAULT_SMTP_PORT = 10025
DEFAULT_SITE_PORT = 10080


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


def banner(data_dir: Path, servers: DevMailServers, bots: Iterable[str], human: Iterable[str],
           site_url: str = "") -> str:
    bots, human = set(bots), set(human)
    lines = [
        "arbitro dev: a demo game by mail, everything on 127.0.0.1 (Ctrl-C stops it)",
        f"  data      {data_dir}  (SQLite: {data_dir / DATABASE_FILE})",
        f"  archive   {site_url}index.html  (the games' web pages, {data_dir / SITE_FOLDER})",
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
    example = next(iter(sorted(human)), "FRANCE")
    lines += [
        "  send orders from another terminal:",
        f'    arbitro dev send --as {example} "A PAR - BUR" "A MAR - SPA" "F BRE - MAO"',
        "  or from any mail client with the IMAP/SMTP settings above.",
    ]
    return "\n".join(lines)


async def run_dev(
    data_dir: Path,
    *,
    play: Iterable[str] = (),
    bots: bool = True,
    imap_port: int = DEFAULT_IMAP_PORT,
    smtp_port: int = DEFAULT_SMTP_PORT,
    site_port: int = DEFAULT_SITE_PORT,
    bot_delay: tuple[float, float] = (4.0, 15.0),
    out: Callable[[str], None] = print,
    stop_event: asyncio.Event | None = None,
) -> None:
    """Run until SIGINT/SIGTERM (or ``stop_event``)."""
    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    human = {p.upper() for p in play}
    # One dev per data folder: refuse before its servers start or dev.json is touched.
    lease = lease_for(f"sqlite:///{(data_dir / DATABASE_FILE).resolve()}")
    if not lease.acquire():
        raise StoreBusy(lease.where, lease.holder())
    start = start_moment(data_dir)
    servers = DevMailServers(referee=REFEREE, password=MAIL_PASSWORD, host=HOST,
                             imap_port=port_or_free(imap_port), smtp_port=port_or_free(smtp_port))
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
            assert daemon.store is not None
            players = [p for p in demo_players() if p.power in robots]
            demo = DemoBots(daemon.store, players, HOST, servers.smtp_port,
                            state.game_address(), delay=bot_delay)
            demo.start()
        out(banner(data_dir, servers, robots, human, archive.url))
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
