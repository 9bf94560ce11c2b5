"""The local PostgreSQL server the tests use (127.0.0.1:5432, trust auth)."""

from __future__ import annotations

PG_HOST, PG_PORT = "127.0.0.1", 5432
PG_USERS = ("postgres", "root")


def pg_admin() -> str | None:
    """A user that may create databases, or None when no server answers."""
    try:
        import psycopg
    except ImportError:
        return None
    for user in PG_USERS:
        try:
            with psycopg.connect(
                host=PG_HOST, port=PG_PORT, user=user, dbname="postgres", connect_timeout=3
            ):
                return user
        except psycopg.OperationalError:
            continue
    return None


def pg_exec(user: str, sql: str) -> None:
    """Run one statement on the server's ``postgres`` database, outside a transaction."""
    import psycopg

    with psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=user, dbname="postgres", autocommit=True
    ) as conn:
        conn.execute(sql)  # type: ignore[arg-type]


def no_server() -> None:
    """Skip on a machine without the server; in CI, where it runs, fail loudly instead."""
    import os

    import pytest

    why = f"no PostgreSQL server at {PG_HOST}:{PG_PORT}"
    if os.environ.get("CI"):
        pytest.fail(f"CI without PostgreSQL: {why}")
    pytest.skip(why)
