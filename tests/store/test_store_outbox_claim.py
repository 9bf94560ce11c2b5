"""The outbox's claim is a compare-and-set (issue 25, finding 5): of two senders that read
the same due mail, one claims it and the other gets nothing, so no mail can go twice,
whether the two race in one process or are two daemons on one store."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from arbitro.mail.outbound.outbox import StoreOutbox
from arbitro.store import OutboxStatus, Store

WAIT = timedelta(minutes=10)


def _queue(store: Store, now: datetime, n: int = 1) -> list[int]:
    with store.begin() as uow:
        return [uow.outbox.enqueue(f"k{i}", recipients=["a@example.it"], subject="s",
                                   body="b", now=now).id for i in range(n)]


def test_a_mail_two_senders_saw_due_is_claimed_by_one_only(store: Store, now: datetime) -> None:
    (entry_id,) = _queue(store, now)
    first, second = StoreOutbox(store), StoreOutbox(store)
    assert [e.id for e in first.due(now, 10, now - WAIT)] == [entry_id]
    assert [e.id for e in second.due(now, 10, now - WAIT)] == [entry_id]  # both saw it
    token = first.claim(entry_id, now)
    assert token is not None
    assert second.claim(entry_id, now) is None  # being sent by the first: not yours
    assert first.claim(entry_id, now) is None  # nor the first's a second time
    with store.begin() as uow:
        row = uow.outbox.get(entry_id)
        assert (row.status, row.receipt_token, row.claimed_at) == (OutboxStatus.SENDING, token, now)


def test_a_stale_claim_is_taken_over_once_and_keeps_its_token(store: Store, now: datetime) -> None:
    """A claim whose copy never came (the sender died) is handed to SMTP again after the
    receipt wait, by one sender, with the same token (the same bytes go again)."""
    (entry_id,) = _queue(store, now)
    port = StoreOutbox(store)
    token = port.claim(entry_id, now)
    later = now + WAIT + timedelta(seconds=1)
    assert port.claim(entry_id, now + WAIT / 2, now + WAIT / 2 - WAIT) is None  # not stale yet
    assert port.claim(entry_id, later, later - WAIT) == token
    assert StoreOutbox(store).claim(entry_id, later, later - WAIT) is None


def test_a_queued_retry_is_not_claimed_before_its_time(store: Store, now: datetime) -> None:
    (entry_id,) = _queue(store, now)
    port = StoreOutbox(store)
    port.mark_failed(entry_id, now, "451 try later", now + timedelta(minutes=5))
    assert port.claim(entry_id, now + timedelta(minutes=4)) is None
    assert port.claim(entry_id, now + timedelta(minutes=5)) is not None


def test_sent_and_failed_mails_are_never_claimed(store: Store, now: datetime) -> None:
    sent, failed = _queue(store, now, 2)
    port = StoreOutbox(store)
    port.claim(sent, now)
    port.mark_sent(sent, now)
    port.mark_failed(failed, now, "550 no such user", None)
    far = now + timedelta(days=30)
    assert port.claim(sent, far, far) is None and port.claim(failed, far, far) is None


def test_threads_racing_for_every_mail_claim_each_once(store: Store, now: datetime) -> None:
    ids = _queue(store, now, 20)
    start = threading.Barrier(4)
    claimed: list[list[int]] = [[] for _ in range(4)]

    def sender(n: int) -> None:
        port = StoreOutbox(store)
        due = [e.id for e in port.due(now, 50, now - WAIT)]
        start.wait()
        for entry_id in due:
            if port.claim(entry_id, now) is not None:
                claimed[n].append(entry_id)

    threads = [threading.Thread(target=sender, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    everything = [i for got in claimed for i in got]
    assert sorted(everything) == ids  # each claimed, and by one sender only
