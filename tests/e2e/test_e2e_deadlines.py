"""By mail, against Dovecot and an SMTP sink (issue 17): FUSO / TIMEZONE sets the zone a
player reads deadlines in, every deadline mail carries a calendar event that a moved
deadline updates (same UID, higher SEQUENCE) and a pause cancels; ASSENZA / ABSENCE within
the game's limits moves a deadline inside the absence and not one outside, and a request
over the limits is refused with the limit named."""

from __future__ import annotations

import email
import email.policy
import warnings
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import icalendar
from harness import FakeClock, Got, current_phase, daemon_config, order_mail, run, seated, start_moment, to, until
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import game_table

from arbitro.daemon import Daemon

GAME = "fusi"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"
ROME = ZoneInfo("Europe/Rome")
NEW_YORK = ZoneInfo("America/New_York")


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # game_table: p3@… has pw3


def calendar_of(got: Got) -> icalendar.Calendar:
    """The .ics attachment of a mail, parsed by the icalendar package, with no warnings."""
    message = email.message_from_bytes(got.raw, policy=email.policy.default)
    (part,) = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
    data = part.get_payload(decode=True)
    assert b"\r\n" in data and all(len(line) <= 75 for line in data.split(b"\r\n")), data
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the parser fails the test
        calendar = icalendar.Calendar.from_ical(data)
    assert not calendar.errors
    assert all(not c.errors for c in calendar.walk())
    return calendar


def event(got: Got) -> tuple[str, str, int, datetime, str]:
    calendar = calendar_of(got)
    (vevent,) = calendar.walk("VEVENT")
    return (str(calendar["METHOD"]), str(vevent["UID"]), int(vevent["SEQUENCE"]),
            vevent.decoded("DTSTART"), str(vevent["STATUS"]))


def test_timezones_and_calendar_events_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                              tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, reminders=["24h"])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "tz.sqlite3", table)

    def send(address: str, body: str, password: str | None = None) -> None:
        imap_account.deliver(order_mail(address, body, password=password or password_of(address),
                                        to=GAME_ADDRESS, subject="impostazioni"))

    def mails(address: str, *subjects: str) -> list[Got]:
        return [g for g in to(smtp_sink, address) if any(s in g.subject for s in subjects)]

    def refusals(address: str) -> list[Got]:
        return [g for g in to(smtp_sink, address) if g.subject.startswith("Re:")]

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            await seated(store, GAME)
            italian, english = "p0@fusi.example", "p1@fusi.example"
            phase = current_phase(store, GAME)
            deadline = phase.deadline
            # The welcome already carries the event, in the game's zone.
            await until(lambda: any(b"text/calendar" in g.raw for g in to(smtp_sink, italian)),
                        what="welcome")
            welcome = next(g for g in to(smtp_sink, italian) if b"text/calendar" in g.raw)
            method, uid, first_seq, start, status = event(welcome)
            assert (method, status, start) == ("PUBLISH", "CONFIRMED", deadline)
            local = deadline.astimezone(ROME)
            assert f"{local:%H:%M} (Europe/Rome)" in welcome.body

            send(italian, "FUSO America/New_York")
            send(english, "TIMEZONE america/los_angeles")
            send("p2@fusi.example", "FUSO Marte/Olimpo")
            send("p3@fusi.example", "TIMEZONE")
            await until(lambda: bool(mails(italian, "Fuso orario")) and bool(mails(english, "Time zone"))
                        and bool(refusals("p2@fusi.example")) and bool(refusals("p3@fusi.example")),
                        what="zone replies")
            for a in (italian, english, "p2@fusi.example", "p3@fusi.example"):
                print(a, [g.subject for g in to(smtp_sink, a)])
            (reply,) = mails(italian, "Fuso orario")
            ny = deadline.astimezone(NEW_YORK)
            assert f"alle {ny:%H:%M} (America/New_York)" in reply.body, reply.body
            assert f"{ny.day} " in reply.body
            _, uid_again, seq, start, _ = event(reply)
            assert (uid_again, start) == (uid, deadline) and seq >= first_seq
            (reply_en,) = mails(english, "Time zone")
            la = deadline.astimezone(ZoneInfo("America/Los_Angeles"))
            assert f"at {la:%H:%M} (America/Los_Angeles)" in reply_en.body, reply_en.body
            refused = refusals("p2@fusi.example")[-1].body
            assert "FUSO Marte/Olimpo" in refused and "Europe/Rome" in refused, refused
            missing = refusals("p3@fusi.example")[-1].body
            assert "TIMEZONE America/New_York" in missing, missing

            # The GM extends the deadline: same UID, higher SEQUENCE, the new time in New York.
            clock.advance(hours=5)
            send("gm@example.org", "PROROGA 1d", password="gm-secret")
            await until(lambda: bool(mails(italian, "Scadenza prorogata")), what="extension")
            (extended,) = mails(italian, "Scadenza prorogata")
            new = deadline + timedelta(days=1)
            assert f"alle {new.astimezone(NEW_YORK):%H:%M} (America/New_York)" in extended.body
            method, uid_moved, moved_seq, start, status = event(extended)
            assert (method, uid_moved, start, status) == ("PUBLISH", uid, new, "CONFIRMED")
            assert moved_seq > seq

            # A reminder before the deadline says the absolute time too.
            clock.now = new - timedelta(hours=23)
            await daemon.tick()
            await until(lambda: bool(mails(italian, "Promemoria", "Reminder")), what="reminder")
            reminder = mails(italian, "Promemoria", "Reminder")[0]
            assert f"alle {new.astimezone(NEW_YORK):%H:%M} (America/New_York)" in reminder.body
            _, uid_reminded, reminded_seq, start, _ = event(reminder)
            assert (uid_reminded, start) == (uid, new) and reminded_seq > moved_seq

            # A pause cancels the event: METHOD:CANCEL, STATUS:CANCELLED, same UID, higher.
            clock.advance(hours=1)
            send("gm@example.org", "PAUSA", password="gm-secret")
            await until(lambda: bool(mails(english, "paused", "Paused")), what="pause")
            paused = mails(italian, "pausa", "Pausa")[0]
            method, uid_paused, paused_seq, _, status = event(paused)
            assert (method, status, uid_paused) == ("CANCEL", "CANCELLED", uid)
            assert paused_seq > reminded_seq
            # A resume publishes it again, later still.
            clock.advance(hours=1)
            send("gm@example.org", "RIPRENDI", password="gm-secret")
            await until(lambda: bool(mails(italian, "riprende", "Riprende", "ripresa", "Ripresa")),
                        what="resume")
            resumed = mails(italian, "riprende", "Riprende", "ripresa", "Ripresa")[0]
            method, uid_resumed, resumed_seq, start, status = event(resumed)
            assert (method, status, uid_resumed) == ("PUBLISH", "CONFIRMED", uid)
            resumed_at = current_phase(store, GAME).deadline
            assert resumed_seq > paused_seq and start == resumed_at.replace(microsecond=0)
            # Another recipient, another UID for the same phase.
            assert event(mails(english, "paused", "Paused")[0])[1] != uid
        finally:
            await daemon.stop()

    run(go())


def test_absences_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table: dict[str, Any] = game_table(GAME, reminders=[], absences=True, absence_days_per_year=8,
                                       absence_longest_days=5, absence_notice_days=1)
    config = daemon_config(imap_account, smtp_sink, tmp_path / "away.sqlite3", table)

    def send(address: str, body: str) -> None:
        imap_account.deliver(order_mail(address, body, password=password_of(address),
                                        to=GAME_ADDRESS, subject="ferie"))

    def mails(address: str, *subjects: str) -> list[Got]:
        return [g for g in to(smtp_sink, address) if any(s in g.subject for s in subjects)]

    def refusals(address: str) -> list[Got]:
        return [g for g in to(smtp_sink, address) if g.subject.startswith("Re:")]

    addresses = [p["address"] for p in table["players"]]
    moved_subjects = ("Scadenza spostata", "Deadline moved")

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            await seated(store, GAME)
            deadline = current_phase(store, GAME).deadline  # Tuesday 4 March 2025, 21:00 Rome
            assert deadline.astimezone(ROME).date().isoformat() == "2025-03-04"

            # Outside the current deadline: recorded, nothing moves.
            send("p0@fusi.example", "ASSENZA dal 10/03 al 12/03")
            await until(lambda: bool(mails("p0@fusi.example", "Assenza registrata")), what="p0")
            recorded = mails("p0@fusi.example", "Assenza registrata")[0].body
            assert "10 marzo 2025" in recorded and "12 marzo 2025" in recorded, recorded
            assert current_phase(store, GAME).deadline == deadline
            assert not any(mails(a, *moved_subjects) for a in addresses)

            # Inside: the deadline moves past the absence, every player is told, nobody
            # learns who is away.
            send("p1@fusi.example", "ABSENCE 2025-03-03 2025-03-05")
            await until(lambda: all(mails(a, *moved_subjects) for a in addresses), what="moved")
            new = current_phase(store, GAME).deadline
            assert new == datetime(2025, 3, 6, 21, 0, tzinfo=ROME)
            for address in addresses:
                (notice,) = mails(address, *moved_subjects)
                assert "giovedì 6 marzo 2025 alle 21:00" in notice.body or \
                    "Thursday 6 March 2025 at 21:00" in notice.body, notice.body
                assert "p1@" not in notice.body and "Player 1" not in notice.body
                _, _, _, start, _ = event(notice)
                assert start == new
            # Over the limits: refused, the limit named; nothing recorded, nothing moved.
            send("p2@fusi.example", "ASSENZA dal 20/03 al 30/03")
            send("p3@fusi.example", "ABSENCE 2025-03-01 2025-03-02")
            send("p1@fusi.example", "ABSENCE 2025-04-01 2025-04-05")
            await until(lambda: bool(refusals("p2@fusi.example")) and bool(refusals("p3@fusi.example"))
                        and len(mails("p1@fusi.example", "Absence recorded")) == 2, what="limits")
            longest = refusals("p2@fusi.example")[-1].body
            assert "11 giorni" in longest and "5 giorni di fila" in longest, longest
            notice = refusals("p3@fusi.example")[-1].body
            assert "1 day of notice" in notice and "2 March 2025" in notice, notice
            send("p1@fusi.example", "ABSENCE 2025-05-01 2025-05-01")
            await until(lambda: bool(refusals("p1@fusi.example")), what="per year")
            per_year = refusals("p1@fusi.example")[-1].body
            assert "9 days in 2025" in per_year and "8 days a year" in per_year, per_year
            bad = "ABSENCE 2025-13-01 2025-13-02"
            send("p5@fusi.example", bad)
            await until(lambda: bool(refusals("p5@fusi.example")), what="bad date")
            assert bad in refusals("p5@fusi.example")[-1].body
            with store.begin() as uow:
                assert len(uow.absences.of_game(GAME)) == 3
            assert current_phase(store, GAME).deadline == new
            # Taken back before it begins: gone; the deadline moved for another stays.
            send("p0@fusi.example", "ASSENZA ANNULLA")
            await until(lambda: bool(mails("p0@fusi.example", "Assenze annullate")), what="cancel")
            assert "dal 10 marzo 2025 al 12 marzo 2025" in mails("p0@fusi.example", "Assenze annullate")[0].body
            with store.begin() as uow:
                assert sorted(a.first_day.isoformat() for a in uow.absences.of_game(GAME)) == [
                    "2025-03-03", "2025-04-01"]
            assert current_phase(store, GAME).deadline == new
        finally:
            await daemon.stop()

    run(go())
