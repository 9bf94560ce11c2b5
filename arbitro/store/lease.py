"""One daemon per store, always: a lock the running daemon holds for as long as it lives,
and a fencing token the store checks, for the moments a lock is lost under a live holder.

Two daemons on one store would race on the same games and mailbox. The lock dies with its
holder (a killed process included), so a standby can wait for it and take over:

- PostgreSQL: a session advisory lock on a connection of its own. The server drops it
  when that connection ends, which a killed process's connection does at once — and so
  does a terminated backend or a failover under a daemon that is still running.
- SQLite: ``flock`` on the database file itself, which the kernel releases when the
  holder dies. The lock belongs to the file (its device and inode), not to a path: a
  second daemon reaching the same file through a symlink, a hard link or a bind mount
  (a Docker volume at another path) finds it taken.
- In-memory SQLite is private to its process: nothing to share, nothing to lock.

The fence (``Fence``): a daemon that takes the store raises the epoch in ``daemon_lease``
by one, and every transaction it opens checks first that the epoch is still its own (on
PostgreSQL under a transaction advisory lock held shared, which the next daemon's raise
takes alone, so it waits for the old daemon's transactions under way). So
once a standby has taken over, nothing the old daemon does can commit: its transactions
raise ``LeaseLost``, even before it notices the lost lock itself.
"""

from __future__ import annotations

import fcntl
import os
import socket
import sqlite3
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Protocol

from sqlalchemy import Connection, select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.pool import NullPool

from .engine import is_memory_sqlite, make_engine, normalise_url
from .models import DaemonLease
from .unit_of_work import LeaseLost, Store

__all__ = ["ClockHold", "Fence", "LeaseLost", "StoreLease", "clock_hold", "confirm_clock",
           "hold_clock", "lease_for", "release_clock", "who"]

# Distinct from the migration lock (store/migrate.py); advisory locks are per database.
DAEMON_LOCK_ID = zlib.crc32(b"arbitro.daemon")
_ROW = 1  # daemon_lease holds one row


class StoreLease(Protocol):
    where: str  # what is locked, for messages
    # True when a free lock proves its last holder is gone (a dead process releases a
    # flock); False when a live holder can lose it (a PostgreSQL connection cut under it):
    # the next daemon then waits for it to notice before touching the mail.
    dies_with_holder: bool

    def acquire(self) -> bool:
        """Take the lock if it is free (never waits); True when held."""
        ...

    def alive(self) -> bool:
        """Still held (a PostgreSQL restart drops it with the connection)."""
        ...

    def holder(self) -> str:
        """Who holds it, as far as can be told ("" when unknown)."""
        ...

    def release(self) -> None: ...


def lease_for(url: str) -> StoreLease:
    parsed = normalise_url(url)
    if parsed.get_backend_name() == "sqlite":
        if is_memory_sqlite(parsed) or not parsed.database:
            return _Private()
        return _FileLease(Path(parsed.database))
    return _AdvisoryLease(url)


def who() -> str:
    """This process, as the refusal's line names the holder."""
    return f"pid {os.getpid()} on {socket.gethostname()} since {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"


class _Private:
    where = "an in-memory database"
    dies_with_holder = True

    def acquire(self) -> bool:
        return True

    def alive(self) -> bool:
        return True

    def holder(self) -> str:
        return ""

    def release(self) -> None:
        pass


class _FileLease:
    """``flock`` on the database file (created empty when missing: SQLite takes an empty
    file for a new database). flock and SQLite's own POSIX locks do not interact on a local
    file system; a database on NFS is not supported by SQLite anyway."""

    dies_with_holder = True

    def __init__(self, database: Path) -> None:
        self.path = database
        self.where = str(database)
        self._file: IO[bytes] | None = None

    def acquire(self) -> bool:
        if self._file is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = self.path.open("ab")
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            return False
        self._file = fh
        return True

    def alive(self) -> bool:
        return self._file is not None

    def holder(self) -> str:
        """Read from the lease row the holder wrote (read-only: never a write, never a
        wait on the holder's transactions beyond SQLite's own)."""
        try:
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=1)
            try:
                row = conn.execute("SELECT holder, released FROM daemon_lease WHERE id = 1").fetchone()
            finally:
                conn.close()
        except sqlite3.Error:
            return ""
        return str(row[0]) if row and not row[1] else ""

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


class _AdvisoryLease:
    dies_with_holder = False

    def __init__(self, url: str) -> None:
        self.url = url
        self.where = normalise_url(url).render_as_string(hide_password=True)
        self._engine: Engine | None = None
        self._conn: Connection | None = None

    def _connect(self) -> Connection:
        if self._engine is None:
            self._engine = make_engine(self.url, poolclass=NullPool)
        return self._engine.connect()

    def acquire(self) -> bool:
        if self._conn is not None and self.alive():
            return True
        self._drop()
        try:
            conn = self._connect()
            got = bool(conn.execute(text("SELECT pg_try_advisory_lock(:k)"), {"k": DAEMON_LOCK_ID}).scalar())
            # A session lock outlives the transaction; end it so the connection idles cleanly.
            conn.execute(text("SELECT set_config('application_name', :n, false)"),
                         {"n": f"arbitro daemon {who()}"[:63]})
            conn.commit()
        except SQLAlchemyError:
            return False
        if not got:
            conn.close()
            return False
        self._conn = conn
        return True

    def alive(self) -> bool:
        if self._conn is None:
            return False
        try:
            self._conn.execute(text("SELECT 1"))
            self._conn.commit()
            return True
        except SQLAlchemyError:
            self._drop()
            return False

    def holder(self) -> str:
        try:
            with self._connect() as conn:
                row = conn.execute(text(
                    "SELECT a.application_name, a.client_addr FROM pg_locks l "
                    "JOIN pg_stat_activity a ON a.pid = l.pid "
                    "WHERE l.locktype = 'advisory' AND l.granted AND l.database = "
                    "(SELECT oid FROM pg_database WHERE datname = current_database()) "
                    "AND l.objid = :k"), {"k": DAEMON_LOCK_ID & 0xFFFFFFFF}).first()
        except SQLAlchemyError:
            return ""
        if row is None:
            return ""
        name, addr = row
        return f"{name or 'a process'}" + (f" from {addr}" if addr else "")

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except SQLAlchemyError:
                pass
            self._conn = None

    def release(self) -> None:
        if self._conn is not None:
            try:
                self._conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": DAEMON_LOCK_ID})
                self._conn.commit()
            except SQLAlchemyError:
                pass  # closing the connection releases it anyway
        self._drop()
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None


# -- the fence ----------------------------------------------------------------------------


# The fence's transaction lock (distinct from the daemon's session lock above).
FENCE_LOCK_ID = zlib.crc32(b"arbitro.fence")
_FENCE_SHARED = text("SELECT pg_advisory_xact_lock_shared(:k)")
_FENCE_ALONE = text("SELECT pg_advisory_xact_lock(:k)")
_EPOCH = text(f"SELECT epoch FROM daemon_lease WHERE id = {_ROW}")


def _postgresql(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


@dataclass
class Fence:
    """This daemon's epoch on one store: taken once, checked by every transaction."""

    epoch: int | None = None
    lock_timeout: float = 5.0  # seconds a takeover waits, each try, for the old holder's transactions

    def take(self, store: Store, holder: str, now: datetime) -> bool:
        """Raise the epoch and hold it. On PostgreSQL the raise waits for the transactions
        the previous holder has under way (each holds the fence's lock shared) and commits
        after them. True when the previous holder let go cleanly, or there was none."""
        while True:
            try:
                with store.begin() as uow:
                    session = uow.session
                    if _postgresql(session):
                        session.execute(text(f"SET LOCAL lock_timeout = '{int(self.lock_timeout * 1000)}ms'"))
                        session.execute(_FENCE_ALONE, {"k": FENCE_LOCK_ID})
                    row = session.execute(
                        select(DaemonLease).where(DaemonLease.id == _ROW).with_for_update()
                    ).scalar_one_or_none()
                    if row is None:
                        row = DaemonLease(id=_ROW, epoch=0, holder="", released=True,
                                          clock_confirmed=False)
                        session.add(row)
                    clean = bool(row.released)
                    row.epoch += 1
                    row.holder = holder[:200]
                    row.taken_at = now
                    row.released = False
                    session.flush()
                    epoch = row.epoch
            except OperationalError:  # the old holder's transaction outlived lock_timeout
                time.sleep(0.05)
                continue
            self.epoch = epoch
            return clean

    def assert_held(self, session: Session) -> None:
        """First statements of every transaction of the holder: the epoch is still ours.
        On PostgreSQL the fence's lock is taken shared first (for the transaction: a
        takeover waits for it to end, and it waits for a takeover under way), then the
        epoch read in a statement of its own, so that it sees a takeover just committed.
        Nothing is written: a read-only transaction stays one."""
        if _postgresql(session):
            session.execute(_FENCE_SHARED, {"k": FENCE_LOCK_ID})
        held = session.execute(_EPOCH).scalar_one_or_none()
        if self.epoch is None or held != self.epoch:
            raise LeaseLost(f"the store's epoch is {held}, this daemon's {self.epoch}")

    def guard(self, on_lost: Callable[[], None]) -> Callable[[Session], None]:
        """``assert_held`` as a Store.guard that calls ``on_lost`` (in whichever thread opened
        the transaction) before it raises ``LeaseLost``."""

        def checked(session: Session) -> None:
            try:
                self.assert_held(session)
            except LeaseLost:
                on_lost()
                raise

        return checked

    def let_go(self, store: Store) -> None:
        """Mark the lease released, if it is still ours: the next daemon need not wait."""
        if self.epoch is None:
            return
        try:
            with store.begin() as uow:
                uow.session.execute(
                    update(DaemonLease)
                    .where(DaemonLease.id == _ROW, DaemonLease.epoch == self.epoch)
                    .values(released=True, holder="")
                )
        except (LeaseLost, SQLAlchemyError):
            pass  # taken over, or the database is away: the next one waits its grace


# -- a held jump of the wall clock (daemon/clock.py), on the same row ----------------------


@dataclass(frozen=True)
class ClockHold:
    wall: datetime  # what the wall clock said
    held: datetime  # the daemon's own count at that moment
    confirmed: bool  # the GM's word: the wall clock is right


def clock_hold(store: Store) -> ClockHold | None:
    """The jump the daemon holds, if any."""
    with store.begin() as uow:
        row = uow.session.get(DaemonLease, _ROW)
        if row is None or row.clock_wall is None or row.clock_held is None:
            return None
        return ClockHold(row.clock_wall, row.clock_held, bool(row.clock_confirmed))


def hold_clock(store: Store, wall: datetime, held: datetime) -> None:
    """The daemon holds a jump (kept for the GM's ``arbitro clock``, and its word)."""
    with store.begin() as uow:
        uow.session.execute(update(DaemonLease).where(DaemonLease.id == _ROW).values(
            clock_wall=wall, clock_held=held, clock_confirmed=False))


def release_clock(store: Store) -> None:
    """The jump is undone or confirmed: nothing held any more."""
    with store.begin() as uow:
        uow.session.execute(update(DaemonLease).where(DaemonLease.id == _ROW).values(
            clock_wall=None, clock_held=None, clock_confirmed=False))


def confirm_clock(store: Store) -> ClockHold | None:
    """The GM's word (a process of its own, not the daemon): the held jump, now
    confirmed; None when nothing is held."""
    with store.begin() as uow:
        row = uow.session.get(DaemonLease, _ROW, with_for_update=True)
        if row is None or row.clock_wall is None or row.clock_held is None:
            return None
        row.clock_confirmed = True
        return ClockHold(row.clock_wall, row.clock_held, True)
