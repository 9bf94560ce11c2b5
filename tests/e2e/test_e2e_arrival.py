"""A mail counts by when it ARRIVED (the server's INTERNALDATE), not when the daemon read it
(R-LATE-2, R-LATE-3, R-ONP-1), against Dovecot and an SMTP sink.

The daemon is stopped; Turkey's orders are delivered into Dovecot; the daemon starts again
after the spring deadline. Delivered before the deadline, they count for the phase at no
cost and the deadline is not processed before they are read (no ONP); delivered after it,
they are late as before. The daemon's clock is a test clock: a mail's age on the server
(real seconds) is carried onto it, as the scheduler carries wake-ups."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path

from harness import (
    FakeClock,
    current_phase,
    daemon_config,
    order_mail,
    run,
    seated,
    start_moment,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import SPRING_1901, game_table

from arbitro.daemon import Daemon
from arbitro.store import PhaseStatus, Store

GAME = "arrivo"
TURKEY = ["F ANK - BLA", "A CON - BUL", "A SMY - ARM"]  # not the holds an ONP would give


def _spring_with_turkey_sent_while_down(
    imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path, *, bank: int,
    before_deadline: bool,
) -> tuple[dict[str, int], list[str], int]:
    """Spring 1901 played to its deadline with Turkey's orders delivered while the daemon
    is down: (the phase's lateness charged, its result orders, Turkey's ONP streak)."""
    clock = FakeClock(start_moment())
    table = game_table(GAME, lateness_bank_days=bank, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "arrival.sqlite3", table)

    def daemon() -> Daemon:
        return Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                      imap_timeout=10, render_map=None)

    def send(address: str, lines: list[str]) -> None:
        imap_account.deliver(order_mail(address, "\n".join(lines), password=f"pw{address[1]}",
                                        to=f"arbitro+{GAME}@example.org"))

    out: dict[str, object] = {}

    async def go() -> None:
        first = daemon()
        await first.start()
        try:
            store = first.store
            assert store is not None
            players = await seated(store, GAME)
            for power, lines in SPRING_1901.items():
                if power != "TURKEY":
                    send(players[power], lines)
            await until(lambda: _orders_on_file(store) == 6, what="six orders on file")
            deadline = current_phase(store, GAME).deadline
        finally:
            await first.stop()

        if before_deadline:
            send(players["TURKEY"], TURKEY)
            time.sleep(3)  # noqa: ASYNC251 — the daemon is stopped; real seconds the mail waits: it came 2+ s before the deadline
            clock.now = deadline + timedelta(seconds=1)
        else:
            clock.now = deadline + timedelta(hours=1)
            send(players["TURKEY"], TURKEY)

        second = daemon()
        await second.start()
        try:
            store = second.store
            assert store is not None
            await until(lambda: _spring(store) is not None, timeout=40, what="spring processed")
            out["lateness"], out["orders"] = _spring(store)  # type: ignore[misc]
            with store.begin() as uow:
                out["onp"] = uow.powers.get(GAME, "TURKEY").onp_streak
        finally:
            await second.stop()

    run(go())
    return out["lateness"], out["orders"], out["onp"]  # type: ignore[return-value]


def _orders_on_file(store: Store) -> int:
    with store.begin() as uow:
        phase = uow.phases.current(GAME)
        return len(uow.orders.current(phase.id))


def _spring(store: Store) -> tuple[dict[str, int], list[str]] | None:
    """Spring 1901's lateness charged and result orders, once processed."""
    with store.begin() as uow:
        for phase in uow.phases.history(GAME):
            if phase.code == "S1901M" and phase.status is PhaseStatus.PROCESSED:
                return (dict(phase.lateness or {}),
                        [r["order"] for r in phase.results["results"]])
    return None


def test_orders_that_arrived_on_time_while_the_daemon_was_down_count(
    imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    """No bank: read late, they would be refused and Turkey left without orders (ONP)."""
    lateness, orders, onp = _spring_with_turkey_sent_while_down(
        imap_account, smtp_sink, tmp_path, bank=0, before_deadline=True)
    assert "A CON - BUL" in orders and "A SMY - ARM" in orders, orders
    assert lateness == {}
    assert onp == 0


def test_orders_that_arrived_on_time_cost_no_bonus_day(
    imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    lateness, orders, onp = _spring_with_turkey_sent_while_down(
        imap_account, smtp_sink, tmp_path, bank=2, before_deadline=True)
    assert "A CON - BUL" in orders, orders
    assert lateness == {}
    assert onp == 0


def test_orders_that_arrived_after_the_deadline_are_late_as_before(
    imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    lateness, orders, onp = _spring_with_turkey_sent_while_down(
        imap_account, smtp_sink, tmp_path, bank=2, before_deadline=False)
    assert "A CON - BUL" in orders, orders
    assert lateness == {"TURKEY": 1}  # R-LATE-2/3: one late day, paid from the bank
    assert onp == 0
