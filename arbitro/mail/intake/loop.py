"""The intake loop: fetch, hand each mail to the handler, move it by the outcome, wait;
reconnect with exponential backoff on any error. It reads any ``Mailbox`` (mailbox.py):
a real IMAP server (imap.py) or the in-memory one (memory.py).

Delivery guarantee: a mail leaves the inbox only after the handler returned (moved to the
processed or quarantine folder), so a crash anywhere hands it again later. The handler
must therefore be idempotent; the store's claim by (UIDVALIDITY, UID) and Message-ID
covers a renumbered mailbox (changed UIDVALIDITY) as well as a crash before the move.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Protocol

from ..running import LoopTask
from .mailbox import OUTCOMES, Deferred, Fetched, Mailbox, Outcome

log = logging.getLogger(__name__)


class Handler(Protocol):
    async def __call__(
        self, uidvalidity: int, uid: int, raw: bytes, size: int, arrived: datetime | None
    ) -> Outcome: ...


QuarantineHook = Callable[[Fetched, str], Awaitable[None]]


def backoff_delay(attempt: int, initial: float, maximum: float) -> float:
    """Exponential: initial, 2*initial, 4*initial ... capped at maximum."""
    return float(min(maximum, initial * (2 ** min(attempt, 30))))


@dataclass
class IntakeStats:
    handled: int = 0
    processed: int = 0
    quarantined: int = 0
    copies: int = 0  # our own sent mails' copies, filed in the sent folder
    handler_errors: int = 0
    connection_errors: int = 0
    last_error: str = ""
    outcomes: list[tuple[int, int, Outcome]] = field(default_factory=list, repr=False)


class IntakeLoop:
    """Fetch, hand each mail to ``handle``, move it by the outcome; wait (IDLE or poll);
    reconnect with exponential backoff on any error. Never dies before ``stop()``."""

    def __init__(
        self,
        client: Mailbox,
        handle: Handler,
        *,
        wait_seconds: float | None = None,
        backoff_initial: float = 1.0,
        backoff_max: float = 300.0,
        on_quarantine: QuarantineHook | None = None,
        keep_outcomes: bool = False,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.client = client
        self.handle = handle
        # With IDLE the wait is re-armed this often (servers drop IDLE after ~30 min).
        self.wait_seconds = (
            wait_seconds if wait_seconds is not None else client.poll_seconds
        )
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self.on_quarantine = on_quarantine
        self.keep_outcomes = keep_outcomes
        self.stats = IntakeStats()
        self._stop = threading.Event()  # seen by the blocking wait in its thread
        self._wake = threading.Event()  # ends the wait early: stop, or a catch-up asked
        self.clock = clock
        # The moment (on ``clock``) a fetch began that found nothing new: every mail that
        # arrived before it has been handled. None until the first such fetch.
        self.caught_up: datetime | None = None
        self._loop = LoopTask("imap-intake")
        self.idle_since: float | None = None  # monotonic time the loop began waiting

    async def start(self) -> None:
        if not self._loop.started:
            self._stop.clear()
            self._loop.start(self.run)

    async def stop(self, timeout: float = 10.0) -> None:
        self.halt()
        await self._loop.stop(timeout)
        await asyncio.to_thread(self.client.close)

    def halt(self) -> None:
        """Hand and move no more mail from now on (the mail under way is not filed if its
        handler has not returned yet); safe from any thread. ``stop`` still closes."""
        self._stop.set()
        self._wake.set()

    @property
    def running(self) -> bool:
        return self._loop.running

    async def catch_up(self, moment: datetime, timeout: float) -> datetime | None:
        """Wait (at most ``timeout`` seconds, less once stopped) until every mail that arrived
        before ``moment`` has been handled; the moment the inbox has been read up to."""
        end = time.monotonic() + timeout
        while (self.caught_up is None or self.caught_up < moment) and not self._stop.is_set():
            if time.monotonic() >= end:
                break
            self._wake.set()  # a waiting loop fetches again now
            await asyncio.sleep(0.02)
        return self.caught_up

    async def run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            try:
                await asyncio.to_thread(self.client.connect)
                failures = 0
                await self._serve()
            except Exception as exc:  # noqa: BLE001 — network, server, protocol: reconnect later
                self.stats.connection_errors += 1
                self.stats.last_error = f"{type(exc).__name__}: {exc}"
                await asyncio.to_thread(self.client.close)
                delay = backoff_delay(failures, self.backoff_initial, self.backoff_max)
                failures += 1
                log.warning("imap: %s; reconnecting in %.1f s", self.stats.last_error, delay)
                await self._sleep(delay)

    async def _serve(self) -> None:
        while not self._stop.is_set():
            self._wake.clear()  # a catch-up asked from now on wakes the next wait
            began = self.clock()
            batch = await asyncio.to_thread(self.client.fetch_new)
            for mail in batch:
                if self._stop.is_set():
                    return  # unhandled mails stay in the inbox for next time
                outcome = await self._handle_one(mail)
                if self._stop.is_set() and outcome == "quarantine":
                    return  # halted while it was handled: not filed by a failure of ours
                await asyncio.to_thread(self.client.move, mail.uid, outcome)
                self._count(mail, outcome)
            if not batch:
                self.caught_up = began
                self.idle_since = time.monotonic()
                await asyncio.to_thread(self.client.wait, self.wait_seconds, self._wake)
                self.idle_since = None

    async def _handle_one(self, mail: Fetched) -> Outcome:
        try:
            outcome = await self.handle(mail.uidvalidity, mail.uid, mail.raw, mail.size,
                                        mail.arrived)
            if outcome in OUTCOMES:
                return outcome
            reason = f"handler returned {outcome!r}"
        except Deferred:
            raise  # not moved: the reconnect rescans the inbox and hands it again
        except Exception as exc:
            reason = f"handler raised {type(exc).__name__}: {exc}"
            log.exception("imap: handling uid %s failed", mail.uid)
        self.stats.handler_errors += 1
        if self.on_quarantine is not None:
            try:
                await self.on_quarantine(mail, reason)
            except Exception:
                log.exception("imap: the quarantine hook failed for uid %s", mail.uid)
        return "quarantine"

    def _count(self, mail: Fetched, outcome: Outcome) -> None:
        self.stats.handled += 1
        if outcome == "processed":
            self.stats.processed += 1
        elif outcome == "sent":
            self.stats.copies += 1
        else:
            self.stats.quarantined += 1
        if self.keep_outcomes:
            self.stats.outcomes.append((mail.uidvalidity, mail.uid, outcome))

    async def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self._stop.is_set() and time.monotonic() < end:
            await asyncio.sleep(min(0.05, end - time.monotonic()))
