"""One daemon per store: a lock the running daemon holds for as long as it lives.

Two daemons on one store would race on the same games and mailbox. The lock dies with its
holder (a killed process included), so a standby can wait for it and take over:

- PostgreSQL: a session advisory lock on a connection of its own. The server drops it
  when that connection ends, which a killed process's connection does at once.
- SQLite: ``flock`` on a file beside the database (``arbitro.sqlite3.lock``), which the
  kernel releases when the holder dies. The file also says who holds it, for the message.
- In-memory SQLite is private to its process: nothing to share, nothing to lock.
"""

from __future__ import annotations

import fcntl
import os
import socket
import zlib
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Protocol

from sqlalchemy import Connection, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from .engine import is_memory_sqlite, make_engine, normalise_url

# Distinct from the migration lock (store/migrate.py); advisory locks are per database.
DAEMON_LOCK_ID = zlib.crc32(b"arbitro.daemon")


class StoreLease(Protocol):
    where: str  # what is locked, for messages

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
        return _FileLease(Path(f"{parsed.database}.lock"))
    return _AdvisoryLease(url)


def _who() -> str:
    return f"pid {os.getpid()} on {socket.gethostname()} since {datetime.now(UTC):%Y-%m-%d %H:%M} UTC"


class _Private:
    where = "an in-memory database"

    def acquire(self) -> bool:
        return True

    def alive(self) -> bool:
        return True

    def holder(self) -> str:
        return ""

    def release(self) -> None:
        pass


class _FileLease:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self._file: IO[str] | None = None

    def acquire(self) -> bool:
        if self._file is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = self.path.open("a+", encoding="utf-8")
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            fh.close()
            return False
        fh.seek(0)
        fh.truncate()
        fh.write(_who() + "\n")
        fh.flush()
        self._file = fh
        return True

    def alive(self) -> bool:
        return self._file is not None

    def holder(self) -> str:
        try:
            return self.path.read_text(encoding="utf-8").strip()
        except OSError:
            return ""

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


class _AdvisoryLease:
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
                         {"n": f"arbitro daemon {_who()}"[:63]})
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
