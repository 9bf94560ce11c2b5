"""The daemon's parts over the in-memory mailbox (fast tier): a mail in, its answer queued;
a clean stop lets the store go; a daemon fenced out by another halts at once and leaves
the mail where it is."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path

from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.config import Config
from arbitro.daemon import Daemon
from arbitro.mail.intake.memory import MemoryMailbox
from arbitro.store import InboundStatus, open_store
from arbitro.store.lease import Fence
from arbitro.store.models import InboundMail, OutboxMessage

GAME = "parts"


class Shared:
    """A lock anyone may take: two daemons on one store, as after a lost PostgreSQL lock."""

    where = "a shared test lock"
    dies_with_holder = False

    def acquire(self) -> bool:
        return True

    def alive(self) -> bool:
        return True

    def holder(self) -> str:
        return ""

    def release(self) -> None:
        pass


def config_for(db: Path) -> Config:
    config = make_config(game_table(GAME, start=START))
    server = config.server.__class__(**{**config.server.__dict__,
                                        "database_url": f"sqlite:///{db}"})
    return Config(config.path, server, config.games)


def run(coro) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(coro, 60))


async def until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "condition not reached"
        await asyncio.sleep(0.02)


def daemon(config: Config, mailbox: MemoryMailbox | None, **kw: object) -> Daemon:
    clock = lambda: START + timedelta(hours=1)
    return Daemon(config, clock=clock, render_map=None, tick_seconds=3600, mailbox=mailbox,
                  imap_wait=5, **kw)  # type: ignore[arg-type]


def orders(address: str, n: int) -> bytes:
    return player_mail(address, f"arbitro+{GAME}@example.org",
                       f"PASSWORD pw{address[1]}\nA PAR - BUR", msgid=f"<parts{n}@example.it>")


def test_a_mail_is_handled_and_a_clean_stop_lets_the_store_go(tmp_path: Path) -> None:
    config = config_for(tmp_path / "parts.sqlite3")
    box = MemoryMailbox()

    async def go() -> None:
        d = daemon(config, box)
        await d.start()
        await until(lambda: f"{GAME}:started" in d.steps)
        assert d.store is not None
        with d.store.begin() as uow:
            france = uow.assignments.current(GAME)["FRANCE"].address
        box.deliver(orders(france, 1))
        await until(lambda: box.inbox() == [] and len(box.folder("processed")) == 1)
        await d.stop()
        assert not d.running and d.intake is not None and not d.intake.running

    run(go())
    store = open_store(config.server.database_url)
    try:
        with store.begin() as uow:
            (row,) = uow.session.scalars(select(InboundMail)).all()
            assert row.status is InboundStatus.PROCESSED
            keys = [m.idempotency_key for m in uow.session.scalars(select(OutboxMessage))]
        assert any(k.startswith("confirm:") for k in keys), keys  # its confirmation, queued
        assert Fence().take(store, "next", START) is True  # released cleanly: no grace
    finally:
        store.close()


def test_a_daemon_fenced_out_by_another_halts_and_leaves_the_mail_in_the_inbox(
    tmp_path: Path,
) -> None:
    config = config_for(tmp_path / "parts.sqlite3")
    box = MemoryMailbox()

    async def go() -> None:
        old = daemon(config, box, lease=Shared(), lease_seconds=0.2)
        await old.start()
        await until(lambda: f"{GAME}:started" in old.steps)
        assert old.store is not None
        with old.store.begin() as uow:
            france = uow.assignments.current(GAME)["FRANCE"].address
        new = daemon(config, None, lease=Shared(), takeover_grace=0.0)
        began = time.monotonic()
        await new.start()  # raises the epoch: the old one's next transaction is refused
        box.deliver(orders(france, 2))
        await until(lambda: old.lost_store.is_set(), timeout=5)
        assert time.monotonic() - began < 3
        await until(lambda: old.intake is not None and not old.intake.running, timeout=5)
        assert box.inbox() != [] and box.folder("processed") == []  # left for the new one
        assert box.folder("quarantine") == []
        await old.stop()
        await new.stop()

    run(go())
    store = open_store(config.server.database_url)
    try:
        with store.begin() as uow:
            assert uow.session.scalars(select(InboundMail)).all() == []  # nothing committed
    finally:
        store.close()
