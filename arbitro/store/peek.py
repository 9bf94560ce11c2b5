"""Read-only looks at a store that may not exist yet (check-config), creating nothing."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect, text
from sqlalchemy.exc import SQLAlchemyError

from .engine import is_memory_sqlite, make_engine, normalise_url


def stored_game_ids(url: str) -> frozenset[str] | None:
    """The ids of the games a store holds; None when there is no store to read (no file yet,
    an unreachable server: for ``run`` to report when it starts)."""
    parsed = normalise_url(url)
    if parsed.get_backend_name() == "sqlite":
        if is_memory_sqlite(parsed) or not parsed.database or not Path(parsed.database).exists():
            return None  # looking must not create an empty database file
    try:
        engine = make_engine(parsed)
    except (SQLAlchemyError, ImportError):
        return None
    try:
        with engine.connect() as conn:
            if not inspect(conn).has_table("games"):
                return frozenset()
            return frozenset(str(row[0]) for row in conn.execute(text("SELECT id FROM games")))
    except SQLAlchemyError:
        return None
    finally:
        engine.dispose()
