"""By mail, against Dovecot and an SMTP sink (issue 16): a phase runs early only on
complete orders and when nobody waits.

Spring: France orders two of its three units while everyone else is complete: the phase
is not processed, and France's confirmation lists the unit still without an order; France
completes its orders and the phase runs at once. Autumn: Turkey leaves a unit without an
order: the phase waits for its deadline, and the results list the unit left without
orders. Retreats: France asks STATO (its dislodged army and where it may go, the map),
then ATTENDI with its retreat in the same mail: the retreat phase is complete, yet it
waits for its deadline."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from harness import (
    FakeClock,
    current_phase,
    daemon_config,
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

GAME = "pronti"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"
CONFIRMED = ("Ordini ricevuti", "Orders received")


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # game_table: p3@… has pw3


def language_of(address: str) -> str:
    return "it" if int(address[1]) % 2 == 0 else "en"


def pick(address: str, it: str, en: str) -> str:
    return it if language_of(address) == "it" else en


def test_half_orders_wait_and_results(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                      tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "ready.sqlite3", table)

    def confirmations(address: str) -> list:
        return [g for g in to(smtp_sink, address) if g.subject.split("] ")[-1].startswith(CONFIRMED)]

    async def send(players: dict[str, str], orders: dict[str, list[str]], subject: str = "ordini") -> None:
        for power, lines in orders.items():
            address = players[power]
            imap_account.deliver(order_mail(address, "\n".join(lines), password=password_of(address),
                                            to=GAME_ADDRESS, subject=subject))

    async def settled(daemon: Daemon) -> None:
        """Every mail read and answered, and the scheduler had its chance to step."""
        assert daemon.store is not None
        await until(lambda: imap_account.folder("INBOX") == [] and queued(daemon.store) == 0,
                    what="mail handled")
        await asyncio.sleep(1.5)

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)
            france = players["FRANCE"]

            # Spring: everyone complete but France, which orders two of three units.
            others = {p: lines for p, lines in SPRING_1901.items() if p != "FRANCE"}
            await send(players, {**others, "FRANCE": ["A PAR - BUR", "F BRE - MAO"]})
            await until(lambda: all(confirmations(players[p]) for p in SPRING_1901),
                        what="spring confirmations")
            await settled(daemon)
            assert current_phase(store, GAME).code == "S1901M"  # not processed early
            (half,) = confirmations(france)
            assert pick(france, "Ordini incompleti.", "Orders incomplete.") in half.body
            assert pick(france, "Unità ancora senza un ordine valido (alla scadenza stanno "
                        "ferme): A Marsiglia (Mar)",
                        "Units still without a valid order (at the deadline they hold): "
                        "A Marseilles (MAR)") in half.body, half.body
            # ... and it does not promise a phase that is already over
            assert pick(france, "fino alla scadenza", "until the deadline") in half.body
            italy = players["ITALY"]
            (complete,) = confirmations(italy)
            assert pick(italy, "Aspetto gli ordini completi delle altre nazioni",
                        "Waiting for complete orders from the other powers") in complete.body

            # France completes its orders: every power is ready, nobody waits: at once.
            await send(players, {"FRANCE": SPRING_1901["FRANCE"]})
            await until(lambda: current_phase(store, GAME).code == "F1901M", what="spring early")
            await until(lambda: len(confirmations(france)) == 2, what="second confirmation")
            last = confirmations(france)[-1]
            assert pick(france, "la fase sarà elaborata subito",
                        "the phase will be processed right away") in last.body
            assert pick(france, "Puoi rimandare", "You may send orders again") not in last.body

            # Autumn: Turkey leaves A SMY without an order: the phase waits for its deadline.
            turkey = players["TURKEY"]
            partial = [line for line in FALL_1901["TURKEY"] if "SMY" not in line]
            await send(players, {**FALL_1901, "TURKEY": partial})
            await until(lambda: all(len(confirmations(players[p])) == 2 for p in FALL_1901
                                    if p != "FRANCE"), what="autumn confirmations")
            await settled(daemon)
            autumn = current_phase(store, GAME)
            assert autumn.code == "F1901M"
            assert pick(turkey, "A Smirne (Smi)", "A Smyrna (SMY)") in confirmations(turkey)[-1].body
            clock.now = autumn.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "F1901R", what="autumn at deadline")
            await until(lambda: queued(store) == 0, what="autumn results sent")
            for address in players.values():
                (results,) = [g for g in to(smtp_sink, address)
                              if ("Risultati" in g.subject or "Results" in g.subject)
                              and pick(address, "Autunno 1901", "Autumn 1901") in g.subject]
                heading = pick(address, "UNITÀ SENZA ORDINI (sono rimaste ferme)",
                               "UNITS WITHOUT ORDERS (they held)")
                section = results.body.split(heading, 1)[1].split("\n\n", 1)[0]
                assert pick(address, "A Smirne (Smi)", "A Smyrna (SMY)") in section, results.body
                assert section.count(":") == 1  # Turkey alone

            # Retreats: France asks where it stands; the dislodged army and its options.
            before = len(to(smtp_sink, france))
            imap_account.deliver(order_mail(france, "", password=password_of(france),
                                            to=GAME_ADDRESS, subject=pick(france, "STATO", "STATUS")))
            await until(lambda: len(to(smtp_sink, france)) > before, what="status")
            status = to(smtp_sink, france)[-1]
            # the map of the position now and the deadline as a calendar event
            assert status.attachments == 2 and b"Content-Type: text/calendar" in status.raw
            assert pick(france, "DA FARE IN QUESTA FASE", "DUE THIS PHASE") in status.body
            assert pick(france, "A Borgogna (Bor) è costretta alla ritirata", "A Burgundy (BUR) is dislodged") \
                in status.body, status.body
            assert pick(france, "Parigi (Par)", "Paris (PAR)") in status.body
            assert "(Europe/Rome)" in status.body  # the deadline, absolute with its time zone

            # ATTENDI and the retreat in one mail: complete, but held to the deadline.
            before = len(to(smtp_sink, france))
            imap_account.deliver(order_mail(france, "A BUR - PAR", password=password_of(france),
                                            to=GAME_ADDRESS, subject=pick(france, "ATTENDI", "WAIT")))
            await until(lambda: len(to(smtp_sink, france)) >= before + 2, what="wait and confirm")
            await settled(daemon)
            retreat = current_phase(store, GAME)
            assert retreat.code == "F1901R" and retreat.waiting == ["FRANCE"]
            replies = to(smtp_sink, france)[before:]
            subjects = [g.subject for g in replies]
            assert any(pick(france, "Richiesta ATTENDI registrata", "Request WAIT recorded") in s for s in subjects), subjects
            confirm = next(g for g in replies if g.subject.split("] ")[-1].startswith(CONFIRMED))
            assert pick(france, "Ordini completi", "Orders complete") in confirm.body
            assert pick(france, "Hai chiesto di attendere (ATTENDI)",
                        "You asked to wait (WAIT)") in confirm.body
            clock.now = retreat.deadline - timedelta(minutes=1)
            await daemon.reschedule()
            await asyncio.sleep(1.5)
            assert current_phase(store, GAME).code == "F1901R"
            clock.now = retreat.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "W1901A", what="retreat at deadline")
            assert current_phase(store, GAME).waiting == []  # a wait lasts one phase
        finally:
            await daemon.stop()

    run(go(), timeout=240)
