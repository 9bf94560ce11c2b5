"""One daemon per store, and a standby that takes over (issue 20, finding 1).

A second ``arbitro run`` (or ``arbitro dev``) on the same store used to start silently and
race the first on the same games. Now the running daemon holds a lock on the store (a
PostgreSQL advisory lock; a lock file beside an SQLite database): a second one refuses
with one clear line, unless started with ``--standby``, when it waits and takes over as
soon as the active one dies. Here the active one is killed with SIGKILL mid-turn, on
PostgreSQL: the standby finishes the turn, and no mail is lost or handled twice.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from faults.longrun import note
from harness import counts, holders, order_mail, received
from mail.servers import Dovecot
from test_e2e_restart import ROOT, Running, wait
from test_kill9 import (  # noqa: F401
    GAME,
    OPENINGS,
    REFEREE,
    Trial,
    game_state,
    outbox_rows,
    reference,
)

from arbitro.mail.outbound.compose import message_id_for


class Standby(Running):
    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "arbitro", "run", "--config", str(self.config),
                 "--tick-seconds", "1", "--standby"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            )


def _second_run(config: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbitro", "run", "--config", str(config)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)


def _refused(trial: Trial) -> None:
    trial.start()
    second = _second_run(trial.config)
    assert second.returncode == 3
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1, second.stderr
    assert "another arbitro daemon is already running on this store" in lines[0]
    assert "--standby" in lines[0]
    assert trial.daemon.process is not None and trial.daemon.process.poll() is None  # untouched
    trial.stop()


def test_a_second_daemon_on_sqlite_refuses_in_one_line(dovecot: Dovecot, tmp_path: Path) -> None:
    trial = Trial(dovecot, tmp_path, "sqlite")
    try:
        _refused(trial)
    finally:
        trial.close()


def test_a_second_daemon_on_postgresql_refuses_in_one_line(
    dovecot: Dovecot, tmp_path: Path, pg_databases: Callable[[], str]
) -> None:
    trial = Trial(dovecot, tmp_path, "pg", pg_databases())
    try:
        _refused(trial)
    finally:
        trial.close()


def test_a_second_daemon_reaching_the_sqlite_file_by_another_path_refuses(
    dovecot: Dovecot, tmp_path: Path
) -> None:
    """Finding 6 of issue 25: the lock belonged to the path; a second ``arbitro run``
    reaching the same file through a symlink or a hard link started and raced the first."""
    trial = Trial(dovecot, tmp_path, "sqlite")
    try:
        trial.start()
        db = Path(trial.url.removeprefix("sqlite:///"))
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "elsewhere" / "link.sqlite3").symlink_to(db)
        os.link(db, tmp_path / "elsewhere" / "hard.sqlite3")
        for other in ("link.sqlite3", "hard.sqlite3"):
            config = tmp_path / f"{other}.toml"
            config.write_text(trial.config.read_text().replace(
                trial.url, f"sqlite:///{tmp_path / 'elsewhere' / other}"))
            second = _second_run(config)
            assert second.returncode == 3, (other, second.stderr)
            assert "another arbitro daemon is already running on this store" in second.stderr
            if other == "link.sqlite3":  # the holder, read from the store (a hard link
                assert "pid " in second.stderr  # has SQLite look for another -wal file)
        assert trial.daemon.process is not None and trial.daemon.process.poll() is None
        trial.stop()
    finally:
        trial.close()


def test_the_standby_takes_over_after_kill9_mid_turn(
    reference: dict[str, Any], dovecot: Dovecot, tmp_path: Path,  # noqa: F811
    pg_databases: Callable[[], str],
) -> None:
    trial = Trial(dovecot, tmp_path, "standby", pg_databases())
    standby = Standby(trial.config, tmp_path / "standby.log")
    try:
        trial.start()
        standby.start()
        wait(lambda: b"standby: another daemon holds" in standby.log.read_bytes(),
             what="standby waiting", log=standby.log)
        trial.deliver_orders()
        # Mid-turn: once the first mails are handled, before the turn is reported.
        wait(lambda: trial.stage() != "mails" or len(trial.sink.received) >= 3,
             what="turn under way", log=trial.log)
        stage = trial.stage()
        trial.daemon.kill9()
        killed = time.monotonic()
        wait(lambda: b"the active daemon is gone" in standby.log.read_bytes(), timeout=30,
             what="standby took over", log=standby.log)
        took = time.monotonic() - killed
        wait(trial.finished, timeout=90, what="finished by the standby", log=standby.log)
        expected = {message_id_for(r.idempotency_key, REFEREE) for r in outbox_rows(trial.store)}
        got = received(trial.sink)
        assert standby.terminate() == 0
    finally:
        if standby.process is not None and standby.process.poll() is None:
            standby.kill9()
        trial.close()
    assert took < 30
    assert game_state(trial.url) == reference["state"]
    seen = counts(g.message_id for g in got)
    assert set(seen) == expected
    assert {mid: n for mid, n in seen.items() if n > 1} == {}
    assert trial.account.folder("INBOX") == []
    assert len(trial.account.folder("arbitro.processed")) == 7
    note("standby", f"killed at {stage}; the standby took over in {took:.1f} s; "
                    f"{len(got)} mails received, 0 twice")


def _when(line: bytes) -> datetime:
    """The moment a daemon's log line was written (logs.py: asctime with milliseconds)."""
    return datetime.strptime(line[:23].decode(), "%Y-%m-%d %H:%M:%S,%f")


def _work_after(log: Path, moment: datetime) -> list[str]:
    """What a daemon did after ``moment``: mails handled, steps, mails sent or failed."""
    work = re.compile(rb" arbitro\.mail: mail \d+ | arbitro\.daemon: game |outbox")
    return [line.decode(errors="replace") for line in log.read_bytes().splitlines()
            if line[:4].isdigit() and _when(line) > moment and work.search(line)
            and b"seen before" not in line]


def _terminate_lock_backend(url: str) -> int:
    """Cut the active daemon's lock connection, as a PostgreSQL failover or a network blip
    does (the server itself keeps running): its advisory lock goes with it. The lock's
    connection names itself "arbitro daemon ..." (store/lease.py)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        rows = c.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND application_name LIKE 'arbitro daemon%'").fetchall()
    return len(rows)


def test_a_daemon_that_loses_its_lock_stops_before_the_standby_works(
    reference: dict[str, Any], dovecot: Dovecot, tmp_path: Path,  # noqa: F811
    pg_databases: Callable[[], str],
) -> None:
    """Finding 5 of issue 25: the lock's backend terminated under a live daemon; the
    standby takes the lock while the old daemon still runs. Order mails arrive in that
    window: every mail is handled once, every mail goes out once, and the old daemon stops
    by itself."""
    trial = Trial(dovecot, tmp_path, "lost", pg_databases())
    standby = Standby(trial.config, tmp_path / "standby.log")
    try:
        trial.start()
        standby.start()
        wait(lambda: b"standby: another daemon holds" in standby.log.read_bytes(),
             what="standby waiting", log=standby.log)
        for _ in range(20):  # until the standby, not the old daemon, gets the lock first
            taken_back = trial.log.read_bytes().count(b"lost and taken back")
            assert _terminate_lock_backend(trial.url) == 1
            cut = time.monotonic()
            wait(lambda n=taken_back: b"the active daemon is gone" in standby.log.read_bytes()
                 or trial.log.read_bytes().count(b"lost and taken back") > n, timeout=30,
                 what="the lock taken again", log=standby.log)
            if b"the active daemon is gone" in standby.log.read_bytes():
                break
        players = holders(trial.store, GAME)
        for power, lines in OPENINGS.items():  # the mails come while both may be alive
            address = players[power]
            trial.account.deliver(order_mail(address, "\n".join(lines),
                                             password=f"pw{address[1]}",
                                             to=f"arbitro+{GAME}@example.org"))
            time.sleep(0.3)
        wait(lambda: trial.daemon.process is not None and trial.daemon.process.poll() is not None,
             timeout=30, what="the old daemon stopped by itself", log=trial.log)
        stopped = time.monotonic() - cut
        wait(trial.finished, timeout=90, what="finished by the standby", log=standby.log)
        (took,) = [line for line in standby.log.read_bytes().splitlines()
                   if b"the active daemon is gone" in line]
        expected = {message_id_for(r.idempotency_key, REFEREE) for r in outbox_rows(trial.store)}
        got = received(trial.sink)
        assert standby.terminate() == 0
    finally:
        if standby.process is not None and standby.process.poll() is None:
            standby.kill9()
        trial.close()
    assert b"another daemon took the store" in trial.log.read_bytes()
    assert _work_after(trial.log, _when(took)) == []  # nothing once the standby began
    assert stopped < 5  # at once: its next transaction fails, or its next check (1 s)
    assert game_state(trial.url) == reference["state"]
    seen = counts(g.message_id for g in got)
    assert set(seen) == expected
    assert {mid: n for mid, n in seen.items() if n > 1} == {}
    assert trial.account.folder("INBOX") == []
    assert len(trial.account.folder("arbitro.processed")) == 7
    (halted,) = [line for line in trial.log.read_bytes().splitlines()
                 if b"another daemon took the store" in line]
    lag = (_when(halted) - _when(took)).total_seconds()
    note("standby", f"lock backend terminated: the standby fenced the store "
                    f"{stopped:.1f} s after the cut at most; the old daemon halted {lag * 1000:+.0f} ms "
                    f"from that fence (before: it found the lock taken; after: its next "
                    f"transaction was refused); {len(got)} mails received, 0 twice")
