"""Transient is not permanent (issue 20, finding 3).

Welcome mails, which carry the players' passwords, were given up for good after one DNS
failure: they are queued at the moment the game opened, and a game whose start lay days
in the past (caught up at once) had them "older than the give-up window" at their first
attempt. A mail is now retried, with growing pauses, for ``give_up_after`` counted from its
first failure; then it fails for good and the GM is told.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from mail.conftest import smtp_config
from mail.servers import SmtpSink
from mail.test_mail_smtp import T0, Clock, drainer, status_of, store  # noqa: F401 — the fixture

from arbitro.config import parse_config
from arbitro.config.model import SmtpConfig
from arbitro.store import OutboxStatus, Store

UNRESOLVABLE = SmtpConfig("smtp.no-such-host.invalid", 587, "u", "p", "starttls")


def _enqueue_welcome(store: Store, queued_at_days_ago: int) -> None:
    with store.begin() as uow:
        uow.outbox.enqueue("welcome:g1:p@example.it", recipients=["p@example.it"],
                           subject="Benvenuto", body="La tua password: x\n",
                           now=T0 - timedelta(days=queued_at_days_ago))


def test_a_dns_failure_on_an_old_mail_is_retried_then_it_goes(store: Store, smtp_sink: SmtpSink) -> None:
    _enqueue_welcome(store, queued_at_days_ago=30)  # the game's start lay a month back
    clock = Clock()
    failures: list[tuple[str, str]] = []

    async def go() -> None:
        down = drainer(store, UNRESOLVABLE, clock, failures)
        report = await down.drain_once()
        assert report.retried == 1 and report.failed == 0
        assert "Name or service not known" in report.errors[0] or "not known" in report.errors[0]
        # An hour of DNS trouble: still retried, each time a little later.
        for _ in range(4):
            clock.now = status_of(store, "welcome:g1:p@example.it")[2]
            assert (await down.drain_once()).failed == 0
        # The name resolves again: the mail goes out.
        up = drainer(store, smtp_config(smtp_sink), clock, failures)
        clock.now = status_of(store, "welcome:g1:p@example.it")[2]
        assert (await up.drain_once()).sent == 1
        await up.sender.close()

    asyncio.run(go())
    assert status_of(store, "welcome:g1:p@example.it")[0] == OutboxStatus.SENT
    assert failures == []
    assert len(smtp_sink.received) == 1


def test_after_a_day_of_failures_it_fails_for_good_and_the_gm_is_told(store: Store) -> None:
    _enqueue_welcome(store, queued_at_days_ago=0)
    clock = Clock()
    failures: list[tuple[str, str]] = []

    async def go() -> None:
        down = drainer(store, UNRESOLVABLE, clock, failures)
        await down.drain_once()
        clock.now = T0 + timedelta(hours=23)
        assert (await down.drain_once()).failed == 0
        clock.now = T0 + timedelta(days=1, minutes=1)
        assert (await down.drain_once()).failed == 1

    asyncio.run(go())
    status, attempts, _, error = status_of(store, "welcome:g1:p@example.it")
    assert status == OutboxStatus.FAILED and attempts == 3
    assert [key for key, _ in failures] == ["welcome:g1:p@example.it"]  # the hook tells the GM
    assert "SMTP unreachable" in error


def test_the_window_is_configurable(tmp_path: Path) -> None:
    data = {"server": {"referee_address": "a@b.it", "smtp": {"host": "h", "give_up_after": "3d"}},
            "game": [{"id": "g1", "gm_address": "gm@b.it", "gm_password": "Gm-pass-2026"}]}
    smtp = parse_config(data, tmp_path / "x.toml", {}).server.smtp
    assert smtp is not None and smtp.give_up_after == timedelta(days=3)
