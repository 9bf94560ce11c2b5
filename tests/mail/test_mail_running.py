"""The one stop routine of the long-running loops (IMAP intake, outbox drainer, the
daemon's tasks): ask, wait a bounded time, cancel; never hang, never raise."""

from __future__ import annotations

import asyncio
import time

from arbitro.mail.intake.loop import IntakeLoop
from arbitro.mail.outbound.outbox import OutboxDrainer
from arbitro.mail.running import LoopTask, stop_task


def test_a_loop_that_ends_when_asked_finishes_its_work():
    async def scenario() -> list[str]:
        done: list[str] = []
        asked = asyncio.Event()

        async def loop() -> None:
            await asked.wait()
            await asyncio.sleep(0.05)  # the mail under way is finished
            done.append("finished")

        task = LoopTask("polite")
        task.start(loop)
        task.start(loop)  # started once only
        await asyncio.sleep(0)
        assert task.running
        asked.set()
        await task.stop(timeout=5)
        assert not task.running and not task.started
        return done

    assert asyncio.run(scenario()) == ["finished"]


def test_a_loop_that_ignores_the_request_is_cancelled_after_the_timeout():
    async def scenario() -> float:
        async def stubborn() -> None:
            while True:
                await asyncio.sleep(1)

        task = LoopTask("stubborn")
        task.start(stubborn)
        await asyncio.sleep(0)
        began = time.monotonic()
        await task.stop(timeout=0.2)
        return time.monotonic() - began

    assert 0.15 < asyncio.run(scenario()) < 2


def test_stop_task_with_no_wait_cancels_at_once_and_swallows_the_cancellation():
    async def scenario() -> bool:
        forever = asyncio.create_task(asyncio.sleep(3600))
        await stop_task(forever, 0)
        return forever.cancelled()

    assert asyncio.run(scenario())


def test_the_intake_and_the_drainer_stop_through_it():
    """One routine, not two copies of it: neither waits on its task by itself."""
    for loop in (IntakeLoop, OutboxDrainer):
        assert "wait_for" not in loop.stop.__code__.co_names, loop.__name__
