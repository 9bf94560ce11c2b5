"""The outbox: idempotent on its key, atomic with the change that queued it, retried."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta

from sqlalchemy import func, select

from arbitro.store import Attachment, OutboxStatus, Store
from arbitro.store.models import OutboxMessage

MAP = bytes(range(256)) * 40  # binary data must come back byte for byte


def _count(store: Store) -> int:
    with store.begin() as uow:
        return uow.session.scalar(select(func.count()).select_from(OutboxMessage)) or 0


def test_enqueue_is_idempotent_on_its_key(store: Store, now: datetime) -> None:
    with store.begin() as uow:
        first = uow.outbox.enqueue(
            "results:milano1:S1901M:ITALY",
            recipients=["a@x.org"],
            subject="Risultati S1901M",
            body="...",
            now=now,
            headers={"Reply-To": "arbitro+milano1@x.org"},
            attachments=[Attachment("mappa.png", "image/png", MAP)],
        )
        first_id = first.id
    with store.begin() as uow:  # a replayed step, e.g. after a crash before the mark
        again = uow.outbox.enqueue(
            "results:milano1:S1901M:ITALY",
            recipients=["b@x.org"],
            subject="other",
            body="other",
            now=now + timedelta(hours=1),
        )
        assert again.id == first_id
    assert _count(store) == 1
    with store.begin() as uow:
        stored = uow.outbox.get(first_id)
        assert (stored.recipients, stored.subject, stored.headers) == (
            ["a@x.org"],
            "Risultati S1901M",
            {"Reply-To": "arbitro+milano1@x.org"},
        )
        assert [(a.filename, a.content_type, a.data) for a in stored.attachments] == [
            ("mappa.png", "image/png", MAP)
        ]


def test_two_writers_racing_on_one_key_store_one_message(store: Store, now: datetime) -> None:
    start = threading.Barrier(2)
    ids: list[int] = []
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            with store.begin() as uow:
                start.wait(timeout=10)
                message = uow.outbox.enqueue(
                    "race", recipients=[f"{n}@x.org"], subject="s", body="b", now=now
                )
                ids.append(message.id)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert _count(store) == 1 and len(ids) == 2


def test_due_retry_and_give_up(store: Store, now: datetime) -> None:
    with store.begin() as uow:
        for n in range(3):
            uow.outbox.enqueue(
                f"m{n}",
                recipients=["a@x.org"],
                subject=f"s{n}",
                body="b",
                now=now + timedelta(seconds=n),
            )
    with store.begin() as uow:
        assert [m.subject for m in uow.outbox.due(now)] == ["s0"]
        due = uow.outbox.due(now + timedelta(minutes=1))
        assert [m.subject for m in due] == ["s0", "s1", "s2"]
        uow.outbox.mark_sent(due[0], now)
        uow.outbox.mark_failed(due[1], now, "421 try later", retry_at=now + timedelta(minutes=5))
        uow.outbox.mark_failed(due[2], now, "550 no such user", retry_at=None)
    with store.begin() as uow:
        assert [m.subject for m in uow.outbox.due(now + timedelta(minutes=4))] == []
        (retry,) = uow.outbox.due(now + timedelta(minutes=5))
        assert (retry.subject, retry.attempts, retry.last_error) == ("s1", 1, "421 try later")
        counts = uow.outbox.counts()
        assert counts == {OutboxStatus.QUEUED: 1, OutboxStatus.SENDING: 0,
                              OutboxStatus.SENT: 1, OutboxStatus.FAILED: 1}
        sent = uow.outbox.by_key("m0")
        assert sent is not None and sent.sent_at == now and sent.attempts == 1
