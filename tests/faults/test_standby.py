"""One daemon per store, and a standby that takes over (issue 20, finding 1).

A second ``arbitro run`` (or ``arbitro dev``) on the same store used to start silently and
race the first on the same games. Now the running daemon holds a lock on the store (a
PostgreSQL advisory lock; a lock file beside an SQLite database): a second one refuses
with one clear line, unless started with ``--standby``, when it waits and takes over as
soon as the active one dies. Here the active one is killed with SIGKILL mid-turn, on
PostgreSQL: the standby finishes the turn, and no mail is lost or handled twice.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from faults.longrun import note
from harness import counts, received
from mail.servers import Dovecot
from test_e2e_restart import ROOT, Running, wait
from test_kill9 import REFEREE, Trial, game_state, outbox_rows, reference  # noqa: F401

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
                          cwd=ROOT, capture_output=True, text=True, timeout=60)


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


def test_the_standby_takes_over_after_kill9_mid_turn(
    reference: dict[str, Any], dovecot: Dovecot, tmp_path: Path,
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
        wait(lambda: b"taking over" in standby.log.read_bytes(), timeout=30,
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
