"""A long-running loop as one asyncio task, started once and stopped cleanly: the stop
routine the IMAP intake, the outbox drainer and the daemon's own tasks share.

Stopping asks first and cancels last: the caller has already told the loop to end (its
own flag or event), the loop gets ``timeout`` seconds to finish what it is doing (a mail
half handled, a send under way), and only then is it cancelled. Either way ``stop``
returns, so a daemon shutting down always gets to close its connections.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any


class LoopTask:
    def __init__(self, name: str) -> None:
        self.name = name
        self._task: asyncio.Task[None] | None = None

    @property
    def started(self) -> bool:
        return self._task is not None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Run ``loop()`` as the task, unless it was started already."""
        if self._task is None:
            self._task = asyncio.create_task(loop(), name=self.name)

    async def stop(self, timeout: float) -> None:
        task, self._task = self._task, None
        if task is not None:
            await stop_task(task, timeout)


async def stop_task(task: asyncio.Task[Any], timeout: float) -> None:
    """Wait up to ``timeout`` seconds for ``task`` to end by itself (0: not at all), then
    cancel it and wait for the cancellation to land."""
    try:
        await asyncio.wait_for(task, timeout)
    except (TimeoutError, asyncio.CancelledError):
        pass
