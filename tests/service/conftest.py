"""Service tests run on SQLite and PostgreSQL (127.0.0.1:5432, trust auth).

PostgreSQL databases are created by a session-wide factory and all dropped when the
session ends; SQLite databases are files under tmp_path. Helpers build configs and drive
games with an injected clock.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pg_server import PG_HOST, PG_PORT, no_server
from pg_server import pg_admin as _pg_admin
from pg_server import pg_exec as _pg_exec

from arbitro.store import Store, open_store


@pytest.fixture(scope="session")
def pg_databases() -> Iterator[Callable[[], str]]:
    """Make PostgreSQL databases for this session; all dropped at its end."""
    made: list[str] = []
    user = _pg_admin()

    def make() -> str:
        if user is None:
            no_server()
        name = f"arbitro_service_{secrets.token_hex(6)}"
        _pg_exec(user, f'CREATE DATABASE "{name}"')
        made.append(name)
        return f"postgresql://{user}@{PG_HOST}:{PG_PORT}/{name}"

    yield make
    for name in made:
        assert user is not None
        _pg_exec(user, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def new_db(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[], str]:
    """A factory of empty databases of the parametrised kind."""
    counter = iter(range(1000))
    if request.param == "sqlite":
        return lambda: f"sqlite:///{tmp_path / f'arbitro{next(counter)}.sqlite3'}"
    return request.getfixturevalue("pg_databases")  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def pg_session_url(pg_databases: Callable[[], str]) -> str:
    """One PostgreSQL database for the session: tests that share it use their own game ids."""
    return pg_databases()


@pytest.fixture
def store(request: pytest.FixtureRequest, new_db: Callable[[], str]) -> Iterator[Store]:
    shared = request.node.callspec.params.get("new_db") == "postgresql"
    opened = open_store(request.getfixturevalue("pg_session_url") if shared else new_db())
    try:
        yield opened
    finally:
        opened.close()


