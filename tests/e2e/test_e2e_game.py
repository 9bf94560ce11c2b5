"""A seven-player game played by mail against Dovecot and an SMTP sink: orders with
passwords (one player late, one missing), confirmations, the deadline passing on the
daemon's clock, results matching an independent adjudication, then a retreat and a winter
phase by mail."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from harness import (
    GM,
    FakeClock,
    current_phase,
    daemon_config,
    inbound_rows,
    order_mail,
    outbox_rows,
    queued,
    received,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import FALL_1901 as FALL
from service.service_helpers import game_table

from arbitro.contract import position_from_json, position_to_json
from arbitro.daemon import Daemon
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.outcome import PhaseOutcome, Result
from arbitro.diplomacy.phases import play
from arbitro.reports.words import order_text, result_word
from arbitro.service.table import rules_of
from arbitro.variants import load_board

BOARD = load_board("standard")
GAME = "e2e"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"

SPRING = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
    "GERMANY": ["A MUN - RUH", "A BER - MUN", "F KIE - DEN"],
    "ITALY": ["A VEN - PIE", "A ROM - VEN", "F NAP - ION"],
}
LATE, LATE_ORDERS = "RUSSIA", ["A WAR - UKR", "A MOS - SEV", "F SEV - BLA", "F STP/SC - BOT"]
MISSING = "TURKEY"
RETREAT = {"FRANCE": ["A BUR - PAR"]}
WINTER = {"FRANCE": ["F BRE B", "A MAR B"], "GERMANY": ["F KIE B"]}


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # game_table: p3@e2e.example has pw3


def language_of(address: str) -> str:
    return "it" if int(address[1]) % 2 == 0 else "en"


def expected(daemon: Daemon, phase_code: str, orders: dict[str, list[str]],
             nmr: dict[str, str] | None = None) -> tuple[PhaseOutcome, dict]:
    """Adjudicate the stored position of ``phase_code`` ourselves with the mailed orders."""
    with daemon.store.begin() as uow:  # type: ignore[union-attr]
        row = next(p for p in uow.phases.history(GAME) if p.code == phase_code)
        before, after = row.position_before, row.position_after
    position = position_from_json(BOARD, before)
    parsed = {}
    for power, lines in orders.items():
        readings = [read_order(BOARD, power, line) for line in lines]
        assert all(not isinstance(r, str) for r in readings), readings
        parsed[power] = readings
    rules = rules_of(daemon.config.game(GAME))
    outcome = play(BOARD, position, parsed, rules, nmr or {})
    return outcome, after


def assert_results_mail(sink: SmtpSink, players: dict[str, str], phase_code: str,
                        outcome: PhaseOutcome) -> None:
    """Every player got one results mail for the phase, listing every order with its outcome
    as adjudicated independently."""
    season = {"S": ("Primavera", "Spring"), "F": ("Autunno", "Autumn"),
              "W": ("Inverno", "Winter")}[phase_code[0]]
    kind = {"M": ("movimenti", "movement"), "R": ("ritirate", "retreats"),
            "A": ("costruzioni", "builds")}[phase_code[-1]]
    for power, address in players.items():
        lang = language_of(address)
        pick = 0 if lang == "it" else 1
        title = f"{season[pick]} {phase_code[1:5]}, {kind[pick]}"
        results = [g for g in to(sink, address)
                   if ("Risultati" in g.subject or "Results" in g.subject) and title in g.subject]
        assert len(results) == 1, (power, [g.subject for g in to(sink, address)])
        body = results[0].body
        assert b"Content-Type: image/png" in results[0].raw  # the map
        # ... and, while a next phase has a deadline, its calendar event
        assert results[0].attachments == 1 + (b"Content-Type: text/calendar" in results[0].raw)
        lines = body.split("\n")
        for r in outcome.results:
            text = order_text(BOARD, r.order, lang)
            found = [line for line in lines if line.strip().startswith(text)]
            assert found, (power, text, body)
            failed = r.result is not Result.SUCCEEDS
            marker = f"[{result_word(r.result.value, lang)}"
            assert (marker in found[0]) == failed, (text, found[0], r.result)


def test_a_game_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    start = start_moment()
    clock = FakeClock(start)
    table = game_table(GAME, lateness_max_per_turn=1, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "e2e.sqlite3", table)

    async def mail_orders(players: dict[str, str], orders: dict[str, list[str]]) -> None:
        for power, lines in orders.items():
            address = players[power]
            raw = order_mail(address, "\n".join(lines), password=password_of(address),
                             to=GAME_ADDRESS)
            imap_account.deliver(raw)

    def confirmations(address: str) -> list:
        return [g for g in to(smtp_sink, address)
                if "Ordini ricevuti" in g.subject or "Orders received" in g.subject]

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            # The game is created and started by the first (scheduled) tick.
            players = await seated(store, GAME)
            await until(lambda: all(to(smtp_sink, a) for a in players.values()),
                        what="welcome mails")

            # Spring 1901: five on time, Russia late, Turkey never.
            await mail_orders(players, SPRING)
            await until(lambda: all(confirmations(players[p]) for p in SPRING), what="confirms")
            for power, lines in SPRING.items():
                address = players[power]
                (confirm,) = confirmations(address)
                for line in lines:
                    order = read_order(BOARD, power, line)
                    text = order_text(BOARD, order, language_of(address))
                    assert f"  {text}" in confirm.body, (text, confirm.body)
            assert not confirmations(players[LATE]) and not confirmations(players[MISSING])
            spring = current_phase(store, GAME)
            assert spring.code == "S1901M"

            # The deadline passes: Russia and Turkey are late one day each (R-LATE-2).
            clock.now = spring.deadline + timedelta(minutes=1)
            await daemon.reschedule()  # as after a restart: the scheduler fires at once
            await until(lambda: f"{GAME}:late" in daemon.steps, what="lateness")
            late_phase = current_phase(store, GAME)
            assert late_phase.deadline == spring.deadline + timedelta(days=1)
            await mail_orders(players, {LATE: LATE_ORDERS})
            await until(lambda: bool(confirmations(players[LATE])), what="late confirmation")

            clock.now = late_phase.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "F1901M", what="spring")
            outcome, after = expected(daemon, "S1901M", {**SPRING, LATE: LATE_ORDERS},
                                      {MISSING: "first"})
            assert position_to_json(position_from_json(BOARD, after)) == position_to_json(
                outcome.next)
            await until(lambda: queued(store) == 0, what="spring results sent")
            assert_results_mail(smtp_sink, players, "S1901M", outcome)
            assert any(r.source.value == "default" for r in outcome.results
                       if r.order.power == MISSING)

            # Autumn: everyone orders; early processing as soon as the last mail is in.
            await mail_orders(players, FALL)
            await until(lambda: current_phase(store, GAME).code == "F1901R", what="autumn")
            outcome, _ = expected(daemon, "F1901M", FALL)
            assert [d.unit.location for d in outcome.next.dislodged] == ["BUR"]
            await until(lambda: queued(store) == 0, what="autumn results sent")
            assert_results_mail(smtp_sink, players, "F1901M", outcome)

            # The French army retreats by mail; then winter.
            await mail_orders(players, RETREAT)
            await until(lambda: current_phase(store, GAME).code == "W1901A", what="retreat")
            outcome, _ = expected(daemon, "F1901R", RETREAT)
            await until(lambda: queued(store) == 0, what="retreat results sent")
            assert_results_mail(smtp_sink, players, "F1901R", outcome)

            before = {p: len(confirmations(players[p])) for p in WINTER}
            await mail_orders(players, WINTER)
            await until(lambda: all(len(confirmations(players[p])) == before[p] + 1
                                    for p in WINTER), what="winter confirmations")
            winter = current_phase(store, GAME)
            clock.now = winter.deadline + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: current_phase(store, GAME).code == "S1902M", what="winter")
            outcome, after = expected(daemon, "W1901A", WINTER)
            assert position_to_json(position_from_json(BOARD, after)) == position_to_json(
                outcome.next)
            await until(lambda: queued(store) == 0, what="winter results sent")
            assert_results_mail(smtp_sink, players, "W1901A", outcome)
            # The copy of every mail sent came back and was filed (receipts, outbox.py).
            await until(lambda: imap_account.folder("INBOX") == [], what="copies read")
        finally:
            await daemon.stop()

        # Every mail in the sink was sent once, and every sent outbox row reached it.
        ids = [g.message_id for g in received(smtp_sink)]
        assert len(ids) == len(set(ids))
        assert len(ids) == len(outbox_rows(store))
        assert any(GM in g.rcpt for g in received(smtp_sink))
        assert imap_account.folder("INBOX") == []
        assert len(inbound_rows(store, copies=True)) == len(outbox_rows(store))
        assert len(imap_account.folder("arbitro.sent")) == len(outbox_rows(store))

    run(go())
