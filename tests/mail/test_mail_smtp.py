"""SmtpSender and OutboxDrainer against aiosmtpd and the real store (SQLite)."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from mail.conftest import smtp_config
from mail.servers import SmtpSink, free_port

from arbitro.config.model import SmtpConfig
from arbitro.mail.mime.message import parse_inbound
from arbitro.mail.outbound.outbox import OutboxDrainer, OutboxEntry, StoreOutbox
from arbitro.mail.outbound.smtp import SmtpSender
from arbitro.store import Attachment, OutboxStatus, Store, open_store

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")

REFEREE = "arbitro@example.org"
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
RAW = b"From: arbitro@example.org\r\nTo: p@example.it\r\nSubject: x\r\n\r\nciao\r\n"


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'mail.sqlite3'}")
    yield s
    s.close()


def enqueue(store: Store, key: str, to: list[str], **kw: object) -> None:
    with store.begin() as uow:
        uow.outbox.enqueue(
            key, recipients=to, subject=f"Oggetto {key}", body=f"Corpo {key}\n", now=T0, **kw
        )  # type: ignore[arg-type]


def status_of(store: Store, key: str) -> tuple[OutboxStatus, int, datetime, str]:
    with store.begin() as uow:
        row = uow.outbox.by_key(key)
        assert row is not None
        return row.status, row.attempts, row.next_attempt_at, row.last_error


def drainer(
    store: Store,
    config: SmtpConfig,
    clock: Clock,
    failures: list[tuple[str, str]] | None = None,
    **kw: object,
) -> OutboxDrainer:
    def tell(entry: OutboxEntry, error: str) -> None:
        if failures is not None:
            failures.append((entry.key, error))

    return OutboxDrainer(
        StoreOutbox(store),
        SmtpSender(config, timeout=2),
        referee=REFEREE,
        clock=clock,
        on_permanent_failure=tell,
        **kw,  # type: ignore[arg-type]
    )


def test_sender_plain(smtp_sink: SmtpSink) -> None:
    async def go() -> None:
        sender = SmtpSender(smtp_config(smtp_sink))
        for _ in range(3):  # one connection, reused
            result = await sender.send(REFEREE, ["p@example.it"], RAW)
            assert result.ok and not result.error
        await sender.close()

    asyncio.run(go())
    assert len(smtp_sink.received) == 3
    assert smtp_sink.received[0].rcpt_tos == ["p@example.it"]
    assert smtp_sink.received[0].mail_from == REFEREE


def test_sender_auth_good_and_bad(smtp_sink_auth: SmtpSink) -> None:
    async def go() -> None:
        good = SmtpSender(smtp_config(smtp_sink_auth))
        assert (await good.send(REFEREE, ["p@example.it"], RAW)).ok
        await good.close()
        bad = SmtpSender(smtp_config(smtp_sink_auth, password="wrong"), timeout=3)
        result = await bad.send(REFEREE, ["p@example.it"], RAW)
        # a refused login is the operator's to fix: temporary, never "permanent"
        assert not result.ok and not result.permanent and "535" in result.error
        await bad.close()
        anonymous = SmtpSender(smtp_config(smtp_sink_auth, user=""), timeout=3)
        result = await anonymous.send(REFEREE, ["p@example.it"], RAW)
        assert not result.ok and "530" in result.error  # auth required
        await anonymous.close()

    asyncio.run(asyncio.wait_for(go(), 20))
    assert len(smtp_sink_auth.received) == 1 and smtp_sink_auth.auth_failures >= 1


def test_sender_sorts_failures(smtp_sink: SmtpSink) -> None:
    smtp_sink.rcpt_replies["gone@example.it"] = "550 5.1.1 no such user"
    smtp_sink.rcpt_replies["full@example.it"] = "452 4.2.2 mailbox full"

    async def go() -> None:
        sender = SmtpSender(smtp_config(smtp_sink))
        gone = await sender.send(REFEREE, ["gone@example.it"], RAW)
        assert not gone.ok and gone.permanent and "550" in gone.error
        full = await sender.send(REFEREE, ["full@example.it"], RAW)
        assert not full.ok and not full.permanent
        partial = await sender.send(REFEREE, ["p@example.it", "gone@example.it"], RAW)
        assert partial.ok and [r for r, _ in partial.refused] == ["gone@example.it"]
        smtp_sink.data_replies.append("554 5.6.0 content rejected")
        rejected = await sender.send(REFEREE, ["p@example.it"], RAW)
        assert not rejected.ok and rejected.permanent
        assert (await sender.send(REFEREE, ["p@example.it"], RAW)).ok  # connection reusable
        await sender.close()

    asyncio.run(go())
    assert len(smtp_sink.received) == 2


def test_sender_server_down_and_hanging() -> None:
    async def go() -> None:
        down = SmtpSender(SmtpConfig("127.0.0.1", free_port(), "", "", "none"), timeout=1)
        result = await down.send(REFEREE, ["p@example.it"], RAW)
        assert not result.ok and result.connection and not result.permanent
        # a server that accepts the connection and never speaks
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        hang = SmtpSender(
            SmtpConfig("127.0.0.1", silent.getsockname()[1], "", "", "none"), timeout=0.5
        )
        result = await hang.send(REFEREE, ["p@example.it"], RAW)
        silent.close()
        assert not result.ok and result.connection and not result.permanent

    asyncio.run(asyncio.wait_for(go(), 20))


def test_drainer_sends_each_entry_once(store: Store, smtp_sink: SmtpSink) -> None:
    enqueue(
        store,
        "confirm:1",
        ["a@example.it"],
        headers={"Reply-To": "arbitro+milano1@example.org", "In-Reply-To": "<q@example.it>"},
    )
    enqueue(
        store,
        "results:S1901M",
        ["a@example.it", "b@example.it"],
        attachments=[Attachment("mappa.png", "image/png", b"\x89PNG0123")],
    )
    clock = Clock()

    async def go() -> None:
        d = drainer(store, smtp_config(smtp_sink), clock)
        first = await d.drain_once()
        assert (first.sent, first.retried, first.failed) == (2, 0, 0)
        clock.now += timedelta(hours=1)
        again = await d.drain_once()
        assert again.sent == 0  # a sent entry is never sent again
        await d.sender.close()

    asyncio.run(go())
    assert [sorted(r.rcpt_tos) for r in smtp_sink.received] == [
        ["a@example.it"],
        ["a@example.it", "b@example.it"],
    ]
    confirm = parse_inbound(smtp_sink.received[0].content)
    assert confirm.subject == "Oggetto confirm:1" and confirm.reply_to == (
        "arbitro+milano1@example.org",
    )
    assert confirm.in_reply_to == "<q@example.it>" and confirm.arbitro_loop == (REFEREE,)
    results = parse_inbound(smtp_sink.received[1].content)
    assert [(a.name, a.size) for a in results.attachments] == [("mappa.png", 8)]
    assert status_of(store, "confirm:1")[:2] == (OutboxStatus.SENT, 1)


def test_drainer_backs_off_on_4xx_then_sends(store: Store, smtp_sink: SmtpSink) -> None:
    enqueue(store, "k1", ["a@example.it"])
    smtp_sink.data_replies += ["451 4.3.0 try again later", "421 4.3.2 busy"]
    clock = Clock()

    async def go() -> None:
        d = drainer(store, smtp_config(smtp_sink), clock, retry_initial=timedelta(minutes=1))
        r1 = await d.drain_once()
        status, attempts, next_at, error = status_of(store, "k1")
        assert (r1.retried, status, attempts) == (1, OutboxStatus.QUEUED, 1) and "451" in error
        assert next_at == T0 + timedelta(minutes=1)
        assert (await d.drain_once()).sent == 0  # not due yet
        clock.now = next_at
        r2 = await d.drain_once()
        assert r2.retried == 1
        assert status_of(store, "k1")[2] == next_at + timedelta(minutes=2)  # doubled
        clock.now += timedelta(minutes=2)
        r3 = await d.drain_once()
        assert r3.sent == 1
        await d.sender.close()

    asyncio.run(go())
    assert status_of(store, "k1")[:2] == (OutboxStatus.SENT, 3)
    assert len(smtp_sink.received) == 1


def test_drainer_5xx_fails_for_good_and_tells(store: Store, smtp_sink: SmtpSink) -> None:
    enqueue(store, "bad", ["gone@example.it"])
    enqueue(store, "good", ["a@example.it"])
    smtp_sink.rcpt_replies["gone@example.it"] = "550 5.1.1 unknown user"
    failures: list[tuple[str, str]] = []

    async def go() -> None:
        d = drainer(store, smtp_config(smtp_sink), Clock(), failures)
        r = await d.drain_once()
        assert (r.sent, r.failed) == (1, 1)
        await d.sender.close()

    asyncio.run(go())
    assert status_of(store, "bad")[0] == OutboxStatus.FAILED
    assert failures == [("bad", failures[0][1])] and "550" in failures[0][1]


def test_drainer_with_server_down_keeps_everything(store: Store) -> None:
    for n in range(3):
        enqueue(store, f"k{n}", ["a@example.it"])
    port = free_port()
    clock = Clock()
    sink = SmtpSink()
    sink.port = port

    async def go() -> None:
        d = drainer(store, SmtpConfig("127.0.0.1", port, "", "", "none"), clock)
        r = await d.drain_once()
        # the first failure stops the round: the others are not charged an attempt
        assert (r.sent, r.retried, r.failed) == (0, 1, 0)
        assert [status_of(store, f"k{n}")[1] for n in range(3)] == [1, 0, 0]
        sink.start()
        try:
            clock.now += timedelta(hours=3)
            r = await d.drain_once()
            assert r.sent == 3
        finally:
            await d.sender.close()
            sink.stop()

    asyncio.run(go())
    assert len(sink.received) == 3


def test_drainer_gives_up_after_days_of_4xx(store: Store, smtp_sink: SmtpSink) -> None:
    enqueue(store, "k", ["a@example.it"])
    smtp_sink.data_replies += ["451 later"] * 2
    clock = Clock()
    failures: list[tuple[str, str]] = []

    async def go() -> None:
        d = drainer(store, smtp_config(smtp_sink), clock, failures, give_up_after=timedelta(days=1))
        assert (await d.drain_once()).retried == 1
        clock.now = T0 + timedelta(days=2)
        assert (await d.drain_once()).failed == 1
        await d.sender.close()

    asyncio.run(go())
    assert status_of(store, "k")[0] == OutboxStatus.FAILED and len(failures) == 1


def test_resend_after_crash_is_byte_identical(store: Store, smtp_sink: SmtpSink) -> None:
    """The documented window: sent but not marked (a crash). The retry repeats the same
    bytes, Message-ID included, so clients can drop the copy."""
    enqueue(store, "k", ["a@example.it"])

    class Forgetful(StoreOutbox):
        def mark_sent(self, entry_id: int, now: datetime) -> None:
            pass  # the process died before this commit

    async def go() -> None:
        crashed = OutboxDrainer(
            Forgetful(store), SmtpSender(smtp_config(smtp_sink)), referee=REFEREE, clock=Clock()
        )
        await crashed.drain_once()
        await crashed.sender.close()
        clock = Clock()
        clock.now += timedelta(minutes=2)  # restarted once the dead sender's claim lapsed
        restarted = drainer(store, smtp_config(smtp_sink), clock)
        await restarted.drain_once()
        await restarted.drain_once()
        await restarted.sender.close()

    asyncio.run(go())
    assert len(smtp_sink.received) == 2  # at most one duplicate
    assert smtp_sink.received[0].content == smtp_sink.received[1].content


def test_drainer_runs_and_stops(store: Store, smtp_sink: SmtpSink) -> None:
    async def go() -> None:
        d = drainer(store, smtp_config(smtp_sink), Clock())
        await d.start(interval=30)
        enqueue(store, "late", ["a@example.it"])
        d.wake()
        for _ in range(200):
            if smtp_sink.received:
                break
            await asyncio.sleep(0.02)
        await d.stop()

    asyncio.run(asyncio.wait_for(go(), 20))
    assert len(smtp_sink.received) == 1


def test_drainer_keeps_to_the_sending_rate(store: Store, smtp_sink: SmtpSink) -> None:
    for n in range(3):
        enqueue(store, f"k{n}", ["a@example.it"])

    async def go() -> float:
        d = drainer(store, smtp_config(smtp_sink), Clock(), per_minute=300)  # one per 0.2 s
        began = asyncio.get_running_loop().time()
        await d.drain_once()
        await d.sender.close()
        return asyncio.get_running_loop().time() - began

    assert asyncio.run(go()) >= 0.39  # three mails: two gaps
    assert len(smtp_sink.received) == 3
