"""IMAP intake against a real Dovecot: fetch, move, quarantine, reconnect, UIDVALIDITY,
IDLE, polling, size cap, clean stop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import pytest
from mail.conftest import ImapAccount

from arbitro.mail.intake.imap import MailboxClient
from arbitro.mail.intake.loop import IntakeLoop, backoff_delay
from arbitro.mail.intake.mailbox import Fetched, Outcome
from arbitro.mail.mime.message import parse_inbound


def mail(n: int, subject: str = "ordini", body: str = "A VEN - TRI", size: int = 0) -> bytes:
    pad = ("x" * 70 + "\r\n") * (size // 72) if size else ""
    return (
        f"From: Giocatore {n} <p{n}@example.it>\r\nTo: arbitro@example.org\r\n"
        f"Subject: {subject} {n}\r\nMessage-ID: <m{n}-{time.monotonic_ns()}@example.it>\r\n"
        f"Date: Mon, 03 Mar 2025 10:00:00 +0100\r\n\r\n{body}\r\n{pad}"
    ).encode()


async def until(check: Callable[[], bool], timeout: float = 10.0) -> float:
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.02)
    return time.monotonic() - start


class Recorder:
    """A handler that records what it gets; raises for subjects containing "boom"."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, int, str]] = []  # (uidvalidity, uid, message-id)

    async def __call__(self, uidvalidity: int, uid: int, raw: bytes, size: int,
                       arrived: object = None) -> Outcome:
        parsed = parse_inbound(raw, size)
        self.calls.append((uidvalidity, uid, parsed.message_id or ""))
        if "boom" in parsed.subject:
            raise RuntimeError("handler bug")
        return "processed"


def run(coro: Awaitable[None]) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))  # type: ignore[arg-type]


def loop_for(
    account: ImapAccount, handle: Callable[..., Awaitable[Outcome]], **kw: object
) -> IntakeLoop:
    client_kw = {k: kw.pop(k) for k in ("max_bytes", "use_idle", "use_move") if k in kw}
    config_kw = {k: kw.pop(k) for k in ("check_ms",) if k in kw}
    client = MailboxClient(account.config(**config_kw), timeout=5, **client_kw)  # type: ignore[arg-type]
    return IntakeLoop(client, handle, backoff_initial=0.05, backoff_max=0.5, **kw)  # type: ignore[arg-type]


def test_fetch_handle_and_move_to_processed(imap_account: ImapAccount) -> None:
    for n in range(3):
        imap_account.deliver(mail(n))
    rec = Recorder()

    async def go() -> None:
        loop = loop_for(imap_account, rec, wait_seconds=5)
        await loop.start()
        await until(lambda: loop.stats.processed == 3)
        await loop.stop()

    run(go())
    assert [c[1] for c in rec.calls] == sorted(c[1] for c in rec.calls)  # oldest first
    assert len({c[2] for c in rec.calls}) == 3
    assert imap_account.folder("INBOX") == []
    assert len(imap_account.folder("arbitro.processed")) == 3  # Maildir++ separator "."


def test_handler_error_quarantines_and_loop_goes_on(imap_account: ImapAccount) -> None:
    imap_account.deliver(mail(1, subject="boom"))
    imap_account.deliver(mail(2))
    rec = Recorder()
    told: list[tuple[int, str]] = []

    async def hook(fetched: Fetched, reason: str) -> None:
        told.append((fetched.uid, reason))

    async def go() -> None:
        loop = loop_for(imap_account, rec, wait_seconds=5, on_quarantine=hook)
        await loop.start()
        await until(lambda: loop.stats.handled == 2)
        assert loop.running
        await loop.stop()
        assert loop.stats.handler_errors == 1 and loop.stats.quarantined == 1

    run(go())
    quarantined = imap_account.folder("arbitro.quarantine")
    assert [parse_inbound(r).subject for r in quarantined] == ["boom 1"]
    assert [parse_inbound(r).subject for r in imap_account.folder("arbitro.processed")] == [
        "ordini 2"
    ]
    assert len(told) == 1 and "RuntimeError" in told[0][1]


def test_bad_outcome_is_quarantined(imap_account: ImapAccount) -> None:
    imap_account.deliver(mail(1))

    async def odd(uidvalidity: int, uid: int, raw: bytes, size: int) -> Outcome:
        return "later"  # type: ignore[return-value]

    async def go() -> None:
        loop = loop_for(imap_account, odd, wait_seconds=5)
        await loop.start()
        await until(lambda: loop.stats.handled == 1)
        await loop.stop()

    run(go())
    assert len(imap_account.folder("arbitro.quarantine")) == 1


def test_idle_wakes_on_new_mail(imap_account: ImapAccount) -> None:
    rec = Recorder()
    latency: list[float] = []

    async def go() -> None:
        loop = loop_for(imap_account, rec, wait_seconds=30, check_ms=0)  # only IDLE can be this quick
        await loop.start()
        await until(lambda: loop.idle_since is not None)
        await asyncio.sleep(0.2)
        assert loop.client.has_idle
        await asyncio.to_thread(imap_account.deliver, mail(1))
        latency.append(await until(lambda: loop.stats.processed == 1, timeout=10))
        await loop.stop()

    run(go())
    assert latency[0] < 5.0, latency


def test_a_mail_delivered_while_waiting_is_seen_before_idle_would_tell(
    imap_account: ImapAccount,
) -> None:
    """Issue 30: Dovecot tells an IDLE client of a new mail only half a second after it
    came. Against a server on this machine the loop asks every 25 ms instead (NOOP), so a
    mail delivered while it waits is handled within tens of milliseconds of delivery."""
    handled: list[float] = []

    async def stamp(uidvalidity: int, uid: int, raw: bytes, size: int,
                    arrived: object = None) -> Outcome:
        handled.append(time.monotonic())
        return "processed"

    latencies: list[float] = []

    async def go() -> None:
        loop = loop_for(imap_account, stamp, wait_seconds=30)
        await loop.start()
        for n in range(7):
            await until(lambda: loop.idle_since is not None)
            await asyncio.sleep(0.15)  # waiting, as between two players' mails
            await asyncio.to_thread(imap_account.deliver, mail(n))
            delivered = time.monotonic()
            await until(lambda n=n: len(handled) == n + 1)
            latencies.append(handled[-1] - delivered)
        await loop.stop()

    run(go())
    assert loop_for(imap_account, stamp).client.check == 0.025  # type: ignore[attr-defined]
    assert sorted(latencies)[3] < 0.3, latencies  # IDLE alone: every one near 0.5 s


def test_polling_without_idle(imap_account: ImapAccount) -> None:
    rec = Recorder()

    async def go() -> None:
        loop = loop_for(imap_account, rec, wait_seconds=0.3, use_idle=False)
        await loop.start()
        await until(lambda: loop.idle_since is not None)
        assert not loop.client.has_idle
        await asyncio.to_thread(imap_account.deliver, mail(1))
        await until(lambda: loop.stats.processed == 1)
        await loop.stop()

    run(go())
    assert len(imap_account.folder("arbitro.processed")) == 1


def test_copy_delete_expunge_when_move_is_not_used(imap_account: ImapAccount) -> None:
    for n in range(2):
        imap_account.deliver(mail(n))

    async def go() -> None:
        loop = loop_for(imap_account, Recorder(), wait_seconds=5, use_move=False)
        await loop.start()
        await until(lambda: loop.stats.processed == 2)
        await loop.stop()

    run(go())
    assert imap_account.folder("INBOX") == []
    assert len(imap_account.folder("arbitro.processed")) == 2


def test_oversize_mail_comes_as_header_with_true_size(imap_account: ImapAccount) -> None:
    imap_account.deliver(mail(1, size=50_000))
    imap_account.deliver(mail(2))
    client = MailboxClient(imap_account.config(), max_bytes=10_000, timeout=5)
    got = client.fetch_new()
    client.close()
    big, small = (parse_inbound(f.raw, f.size) for f in got)
    assert got[0].truncated and got[0].size > 50_000 and len(got[0].raw) < 1000
    assert big.truncated and big.size == got[0].size and big.subject == "ordini 1"
    assert big.from_address == "p1@example.it" and big.body == ""
    assert not small.truncated and small.body.startswith("A VEN - TRI")


def test_reconnects_after_dovecot_restart(private_account: ImapAccount) -> None:
    rec = Recorder()
    server = private_account.server

    async def go() -> None:
        loop = loop_for(private_account, rec, wait_seconds=30)
        await loop.start()
        await asyncio.to_thread(private_account.deliver, mail(1))
        await until(lambda: loop.stats.processed == 1)
        await asyncio.to_thread(server.restart)
        await asyncio.to_thread(private_account.deliver, mail(2))
        await until(lambda: loop.stats.processed == 2, timeout=20)
        assert loop.stats.connection_errors >= 1
        await loop.stop()

    run(go())
    assert len(private_account.folder("arbitro.processed")) == 2
    assert len(rec.calls) == 2


def test_loop_survives_server_down_at_start(private_account: ImapAccount) -> None:
    server = private_account.server
    server.stop()
    rec = Recorder()

    async def go() -> None:
        loop = loop_for(private_account, rec, wait_seconds=5)
        await loop.start()
        await until(lambda: loop.stats.connection_errors >= 2)
        assert loop.running
        await asyncio.to_thread(server.start)
        await asyncio.to_thread(private_account.deliver, mail(1))
        await until(lambda: loop.stats.processed == 1, timeout=20)
        await loop.stop()

    run(go())


def test_uidvalidity_change_hands_mail_again_and_caller_skips_it(
    private_account: ImapAccount,
) -> None:
    """A crash after handling but before the move leaves the mail in the inbox; the server
    then renumbers the mailbox. The loop hands the mail again under the new UIDVALIDITY;
    the caller's Message-ID dedup skips it, and it is moved."""
    private_account.deliver(mail(1))
    first = MailboxClient(private_account.config(), timeout=5)
    [before] = first.fetch_new()
    first.close()  # "crash": handled (recorded below) but never moved
    seen = {parse_inbound(before.raw).message_id: before.uidvalidity}
    applied: list[str] = []
    again: list[tuple[int, int]] = []
    private_account.server.reset_uidvalidity(private_account.user)

    async def handle(uidvalidity: int, uid: int, raw: bytes, size: int,
                         arrived: object = None) -> Outcome:
        mid = parse_inbound(raw).message_id or ""
        if mid in seen:
            again.append((uidvalidity, uid))
            return "processed"  # already applied: just file it
        seen[mid] = uidvalidity
        applied.append(mid)
        return "processed"

    async def go() -> None:
        loop = loop_for(private_account, handle, wait_seconds=5)
        await loop.start()
        await until(lambda: loop.stats.processed == 1)
        await loop.stop()

    run(go())
    assert len(again) == 1 and again[0][0] != before.uidvalidity
    assert applied == []
    assert private_account.folder("INBOX") == []


def test_session_hands_each_mail_once_and_new_session_rescans(imap_account: ImapAccount) -> None:
    imap_account.deliver(mail(1))
    client = MailboxClient(imap_account.config(), timeout=5)
    assert len(client.fetch_new()) == 1
    assert client.fetch_new() == []  # not moved, but already handed in this session
    imap_account.deliver(mail(2))
    assert [parse_inbound(f.raw).subject for f in client.fetch_new()] == ["ordini 2"]
    client.close()
    assert len(client.fetch_new()) == 2  # a new session: whatever is still in the inbox
    client.close()


def test_stop_is_prompt_while_idling(imap_account: ImapAccount) -> None:
    async def go() -> None:
        loop = loop_for(imap_account, Recorder(), wait_seconds=60)
        await loop.start()
        await until(lambda: loop.idle_since is not None)
        start = time.monotonic()
        await loop.stop()
        assert time.monotonic() - start < 3.0
        assert not loop.running and not loop.client.connected

    run(go())


@pytest.mark.parametrize(("attempt", "expected"), [(0, 1.0), (1, 2.0), (3, 8.0), (10, 60.0)])
def test_backoff_doubles_up_to_the_cap(attempt: int, expected: float) -> None:
    assert backoff_delay(attempt, 1.0, 60.0) == expected
