"""A fresh database per test: an SQLite file, and a PostgreSQL database created on the
local server (127.0.0.1:5432, trust auth) and dropped afterwards."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from pg_server import PG_HOST, PG_PORT, no_server
from pg_server import pg_admin as _pg_admin
from pg_server import pg_exec as _pg_exec

from arbitro.store import Store, open_store


@pytest.fixture(scope="session")
def pg_user() -> str:
    user = _pg_admin()
    if user is None:
        no_server()
    return user


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'arbitro.sqlite3'}"
        return
    user = request.getfixturevalue("pg_user")
    name = f"arbitro_test_{secrets.token_hex(6)}"
    _pg_exec(user, f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://{user}@{PG_HOST}:{PG_PORT}/{name}"
    finally:
        _pg_exec(user, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = open_store(db_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def now() -> datetime:
    return datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
