"""The intake loop over the in-memory mailbox (fast tier): order, quarantine, backoff,
reconnects, a renumbered inbox, deferred mails, a prompt stop. The same loop against a
real Dovecot: test_mail_imap.py."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable
from datetime import datetime

from arbitro.mail.intake.loop import IntakeLoop, backoff_delay
from arbitro.mail.intake.mailbox import Deferred, Fetched, Outcome
from arbitro.mail.intake.memory import MemoryMailbox
from arbitro.mail.mime.message import parse_inbound


def mail(n: int, subject: str = "ordini", body: str = "A VEN - TRI") -> bytes:
    return (
        f"From: Giocatore {n} <p{n}@example.it>\r\nTo: arbitro@example.org\r\n"
        f"Subject: {subject} {n}\r\nMessage-ID: <m{n}@example.it>\r\n\r\n{body}\r\n"
    ).encode()


async def until(check: Callable[[], bool], timeout: float = 5.0) -> float:
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.005)
    return time.monotonic() - start


class Recorder:
    """Records (uidvalidity, uid, subject); raises for "boom"; defers "later" ``defer``
    times; a Message-ID seen before is filed again without being applied."""

    def __init__(self, defer: int = 0) -> None:
        self.calls: list[tuple[int, int, str]] = []
        self.applied: list[str] = []
        self.defer = defer

    async def __call__(self, uidvalidity: int, uid: int, raw: bytes, size: int,
                       arrived: datetime | None = None) -> Outcome:
        parsed = parse_inbound(raw, size)
        self.calls.append((uidvalidity, uid, parsed.subject))
        if "boom" in parsed.subject:
            raise RuntimeError("handler bug")
        if "later" in parsed.subject and self.defer > 0:
            self.defer -= 1
            raise Deferred("the database is unavailable")
        if parsed.message_id not in self.applied:
            self.applied.append(parsed.message_id or "")
        return "processed"


def loop_on(box: MemoryMailbox, handle: Callable[..., Awaitable[Outcome]],
            **kw: object) -> IntakeLoop:
    kw.setdefault("backoff_initial", 0.02)
    kw.setdefault("backoff_max", 0.16)
    kw.setdefault("wait_seconds", 5)
    return IntakeLoop(box, handle, **kw)  # type: ignore[arg-type]


def run(coro: Awaitable[None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 30))  # type: ignore[arg-type]


def test_mails_are_handled_oldest_first_and_filed_once() -> None:
    box = MemoryMailbox(batch=2)
    for n in range(5):
        box.deliver(mail(n))
    rec = Recorder()

    async def go() -> None:
        loop = loop_on(box, rec)
        await loop.start()
        await until(lambda: loop.stats.processed == 5)
        await loop.stop()
        assert not box.connected

    run(go())
    assert [c[1] for c in rec.calls] == [1, 2, 3, 4, 5]
    assert box.inbox() == [] and len(box.folder("processed")) == 5


def test_a_failing_handler_quarantines_the_mail_and_the_loop_goes_on() -> None:
    box = MemoryMailbox()
    box.deliver(mail(1, subject="boom"))
    box.deliver(mail(2))
    told: list[tuple[int, str]] = []

    async def hook(fetched: Fetched, reason: str) -> None:
        told.append((fetched.uid, reason))

    async def odd(uidvalidity: int, uid: int, raw: bytes, size: int,
                  arrived: object = None) -> Outcome:
        return "later"  # type: ignore[return-value]

    async def go() -> None:
        loop = loop_on(box, Recorder(), on_quarantine=hook)
        await loop.start()
        await until(lambda: loop.stats.handled == 2)
        assert loop.running and loop.stats.handler_errors == 1
        await loop.stop()
        box.deliver(mail(3))
        other = loop_on(box, odd)  # an outcome that is none: quarantined too
        await other.start()
        await until(lambda: other.stats.handled == 1)
        await other.stop()

    run(go())
    assert [parse_inbound(r).subject for r in box.folder("quarantine")] == ["boom 1", "ordini 3"]
    assert [parse_inbound(r).subject for r in box.folder("processed")] == ["ordini 2"]
    assert len(told) == 1 and told[0][0] == 1 and "RuntimeError: handler bug" in told[0][1]


def test_reconnects_back_off_exponentially_up_to_the_cap_and_start_again_after_success() -> None:
    box = MemoryMailbox()
    box.go_down()
    rec = Recorder()

    async def go() -> None:
        loop = loop_on(box, rec, backoff_initial=0.02, backoff_max=0.16)
        await loop.start()
        await until(lambda: box.refused >= 7)
        assert loop.running
        first_outage = list(box.attempt_times)
        box.come_up()
        box.deliver(mail(1))
        await until(lambda: loop.stats.processed == 1)
        refused = box.refused
        box.go_down()  # a second outage: the backoff starts again from the first delay
        await until(lambda: box.refused >= refused + 2)
        second = box.attempt_times[-2:]
        box.come_up()
        await loop.stop()
        gaps = [b - a for a, b in itertools.pairwise(first_outage)][:6]
        expected = [backoff_delay(i, 0.02, 0.16) for i in range(6)]
        assert expected == [0.02, 0.04, 0.08, 0.16, 0.16, 0.16]
        for gap, want in zip(gaps, expected, strict=True):  # never sooner than the backoff
            assert gap >= want - 0.005, (gaps, expected)
        # ... and no longer, but for a busy machine's hiccup: capped, not still doubling
        assert sorted(gaps[3:])[1] < 0.16 + 0.1, gaps
        assert second[1] - second[0] < 0.16, second  # after a success: the first delay again
        assert loop.stats.connection_errors >= 9

    run(go())
    assert len(rec.calls) == 1


def test_a_dropped_session_reconnects_and_hands_every_mail_once() -> None:
    box = MemoryMailbox()
    rec = Recorder()

    async def go() -> None:
        loop = loop_on(box, rec)
        await loop.start()
        box.deliver(mail(1))
        await until(lambda: loop.stats.processed == 1)
        box.drop()  # the server resets the connection while the loop waits
        await until(lambda: loop.stats.connection_errors == 1)
        box.deliver(mail(2))
        box.deliver(mail(3))
        await until(lambda: loop.stats.processed == 3)
        await loop.stop()

    run(go())
    assert [c[2] for c in rec.calls] == ["ordini 1", "ordini 2", "ordini 3"]
    assert box.connects == 2 and box.inbox() == []


def test_a_renumbered_inbox_hands_the_unmoved_mail_again_under_the_new_uidvalidity() -> None:
    """A crash after handling but before the move leaves the mail in the inbox; the server
    then renumbers it. The loop hands the mail again under the new UIDVALIDITY; the
    handler's Message-ID claim skips it, and it is filed."""
    box = MemoryMailbox()
    box.deliver(mail(1))
    [before] = box.fetch_new()  # handled, then the daemon "crashed" before the move
    box.close()
    rec = Recorder()
    rec.applied.append(parse_inbound(before.raw).message_id or "")
    box.renumber()

    async def go() -> None:
        loop = loop_on(box, rec)
        await loop.start()
        box.deliver(mail(2))
        await until(lambda: loop.stats.processed == 2)
        await loop.stop()

    run(go())
    assert [c[0] for c in rec.calls] == [2, 2] and before.uidvalidity == 1
    assert rec.applied == ["<m1@example.it>", "<m2@example.it>"]  # m1 applied once only
    assert box.inbox() == [] and len(box.folder("processed")) == 2


def test_a_deferred_mail_stays_in_the_inbox_and_comes_again_after_the_backoff() -> None:
    box = MemoryMailbox()
    box.deliver(mail(1, subject="later"))
    rec = Recorder(defer=3)

    async def go() -> None:
        loop = loop_on(box, rec)
        await loop.start()
        await until(lambda: loop.stats.processed == 1)
        assert loop.stats.quarantined == 0 and loop.stats.connection_errors == 3
        await loop.stop()

    run(go())
    assert [c[1] for c in rec.calls] == [1, 1, 1, 1]
    assert box.folder("quarantine") == [] and len(box.folder("processed")) == 1


def test_a_mail_delivered_while_the_loop_waits_is_handled_at_once_and_stop_is_prompt() -> None:
    box = MemoryMailbox()
    rec = Recorder()
    took: list[float] = []

    async def go() -> None:
        loop = loop_on(box, rec, wait_seconds=60)
        await loop.start()
        await until(lambda: loop.idle_since is not None)
        box.deliver(mail(1))
        took.append(await until(lambda: loop.stats.processed == 1))
        await until(lambda: loop.idle_since is not None)
        began = time.monotonic()
        await loop.stop()
        took.append(time.monotonic() - began)

    run(go())
    assert took[0] < 0.2 and took[1] < 0.5, took


def test_catch_up_waits_until_the_inbox_is_read_to_the_moment() -> None:
    box = MemoryMailbox()
    moments = iter(datetime(2025, 3, 1, 12, m) for m in range(60))
    now = [next(moments)]

    async def go() -> None:
        loop = loop_on(box, Recorder(), clock=lambda: now[0])
        assert await loop.catch_up(now[0], 0.05) is None  # not started: nothing read
        await loop.start()
        moment = now[0]
        now[0] = next(moments)
        read = await loop.catch_up(moment, 2)
        assert read is not None and read >= moment
        await loop.stop()

    run(go())
