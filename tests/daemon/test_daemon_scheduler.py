"""The deadline scheduler: the wake-up job lives in the database, and a deadline that
passed while the daemon was down fires as soon as it starts."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from service.service_helpers import START, game_table, make_config
from sqlalchemy import create_engine, text

from arbitro.config import Config
from arbitro.daemon import Daemon, DeadlineScheduler
from arbitro.daemon.scheduler import DEADLINE_JOB, JOB_TABLE


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def run(coro) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(coro, 30))


async def until(check, timeout: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "condition not reached"
        await asyncio.sleep(0.02)


def stored_jobs(db: Path) -> list[tuple[str, float]]:
    engine = create_engine(f"sqlite:///{db}")
    with engine.connect() as conn:
        rows = conn.execute(text(f"SELECT id, next_run_time FROM {JOB_TABLE}")).all()
    engine.dispose()
    return [(r[0], r[1]) for r in rows]


def test_a_stored_job_that_came_due_while_stopped_fires_at_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'jobs.sqlite3'}"
    fired: list[float] = []

    async def tick() -> None:
        fired.append(time.monotonic())

    async def first() -> None:
        s = DeadlineScheduler(url, tick, clock=lambda: datetime.now(UTC), safety_seconds=0)
        s.start()
        s.schedule(datetime.now(UTC) + timedelta(seconds=0.3))
        assert s.stored_wakeup() is not None
        s.stop()  # down before the moment comes

    async def second() -> None:
        s = DeadlineScheduler(url, tick, clock=lambda: datetime.now(UTC), safety_seconds=0)
        s.start()  # nothing scheduled by hand: the stored job is late and fires
        await until(lambda: len(fired) == 1)
        await asyncio.sleep(0.3)
        s.stop()

    run(first())
    assert [job for job, _ in stored_jobs(tmp_path / "jobs.sqlite3")] == [DEADLINE_JOB]
    time.sleep(0.5)
    assert fired == []
    run(second())
    assert len(fired) == 1  # once (coalesced), and the date job is gone
    assert stored_jobs(tmp_path / "jobs.sqlite3") == []


def config_for(db: Path) -> Config:
    config = make_config(game_table("sched", reminders=[]))
    server = config.server.__class__(**{**config.server.__dict__,
                                        "database_url": f"sqlite:///{db}"})
    return Config(config.path, server, config.games)


def test_the_daemon_processes_a_deadline_missed_while_it_was_down(tmp_path: Path) -> None:
    db = tmp_path / "sched.sqlite3"
    config = config_for(db)
    clock = Clock(START)
    state: dict[str, object] = {}

    async def before() -> None:
        daemon = Daemon(config, clock=clock, render_map=None, tick_seconds=3600)
        await daemon.start()
        await until(lambda: "sched:started" in daemon.steps)
        await until(lambda: daemon.next_wakeup is not None and daemon.next_wakeup > START)
        state["deadline"] = daemon.next_wakeup
        state["stored"] = daemon.scheduler.stored_wakeup()  # type: ignore[union-attr]
        await daemon.stop()

    async def after() -> None:
        daemon = Daemon(config, clock=clock, render_map=None, tick_seconds=3600)
        await daemon.start()  # no tick asked for: the scheduler does it
        await until(lambda: "sched:late" in daemon.steps)
        state["steps"] = list(daemon.steps)
        await daemon.stop()

    run(before())
    deadline = state["deadline"]
    assert deadline == START + timedelta(days=3)  # the first movement deadline
    stored = state["stored"]
    assert isinstance(stored, datetime)
    # stored on the real clock, as far ahead as the deadline on the daemon's clock
    assert abs((stored - datetime.now(UTC)) - (deadline - START)) < timedelta(seconds=30)
    assert [job for job, _ in stored_jobs(db)] == [DEADLINE_JOB]
    clock.now = deadline + timedelta(hours=1)  # the daemon was down over the deadline
    run(after())
    assert state["steps"] == ["sched:late"]  # R-LATE-2: nobody ordered, one late day
