"""Deadlines on APScheduler 3.11: one persistent "next wake-up" job plus a safety tick.

The referee knows when something is next due (``Referee.next_wakeup``); this module keeps
one date job for that moment in APScheduler's SQLAlchemy job store, in the referee's own
database, so a deadline that passed while the daemon was down fires as soon as it starts
(``misfire_grace_time=None``, ``coalesce=True``). A periodic tick in memory catches
anything a lost or late job would miss.

Stored jobs name their target by reference, so the target is a module-level coroutine
that finds the running daemon through a per-process registry keyed by database.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from apscheduler.executors.asyncio import AsyncIOExecutor  # type: ignore[import-untyped]
from apscheduler.jobstores.base import BaseJobStore, JobLookupError  # type: ignore[import-untyped]
from apscheduler.jobstores.memory import MemoryJobStore  # type: ignore[import-untyped]
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore  # type: ignore[import-untyped]
from apscheduler.schedulers.asyncio import AsyncIOScheduler  # type: ignore[import-untyped]
from apscheduler.triggers.date import DateTrigger  # type: ignore[import-untyped]
from apscheduler.triggers.interval import IntervalTrigger  # type: ignore[import-untyped]

from ..store.engine import is_memory_sqlite, make_engine, normalise_url

log = logging.getLogger(__name__)

JOB_TABLE = "apscheduler_jobs"
DEADLINE_JOB = "arbitro-next-wakeup"
SAFETY_JOB = "arbitro-safety-tick"

Tick = Callable[[], Awaitable[object]]

# Daemons running in this process, by the name their stored jobs carry.
_TICKS: dict[str, Tick] = {}


async def fire(name: str) -> None:
    """What the stored job runs: the tick of this process's daemon for that database."""
    tick = _TICKS.get(name)
    if tick is None:
        log.warning("scheduler: no daemon %s in this process; job skipped", name)
        return
    try:
        await tick()
    except asyncio.CancelledError:
        pass  # the scheduler is shutting down; the daemon waits for the tick itself


def scheduler_name(database_url: str) -> str:
    """A stable name for a database (the URL may hold a password: only a digest is stored)."""
    return hashlib.sha256(str(database_url).encode()).hexdigest()[:16]


def job_store(database_url: str) -> BaseJobStore:
    """APScheduler's SQLAlchemy store on the referee's database, with an engine of its own
    (deferred BEGIN: its reads should not take SQLite's write lock)."""
    url = normalise_url(database_url)
    if is_memory_sqlite(url):
        return MemoryJobStore()  # another engine would see another, empty, database
    store = SQLAlchemyJobStore(engine=make_engine(url, begin="BEGIN"), tablename=JOB_TABLE)
    # Create its table here, under BEGIN IMMEDIATE: with the deferred BEGIN above, a
    # process writing at the same moment made APScheduler's own CREATE TABLE fail at
    # once ("database is locked") on a new SQLite file, and the daemon exit.
    creator = make_engine(url)
    try:
        store.jobs_t.create(creator, checkfirst=True)
    finally:
        creator.dispose()
    return store


class DeadlineScheduler:
    """Runs ``tick`` at the moments given to ``schedule`` and every ``safety_seconds``.

    ``clock`` is the daemon's clock: a wake-up moment on that clock is turned into a
    moment on the real clock (the same when the clock is real), so tests that move time
    still see jobs fire when the moment has come on their clock.
    """

    def __init__(
        self,
        database_url: str,
        tick: Tick,
        *,
        clock: Callable[[], datetime],
        safety_seconds: float = 60.0,
    ) -> None:
        self.name = scheduler_name(database_url)
        self.tick = tick
        self.clock = clock
        self.safety_seconds = safety_seconds
        self.scheduler = AsyncIOScheduler(
            jobstores={"default": job_store(database_url), "memory": MemoryJobStore()},
            executors={"default": AsyncIOExecutor()},
            job_defaults={
                "coalesce": True,
                "misfire_grace_time": None,  # late is better than never
                "max_instances": 8,  # the daemon's tick lock serialises them
            },
            timezone=UTC,
        )

    def start(self) -> None:
        """Start in the running event loop; a stored job that is due fires now."""
        _TICKS[self.name] = self.tick
        self.scheduler.start()
        if self.safety_seconds > 0:
            self.scheduler.add_job(
                fire,
                IntervalTrigger(seconds=self.safety_seconds, timezone=UTC),
                args=[self.name],
                id=SAFETY_JOB,
                jobstore="memory",
                replace_existing=True,
            )

    def schedule(self, wakeup: datetime | None) -> datetime | None:
        """Replace the wake-up job; returns the real-clock moment it will fire (or None)."""
        if wakeup is None:
            try:
                self.scheduler.remove_job(DEADLINE_JOB, jobstore="default")
            except JobLookupError:
                pass
            return None
        run_at = datetime.now(UTC) + (wakeup - self.clock())
        self.scheduler.add_job(
            fire,
            DateTrigger(run_date=run_at, timezone=UTC),
            args=[self.name],
            id=DEADLINE_JOB,
            jobstore="default",
            replace_existing=True,
        )
        return run_at

    def stored_wakeup(self) -> datetime | None:
        """When the stored wake-up job will fire (real clock), if there is one."""
        job = self.scheduler.get_job(DEADLINE_JOB, jobstore="default")
        return None if job is None else job.next_run_time

    def stop(self) -> None:
        """Stop firing; a tick already running is the daemon's to wait for. The stored job
        stays for the next start."""
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)
        if _TICKS.get(self.name) is self.tick:
            del _TICKS[self.name]
