"""Migrations: from empty to head, idempotent, matching the models, and safe when several
processes start at once."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from arbitro.store import (
    head_revision,
    make_engine,
    migrate,
    models,  # noqa: F401  (registers the tables)
)
from arbitro.store.base import Base


def _tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return set(inspect(conn).get_table_names())
    finally:
        engine.dispose()


def test_migrate_from_empty_creates_every_table(db_url: str) -> None:
    assert _tables(db_url) == set()
    assert migrate(db_url) == head_revision()
    assert _tables(db_url) == set(Base.metadata.tables) | {"alembic_version"}


def test_migrated_schema_matches_the_models(db_url: str) -> None:
    migrate(db_url)
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        engine.dispose()
    assert diff == []


def test_migrate_twice_is_a_no_op(db_url: str) -> None:
    first = migrate(db_url)
    engine = make_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO audit_log (at, actor, action, details) "
                    "VALUES ('2025-01-01 00:00:00', 'gm', 'probe', '{}')"
                )
            )
        second = migrate(db_url)
        with engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
            probes = conn.execute(text("SELECT count(*) FROM audit_log")).scalar_one()
    finally:
        engine.dispose()
    assert first == second == head_revision()
    assert versions == [(head_revision(),)]
    assert probes == 1  # data survives a second start


def _migrate_when_released(url: str, barrier: object, results: object) -> None:
    try:
        barrier.wait(timeout=30)  # type: ignore[attr-defined]
        results.put(("ok", migrate(url)))  # type: ignore[attr-defined]
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which fails the test
        results.put(("error", repr(exc)))  # type: ignore[attr-defined]


def test_processes_migrating_at_once_all_succeed(db_url: str) -> None:
    workers = 8  # a new SQLite file: all but one wait, even to switch it to WAL
    ctx = multiprocessing.get_context("fork")
    barrier, results = ctx.Barrier(workers), ctx.Queue()
    procs = [
        ctx.Process(target=_migrate_when_released, args=(db_url, barrier, results))
        for _ in range(workers)
    ]
    for proc in procs:
        proc.start()
    outcomes = [results.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    assert outcomes == [("ok", head_revision())] * workers
    assert _tables(db_url) == set(Base.metadata.tables) | {"alembic_version"}


def test_a_new_sqlite_file_another_process_is_migrating_is_waited_for(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Switching a new file to WAL needs it to itself, and while another connection is
    writing SQLite fails at once instead of waiting on its busy timeout: the engine must
    wait, not fail with "database is locked" (seen with eight processes migrating a new
    file at once)."""
    path = tmp_path / "new.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")  # a writer in the middle of its transaction
    holder.execute("INSERT INTO t VALUES (1)")
    release = threading.Timer(0.5, lambda: holder.execute("COMMIT"))
    release.start()
    engine = make_engine(f"sqlite:///{path}")
    began = time.monotonic()
    try:
        with engine.connect() as conn:
            mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
    finally:
        engine.dispose()
        release.join()
        holder.close()
    assert mode == "wal"
    assert time.monotonic() - began >= 0.4  # it waited for the lock


def test_0013_takes_the_stored_words_out_and_the_rows_still_read(db_url: str) -> None:
    """Rows written before 0013 carried words (English reasons, the player's words about
    each line); the migration keeps their codes and takes the words out."""
    import json

    from alembic import command

    from arbitro.store.codec import played_of, submission_orders
    from arbitro.store.migrate import alembic_config
    from arbitro.diplomacy.position import start_position
    from arbitro.variants import load_board

    engine = make_engine(db_url, foreign_keys=False)
    with engine.begin() as conn:
        command.upgrade(alembic_config(conn), "0011")
        results = {"phase": "S1901M", "results": [
            {"power": "FRANCE", "order": "A PAR - BUR", "result": "fails",
             "reason": "bounced in BUR", "code": "bounced", "detail": ["BUR"], "source": "player"}]}
        parsed = [{"line": 1, "text": "A Par - Bur", "status": "ok", "code": "",
                   "message": "", "suggestion": None, "order": "A PAR - BUR"},
                  {"line": 2, "text": "A Mar - Ber", "status": "void", "code": "unreachable",
                   "message": "Marsiglia non confina con Berlino", "suggestion": None,
                   "order": "A MAR - BER"}]
        conn.execute(text("INSERT INTO games (id, name, variant, language, status, settings, "
                          "created_at) VALUES ('g', 'G', 'standard', 'it', 'active', '{}', "
                          "'2025-01-01 00:00:00')"))
        conn.execute(text("INSERT INTO phases (id, game_id, seq, code, position_before, status, "
                          "opened_at, lateness, late_days, waiting, results) VALUES (1, 'g', 1, "
                          "'S1901M', '{}', 'processed', '2025-01-01 00:00:00', '{}', 0, '[]', :r)"),
                     {"r": json.dumps(results)})
        conn.execute(text("INSERT INTO orders (phase_id, power, text, parsed, received_at, "
                          "superseded) VALUES (1, 'FRANCE', 'A Par - Bur', :p, "
                          "'2025-01-01 00:00:00', false)"), {"p": json.dumps(parsed)})
    engine.dispose()
    migrate(db_url)
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            stored = _json(conn.execute(text("SELECT results FROM phases")).scalar_one())
            lines = _json(conn.execute(text("SELECT parsed FROM orders")).scalar_one())
    finally:
        engine.dispose()
    assert all("reason" not in line for line in stored["results"])
    assert stored["results"][0]["code"] == "bounced"
    assert all("message" not in line for line in lines)
    assert [line["code"] for line in lines] == ["", "unreachable"]
    board = load_board("standard")
    (result,) = played_of(board, start_position(board), stored).outcome.results
    assert (result.reason, result.detail) == ("bounced", ("BUR",))
    assert len(submission_orders(board, "FRANCE", lines)) == 1


def _json(value: object) -> Any:
    """A JSON column as read without the models: text on SQLite, parsed on PostgreSQL."""
    import json

    return json.loads(value) if isinstance(value, str) else value
