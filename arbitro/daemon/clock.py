"""The daemon's wall clock, checked against a steady one (issue 25 finding 10: a clock four
days ahead charged late days that stayed after the clock was right).

Wall time may jump (a wrong NTP server, an operator's typo, a restored VM); the steady
clock (``CLOCK_BOOTTIME``: it also counts a suspended machine's sleep) never does. While
the two agree (within ``tolerance``, which NTP's slewing never reaches) the wall clock is
the daemon's time. When the wall clock jumps, the daemon's time goes on from where it was
by the steady clock alone — the jump is *held*: no lateness is charged and no deadline
passes on it — until the GM confirms the new time (``arbitro clock confirm``, read from
the store by the daemon) or the wall clock comes back (the jump undone).

Pure of I/O: the two clocks are passed in; the daemon looks at ``jump`` every second,
records it in the store and tells the GM. Thread-safe: every worker thread reads it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta


def steady_seconds() -> float:
    """Seconds on a clock that never jumps and runs through a suspend (Linux), else the
    monotonic clock."""
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    if boottime is not None:
        return time.clock_gettime(boottime)
    return time.monotonic()


def wall_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Jump:
    """A held jump: what the wall clock said, when the steady count said ``held``."""

    wall: datetime
    held: datetime

    @property
    def by(self) -> timedelta:
        return self.wall - self.held


class CheckedClock:
    """Callable like the daemon's clock: the wall clock, or the steady count while a jump
    is held."""

    def __init__(
        self,
        wall: Callable[[], datetime] = wall_now,
        steady: Callable[[], float] = steady_seconds,
        *,
        tolerance: timedelta = timedelta(seconds=60),
    ) -> None:
        self.wall = wall
        self.steady = steady
        self.tolerance = tolerance
        self._lock = threading.Lock()
        self._anchor = (wall(), steady())  # a moment both clocks agree on
        self.jump: Jump | None = None

    @property
    def held(self) -> bool:
        return self.jump is not None

    def __call__(self) -> datetime:
        wall, steady = self.wall(), self.steady()
        with self._lock:
            counted = self._anchor[0] + timedelta(seconds=steady - self._anchor[1])
            if abs(wall - counted) <= self.tolerance:
                self._anchor = (wall, steady)  # follow the wall clock's own slewing
                self.jump = None  # (a held jump is undone: the wall clock agrees again)
                return wall
            self.jump = Jump(wall, counted)
            return counted

    def confirm(self) -> Jump | None:
        """The GM's word: the wall clock is right. From now on it is the daemon's time
        (a deadline it passed is due at once); the jump that was held, if any."""
        wall, steady = self.wall(), self.steady()
        with self._lock:
            jump, self.jump = self.jump, None
            self._anchor = (wall, steady)
        return jump

    def hold(self, jump: Jump) -> None:
        """Hold a jump a daemon before this one held (read from the store at start): the
        wall clock is taken to be off by as much as it was then."""
        wall, steady = self.wall(), self.steady()
        with self._lock:
            self._anchor = (wall - jump.by, steady)
            self.jump = Jump(wall, wall - jump.by)
