"""Bring a database to the newest schema at start, safely when two processes start at once."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text
from sqlalchemy.engine import URL

from .engine import is_memory_sqlite, make_engine, normalise_url

# Top-level migrations/ of the source tree (editable installs, Docker); override for others.
MIGRATIONS_DIR = Path(
    os.environ.get(
        "ARBITRO_MIGRATIONS", Path(__file__).resolve().parent.parent.parent / "migrations"
    )
)
# PostgreSQL advisory lock id: any constant shared by every arbitro process.
ADVISORY_LOCK_ID = zlib.crc32(b"arbitro.migrate")


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    if len(heads) != 1:
        raise RuntimeError(f"migrations have {len(heads)} heads: {heads}")
    return heads[0]


def current_revision(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def migrate(target: str | URL | Engine) -> str:
    """Upgrade to head and return the revision. Idempotent.

    The whole upgrade runs in one transaction under a lock: a PostgreSQL advisory
    transaction lock, or SQLite's BEGIN EXCLUSIVE (the second process waits on the
    busy timeout, then finds the schema current). SQLite migrations run with foreign
    keys off, as table rebuilds need.
    """
    owned = not isinstance(target, Engine)
    if isinstance(target, Engine):
        engine = target
    else:
        url = normalise_url(target)
        if is_memory_sqlite(url):
            raise ValueError("an in-memory SQLite database must be migrated through its Engine")
        engine = make_engine(url, foreign_keys=False, begin="BEGIN EXCLUSIVE")
    try:
        with engine.begin() as connection:
            if connection.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK_ID}
                )
            command.upgrade(alembic_config(connection), "head")
            revision = current_revision(connection)
    finally:
        if owned:
            engine.dispose()
    return revision or ""
