"""Engines for any SQLAlchemy URL, with the SQLite settings a daemon needs."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import StaticPool

SQLITE_BUSY_MS = 30_000


def normalise_url(url: str | URL) -> URL:
    """Plain ``postgresql://`` means psycopg 3, the driver arbitro depends on."""
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def is_memory_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:")


def _wal(cursor: Any) -> None:
    """Switch to WAL. SQLite needs the file to itself for that and does not wait on the
    busy timeout: on a new file that another process is migrating it fails at once
    ("database is locked"), so try again until the busy timeout would have run out. Once
    the file is in WAL mode (it stays so) this is a no-op."""
    deadline = time.monotonic() + SQLITE_BUSY_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def make_engine(
    url: str | URL, *, foreign_keys: bool = True, begin: str = "BEGIN IMMEDIATE", **kwargs: Any
) -> Engine:
    """An engine for ``url``.

    SQLite: the driver's own transaction handling is switched off so that SQLAlchemy's
    transactions are real ones (savepoints, transactional DDL) and start with ``begin``.
    BEGIN IMMEDIATE takes the write lock at once, so two processes wait for each other
    (busy timeout) instead of failing when a reader tries to become a writer.
    """
    parsed = normalise_url(url)
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(parsed, **kwargs)
    memory = is_memory_sqlite(parsed)
    if memory:  # one shared connection, or every checkout sees an empty database
        kwargs.setdefault("poolclass", StaticPool)
        kwargs.setdefault("connect_args", {"check_same_thread": False})
    engine = create_engine(parsed, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # no implicit BEGIN/COMMIT from pysqlite
        cursor = dbapi_conn.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
        cursor.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        if not memory:
            _wal(cursor)  # readers do not block the writer
            cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        conn.exec_driver_sql(begin)

    return engine
