"""Two drainers on one store (two daemons overlapping in a takeover, issue 25 finding 5):
every mail goes out once. Real store, real aiosmtpd; the drainers race in one loop, each
with its own SMTP connection."""

from __future__ import annotations

import asyncio
from collections import Counter
from datetime import timedelta

import pytest
from mail.conftest import smtp_config
from mail.servers import SmtpSink
from mail.test_mail_smtp import REFEREE, Clock, enqueue, store  # noqa: F401

from arbitro.mail.mime.message import parse_inbound
from arbitro.mail.outbound.outbox import OutboxDrainer, StoreOutbox
from arbitro.mail.outbound.smtp import SmtpSender
from arbitro.store import OutboxStatus, Store


@pytest.mark.parametrize("receipts", [True, False])
def test_two_drainers_racing_send_every_mail_once(
    store: Store, smtp_sink: SmtpSink, receipts: bool  # noqa: F811
) -> None:
    keys = [f"k{i}" for i in range(12)]
    for key in keys:
        enqueue(store, key, [f"{key}@example.it"])
    clock = Clock()

    def drainer() -> OutboxDrainer:
        return OutboxDrainer(StoreOutbox(store), SmtpSender(smtp_config(smtp_sink), timeout=5),
                             referee=REFEREE, clock=clock,
                             receipt_address=REFEREE if receipts else None,
                             receipt_wait=timedelta(minutes=10))

    async def go() -> None:
        first, second = drainer(), drainer()
        await asyncio.gather(first.drain_once(), second.drain_once())
        await asyncio.gather(first.sender.close(), second.sender.close())

    asyncio.run(go())
    sent = Counter(parse_inbound(r.content).message_id for r in smtp_sink.received)
    assert len(sent) == len(keys)
    assert {mid: n for mid, n in sent.items() if n > 1} == {}
    with store.begin() as uow:
        assert all(uow.outbox.by_key(k).status is OutboxStatus.SENT for k in keys)  # type: ignore[union-attr]
