"""Alembic environment: uses the connection arbitro passes in, or ``-x url=...`` by hand."""

from __future__ import annotations

from alembic import context

from arbitro.store import models  # noqa: F401  (registers the tables)
from arbitro.store.base import Base

config = context.config
target_metadata = Base.metadata


def include_name(name: str | None, type_: str, parent_names: object) -> bool:
    # Tables owned by others in the same database (APScheduler's job store) stay out of
    # autogenerate.
    if type_ == "table":
        return name in target_metadata.tables
    return True


def _configure(connection: object) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        include_name=include_name,
        render_as_batch=True,  # SQLite alters tables by rebuilding them
        compare_type=True,
    )


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        with context.begin_transaction():
            context.run_migrations()
        return
    from arbitro.store.engine import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or "sqlite:///arbitro.sqlite3"
    engine = make_engine(url, foreign_keys=False, begin="BEGIN EXCLUSIVE")
    with engine.begin() as conn:
        _configure(conn)
        with context.begin_transaction():
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline mode is not supported; pass -x url=... instead")
run()
