"""By mail, against Dovecot and an SMTP sink: lateness only through the bank (R-LATE-3),
no lateness in retreats (R-RET-4), and the auditable draw (R-END-3).

Each player gets the draw's SHA-256 when the game opens and the seed with the nation; then
with a bank of one day: Turkey, late in the Spring, spends its bank; in the Autumn the
phase waits a day for Russia, and Turkey's change of its on-time orders is refused by mail
(its orders stand), while England's change costs England a day. A retreat sent after its
deadline is refused."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta
from pathlib import Path

from harness import (
    FakeClock,
    current_phase,
    daemon_config,
    holders,
    order_mail,
    queued,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import FALL_1901, SPRING_1901, game_table

from arbitro.daemon import Daemon
from arbitro.fairness.draw import assign_by_lot
from arbitro.diplomacy.orders import Move
from arbitro.reports.words import order_text
from arbitro.variants import load_board

BOARD = load_board("standard")

GAME = "ritardi"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"
CONFIRMED = ("Ordini ricevuti", "Orders received")
REFUSED = ("Ordini non accettati", "Orders not accepted")


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # game_table: p3@… has pw3


def test_the_draw_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    """The fingerprint in each player's first mail is the SHA-256 of the seed revealed with
    the nations, and the revealed seed repeats the assignment."""
    clock = FakeClock(start_moment() - timedelta(hours=1))
    table = game_table(GAME, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "draw.sqlite3", table)

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            addresses = [p["address"] for p in table["players"]]
            await until(lambda: all(to(smtp_sink, a) for a in addresses), what="opening mails")
            assert not holders(store, GAME)  # the fingerprint comes before the draw
            fingerprints = {re.search(r"\b([0-9a-f]{64})\b", to(smtp_sink, a)[0].body).group(1)
                            for a in addresses}
            assert len(fingerprints) == 1
            clock.now = start_moment()
            await daemon.reschedule()
            players = await seated(store, GAME)
            await until(lambda: all(len(to(smtp_sink, a)) >= 2 for a in addresses), what="welcome")
            for address in addresses:
                welcome = to(smtp_sink, address)[1].body
                seed = re.search(r"(?:Seme del sorteggio|Seed of the draw): ([0-9a-f]{64})",
                                 welcome).group(1)
                assert {hashlib.sha256(seed.encode()).hexdigest()} == fingerprints
                assert assign_by_lot(addresses, sorted(BOARD.powers), seed) == {
                    a: p for p, a in players.items()}
        finally:
            await daemon.stop()

    run(go())


def test_lateness_only_through_the_bank_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                                tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, lateness_bank_days=1, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "late.sqlite3", table)

    def send(address: str, lines: list[str]) -> None:
        imap_account.deliver(order_mail(address, "\n".join(lines), password=password_of(address),
                                        to=GAME_ADDRESS))

    def mails(address: str, subjects: tuple[str, ...]) -> list:
        return [g for g in to(smtp_sink, address) if any(s in g.subject for s in subjects)]

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)

            # Spring: Turkey is late a day and spends its one-day bank.
            for power, lines in SPRING_1901.items():
                if power != "TURKEY":
                    send(players[power], lines)
            await until(lambda: all(mails(players[p], CONFIRMED) for p in SPRING_1901
                                    if p != "TURKEY"), what="spring confirmations")
            spring = current_phase(store, GAME)
            clock.now = spring.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: f"{GAME}:late" in daemon.steps, what="spring late")
            clock.now = spring.deadline + timedelta(hours=3)
            send(players["TURKEY"], SPRING_1901["TURKEY"])
            await until(lambda: current_phase(store, GAME).code == "F1901M", what="spring played")
            await until(lambda: bool(mails(players["TURKEY"], CONFIRMED)), what="turkey confirmed")

            # Autumn: all on time but Russia; the phase waits one day for Russia.
            clock.now += timedelta(hours=1)
            for power, lines in FALL_1901.items():
                if power != "RUSSIA":
                    send(players[power], lines)
            await until(lambda: all(len(mails(players[p], CONFIRMED)) == 2 for p in FALL_1901
                                    if p != "RUSSIA"), what="autumn confirmations")
            fall = current_phase(store, GAME)
            clock.now = fall.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).deadline > fall.deadline,
                        what="autumn late")

            # Turkey's bank is spent: its change is refused by mail, its orders stand.
            clock.now = fall.deadline + timedelta(hours=2)
            send(players["TURKEY"], ["F ANK - BLA", "A CON - BUL", "A SMY - ARM"])
            await until(lambda: bool(mails(players["TURKEY"], REFUSED)), what="refusal")
            (refusal,) = mails(players["TURKEY"], REFUSED)
            assert ("hai esaurito il bonus ritardo" in refusal.body
                    or "lateness bonus for the game is spent" in refusal.body), refusal.body
            lang = "it" if int(players["TURKEY"][1]) % 2 == 0 else "en"
            assert order_text(BOARD, Move("TURKEY", "A", "CON", "BUL"), lang) in refusal.body, refusal.body
            assert order_text(BOARD, Move("TURKEY", "A", "SMY", "ARM"), lang) not in refusal.body

            # England changes its on-time orders: accepted, for one bonus day.
            send(players["ENGLAND"], ["F NTH - NWY", "F NWG H", "A YOR - EDI"])
            await until(lambda: len(mails(players["ENGLAND"], CONFIRMED)) == 3, what="england")
            english = mails(players["ENGLAND"], CONFIRMED)[-1].body
            assert re.search(r"costato 1 giorno|cost you 1 lateness bonus day", english), english

            send(players["RUSSIA"], FALL_1901["RUSSIA"])
            await until(lambda: current_phase(store, GAME).code == "F1901R", what="autumn played")
            with store.begin() as uow:
                done = next(p for p in uow.phases.history(GAME) if p.code == "F1901M")
                orders = [r["order"] for r in done.results["results"]]
                assert done.lateness == {"RUSSIA": 1, "ENGLAND": 1}
            assert "A CON - BUL" in orders and "F ANK - BLA" not in orders
            assert "A YOR - EDI" in orders

            # A retreat after its deadline is refused (R-RET-4); the default applies. (All
            # mail sent and its copies read first: a copy read wakes the clock too.)
            await until(lambda: queued(store) == 0, what="autumn results sent")
            await until(lambda: imap_account.folder("INBOX") == [], what="copies read")
            # The wake-up asked for by the last copy is computed before the clock moves.
            await until(lambda: not daemon._reschedule_wanted.is_set(), what="rescheduled")
            await daemon.reschedule()
            retreat = current_phase(store, GAME)
            clock.now = retreat.deadline + timedelta(minutes=5)
            send(players["FRANCE"], ["A BUR - PAR"])
            await until(lambda: bool(mails(players["FRANCE"], REFUSED)), what="retreat refused")
            (late_retreat,) = mails(players["FRANCE"], REFUSED)
            assert ("ritirate e aggiustamenti invernali" in late_retreat.body
                    or "retreats and winter adjustments" in late_retreat.body)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "W1901A", what="retreat played")
        finally:
            await daemon.stop()

    run(go())
