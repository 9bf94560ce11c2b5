"""Receipts: every mail's copy to the referee's own mailbox proves the SMTP server took it,
so a crash between the server's "250 OK" and the outbox's mark sends nothing twice
(arbitro/mail/outbound/outbox.py). Real store, aiosmtpd delivering the copies into Dovecot, and the
real MailHandler reading them back."""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from mail.conftest import ImapAccount, smtp_config
from mail.servers import SmtpSink
from mail.test_mail_smtp import REFEREE, T0, Clock, enqueue, status_of
from service.service_helpers import game_table, make_config

from arbitro.mail.intake.handler import MailHandler
from arbitro.mail.mime.message import RECEIPT_HEADER, parse_inbound
from arbitro.mail.outbound.outbox import OutboxDrainer, StoreOutbox
from arbitro.mail.outbound.smtp import SmtpSender
from arbitro.service import Referee
from arbitro.store import InboundStatus, OutboxStatus, Store, open_store
from arbitro.store.models import InboundMail

WAIT = timedelta(minutes=10)


class DiesBeforeTheMark(StoreOutbox):
    """The process dies after the server's OK and before the outbox's commit."""

    def mark_sent(self, entry_id: int, now: datetime) -> None:
        pass


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = open_store(f"sqlite:///{tmp_path / 'receipts.sqlite3'}")
    yield s
    s.close()


@pytest.fixture
def sink(imap_account: ImapAccount) -> Iterator[SmtpSink]:
    """An SMTP server that delivers the referee's copies into its Dovecot INBOX."""
    s = SmtpSink(local={REFEREE: imap_account.deliver})
    s.start()
    yield s
    s.stop()


def drain(port: StoreOutbox, sink: SmtpSink, clock: Clock, *, receipts: bool = True) -> None:
    async def go() -> None:
        d = OutboxDrainer(port, SmtpSender(smtp_config(sink), timeout=2), referee=REFEREE,
                          clock=clock, receipt_address=REFEREE if receipts else None,
                          receipt_wait=WAIT)
        await d.drain_once()
        await d.sender.close()

    asyncio.run(go())


def read_copies(store: Store, account: ImapAccount, now: datetime) -> list[str]:
    """The intake's part: every mail in the referee's INBOX through the MailHandler."""
    handler = MailHandler(Referee(store, make_config(game_table("r1"))))
    return [handler.handle(raw, now) for raw in account.folder("INBOX")]


def test_a_mail_goes_out_with_its_copy_carrying_a_token(
    store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    enqueue(store, "k", ["a@example.it"])
    drain(StoreOutbox(store), sink, Clock())
    (got,) = sink.received
    assert got.rcpt_tos == ["a@example.it"]  # the copy went by the envelope only
    (copy,) = imap_account.folder("INBOX")
    assert copy.endswith(got.content)  # one SMTP transaction: the same bytes (+ Return-Path..)
    receipt = parse_inbound(copy).receipt
    assert receipt == _token(store) and f"{RECEIPT_HEADER}: {receipt}".encode() in copy
    assert b"Bcc" not in copy and REFEREE.encode() not in got.content.split(b"To:")[1][:40]
    assert status_of(store, "k")[0] is OutboxStatus.SENT
    # The copy of a mail already marked sent is filed and changes nothing.
    assert read_copies(store, imap_account, T0) == ["sent"]
    assert status_of(store, "k")[0] is OutboxStatus.SENT


def test_receipts_are_random_and_say_nothing_of_the_outbox_or_each_other(
    store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    """Issue 25 finding 10: the receipt carried the outbox id, a counter that dated a
    delayed anonymous message between a recipient's own mails (defeating press_delay).
    Now it is a random token alone: nothing in it orders or links two mails."""
    keys = [f"k{i}" for i in range(6)]
    for key in keys:
        enqueue(store, key, ["a@example.it"])
    drain(StoreOutbox(store), sink, Clock())
    receipts = [parse_inbound(r.content).receipt for r in sink.received]
    assert len(set(receipts)) == len(keys)
    for receipt in receipts:  # 128 random bits and nothing else: no "<outbox id>." before
        assert re.fullmatch(r"[0-9a-f]{32}", receipt), receipt
    assert read_copies(store, imap_account, T0) == ["sent"] * len(keys)  # each confirms its own
    assert {status_of(store, k)[0] for k in keys} == {OutboxStatus.SENT}


def test_a_crash_after_the_servers_ok_sends_nothing_twice(
    store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    enqueue(store, "k", ["a@example.it"])
    clock = Clock()
    drain(DiesBeforeTheMark(store), sink, clock)
    assert status_of(store, "k")[0] is OutboxStatus.SENDING
    clock.now += WAIT / 2
    drain(StoreOutbox(store), sink, clock)  # restarted, too soon to doubt the copy
    assert len(sink.received) == 1
    assert read_copies(store, imap_account, clock.now) == ["sent"]
    assert status_of(store, "k")[0] is OutboxStatus.SENT
    clock.now += WAIT * 10
    drain(StoreOutbox(store), sink, clock)
    assert len(sink.received) == 1  # exactly once
    with store.begin() as uow:
        (row,) = uow.session.query(InboundMail).all()
        assert row.status is InboundStatus.COPY and "confirmed sent" in row.note


@pytest.fixture
def in_flight(store: Store, sink: SmtpSink) -> tuple[Clock, str]:
    """A mail handed to SMTP when the process died, before the server took it: its first
    DATA is answered without being kept or delivered. Gives the clock and its token."""
    sink.data_replies = ["250 OK but lost"]
    enqueue(store, "k", ["a@example.it"])
    clock = Clock()
    drain(DiesBeforeTheMark(store), sink, clock)
    assert status_of(store, "k")[0] is OutboxStatus.SENDING
    return clock, _token(store)


def test_without_a_copy_the_mail_goes_again_after_the_wait_byte_for_byte(
    store: Store, sink: SmtpSink, imap_account: ImapAccount, in_flight: tuple[Clock, str]
) -> None:
    """No copy came, so after receipt_wait the same bytes go again."""
    clock, token = in_flight
    assert imap_account.folder("INBOX") == [] and sink.received == []
    clock.now += WAIT - timedelta(seconds=1)
    drain(StoreOutbox(store), sink, clock)
    assert sink.received == []
    clock.now += timedelta(seconds=1)
    drain(StoreOutbox(store), sink, clock)
    assert len(sink.received) == 1
    assert parse_inbound(sink.received[0].content).receipt == token
    assert status_of(store, "k")[0] is OutboxStatus.SENT


def test_a_forged_or_stale_copy_confirms_nothing(
    store: Store, imap_account: ImapAccount, in_flight: tuple[Clock, str]
) -> None:
    clock, token = in_flight
    for frm, value in [
        (REFEREE, "0" * 32),  # a guessed token
        (REFEREE, token[:-1] + ("0" if token[-1] != "0" else "1")),  # one digit off
        (REFEREE, hashlib.sha256(token.encode()).hexdigest()),  # what the store looks up by
        (REFEREE, "2." + token),  # the old form, another mail's id
        (REFEREE, "99999999999999999999." + token),  # an id no database column holds
        ("mallory@example.it", token),  # the right one from another mailbox
    ]:
        imap_account.deliver(
            f"From: {frm}\r\nTo: {REFEREE}\r\nSubject: x\r\nX-Arbitro-Loop: {REFEREE}\r\n"
            f"{RECEIPT_HEADER}: {value}\r\nMessage-ID: <{value[:8]}@x>\r\n\r\nhi\r\n".encode()
        )
    outcomes = read_copies(store, imap_account, clock.now)
    assert "quarantine" not in outcomes  # each one read and filed, none breaks the handler
    assert status_of(store, "k")[0] is OutboxStatus.SENDING


def test_a_mail_taken_without_an_answer_waits_for_its_copy(
    store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    """The server took the mail but its reply never came (the sender timed out): the
    retry is put off by receipt_wait, and the copy settles it meanwhile."""
    sink.stall_after_data = 3.0  # the drainer's sender gives up after 2 s
    enqueue(store, "k", ["a@example.it"])
    clock = Clock()
    drain(StoreOutbox(store), sink, clock)
    status, attempts, retry_at, error = status_of(store, "k")
    assert (status, attempts) == (OutboxStatus.QUEUED, 1) and "Timeout" in error
    assert retry_at >= T0 + WAIT  # not the usual one-minute backoff
    sink.stall_after_data = 0
    assert read_copies(store, imap_account, clock.now) == ["sent"]
    clock.now += WAIT * 2
    drain(StoreOutbox(store), sink, clock)
    assert len(sink.received) == 1 and status_of(store, "k")[0] is OutboxStatus.SENT


def test_without_receipts_a_crash_means_one_identical_resend(
    store: Store, smtp_sink: SmtpSink
) -> None:
    enqueue(store, "k", ["a@example.it"])
    clock = Clock()
    drain(DiesBeforeTheMark(store), smtp_sink, clock, receipts=False)
    drain(StoreOutbox(store), smtp_sink, clock, receipts=False)  # the claim may be at work
    assert len(smtp_sink.received) == 1
    clock.now += timedelta(minutes=2)  # the drainer's claim_lifetime: the sender is gone
    drain(StoreOutbox(store), smtp_sink, clock, receipts=False)
    drain(StoreOutbox(store), smtp_sink, clock, receipts=False)
    assert [r.rcpt_tos for r in smtp_sink.received] == [["a@example.it"]] * 2
    assert smtp_sink.received[0].content == smtp_sink.received[1].content
    assert RECEIPT_HEADER.encode() not in smtp_sink.received[0].content


def test_a_failure_reported_after_the_copy_came_leaves_it_sent(store: Store) -> None:
    """A timeout after DATA that the server did act on: the copy wins over the error."""
    enqueue(store, "k", ["a@example.it"])
    port = StoreOutbox(store)
    (entry,) = port.due(T0, 10)
    token = port.claim(entry.id, T0)
    assert token is not None
    with store.begin() as uow:
        assert uow.outbox.confirm(f"{token}x", T0) is None
        assert uow.outbox.confirm(token, T0) is not None
    port.mark_failed(entry.id, T0, "TimeoutError", T0 + timedelta(minutes=1))
    assert status_of(store, "k")[0] is OutboxStatus.SENT
    assert port.claim(entry.id, T0) is None  # and the drainer will not hand it over again


def _token(store: Store) -> str:
    with store.begin() as uow:
        row = uow.outbox.by_key("k")
        assert row is not None and row.receipt_token
        return row.receipt_token


@pytest.mark.parametrize("reply", ["550 5.1.1 no such user", "451 4.2.0 mailbox busy"])
def test_no_copy_goes_when_no_real_recipient_was_taken(
    reply: str, store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    """A copy would confirm a mail nobody got: it joins the transaction only after a real
    recipient was accepted."""
    sink.rcpt_replies["a@example.it"] = reply
    enqueue(store, "k", ["a@example.it"])
    drain(StoreOutbox(store), sink, Clock())
    assert imap_account.folder("INBOX") == [] and sink.received == []
    assert status_of(store, "k")[0] is (
        OutboxStatus.FAILED if reply.startswith("5") else OutboxStatus.QUEUED)


def test_a_partly_refused_mail_goes_with_its_copy(
    store: Store, sink: SmtpSink, imap_account: ImapAccount
) -> None:
    sink.rcpt_replies["gone@example.it"] = "550 5.1.1 no such user"
    enqueue(store, "k", ["a@example.it", "gone@example.it"])
    drain(StoreOutbox(store), sink, Clock())
    assert [r.rcpt_tos for r in sink.received] == [["a@example.it"]]
    assert len(imap_account.folder("INBOX")) == 1
    assert status_of(store, "k")[0] is OutboxStatus.SENT


def test_the_drainer_knows_when_to_look_again(store: Store, in_flight: tuple[Clock, str]) -> None:
    """A claim with no copy comes due at claim + receipt_wait; a queued retry at its time;
    the running drainer sleeps until the sooner of them, not its whole interval."""
    port = StoreOutbox(store)
    assert port.next_due(WAIT) == T0 + WAIT
    enqueue(store, "later", ["b@example.it"])  # queued now: due at once
    assert port.next_due(WAIT) == T0
    with store.begin() as uow:
        row = uow.outbox.by_key("later")
        assert row is not None
        uow.outbox.mark_failed(row, T0, "451", T0 + timedelta(minutes=3))
    assert port.next_due(WAIT) == T0 + timedelta(minutes=3)
    d = OutboxDrainer(port, SmtpSender(smtp_config(SmtpSink()), timeout=1), referee=REFEREE,
                      clock=lambda: T0 + timedelta(minutes=2, seconds=59),
                      receipt_address=REFEREE, receipt_wait=WAIT)
    assert 0.9 < d._sleep(30.0) < 1.1
