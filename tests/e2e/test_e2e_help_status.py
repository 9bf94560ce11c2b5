"""By mail, against Dovecot and an SMTP sink (issue 16): AIUTO/HELP answers anyone in
their language, STATO/STATUS tells a player where they stand with the map, refusals say
what to do, an unknown command gets the list of commands, and several commands in one
mail are each answered."""

from __future__ import annotations

from pathlib import Path

from harness import (
    REFEREE,
    FakeClock,
    Got,
    daemon_config,
    order_mail,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from player_mail import player_mail
from service.service_helpers import SPRING_1901, game_table
from sqlalchemy import select

from arbitro.daemon import Daemon
from arbitro.mail.intake.commands import COMMANDS
from arbitro.store.models import OrderSubmission
from arbitro.words import say

GAME = "aiuto"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"


def password_of(address: str) -> str:
    return f"pw{address[1]}"


def language_of(address: str) -> str:
    return "it" if int(address[1]) % 2 == 0 else "en"


def test_help_status_refusals_and_combined_commands(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                                    tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    table = game_table(GAME, reminders=[])
    config = daemon_config(imap_account, smtp_sink, tmp_path / "help.sqlite3", table)

    async def answer(frm: str, raw: bytes, count: int = 1) -> list[Got]:
        before = len(to(smtp_sink, frm))
        imap_account.deliver(raw)
        await until(lambda: len(to(smtp_sink, frm)) >= before + count, what=f"answer to {frm}")
        return to(smtp_sink, frm)[before:]

    def commands_listed(body: str, lang: str) -> None:
        for command in COMMANDS:
            line = say(lang, f"help.command.{command.name}")
            assert (line in body) == (not command.gm_only), (command.name, body)

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)
            it_player = next(a for a in players.values() if language_of(a) == "it")
            en_player = next(a for a in players.values() if language_of(a) == "en")

            # A stranger asks for help in Italian, to the referee's own address (no game).
            stranger = "nuovo@altrove.example"
            (got,) = await answer(stranger, player_mail(stranger, REFEREE, "ciao, come si gioca?",
                                                        subject="aiuto"))
            assert got.subject.startswith("Aiuto")
            commands_listed(got.body, "it")
            assert "docs/PLAYERS.md" in got.body and "PASSWORD" in got.body

            # Another one, in English, to the game's address.
            visitor = "someone@elsewhere.example"
            (got,) = await answer(visitor, player_mail(visitor, GAME_ADDRESS,
                                                       "Hi, how do I join a game please?",
                                                       subject="help"))
            assert got.subject.startswith("Help") and f"[{GAME}]" in got.subject
            commands_listed(got.body, "en")

            # A registered player, no password, writing the Italian word: their own language.
            (got,) = await answer(en_player, player_mail(en_player, GAME_ADDRESS, "", subject="AIUTO"))
            assert got.subject.startswith("Help"), got.subject
            commands_listed(got.body, "en")

            # STATO with the password: units, centres, what is due, the deadline, the map.
            (got,) = await answer(it_player, order_mail(it_player, "", password=password_of(it_player),
                                                        to=GAME_ADDRESS, subject="STATO"))
            assert "Situazione" in got.subject and got.attachments == 2  # the map, the deadline's event
            assert b"Content-Type: image/png" in got.raw and b"Content-Type: text/calendar" in got.raw
            body = got.body
            assert "Le tue unità (3)" in body or "Le tue unità (4)" in body, body
            assert "I tuoi centri (3)" in body or "I tuoi centri (4)" in body
            assert "DA FARE IN QUESTA FASE" in body and "Ordini incompleti." in body
            assert "Scadenza: " in body and "(Europe/Rome)" in body
            assert "Bonus ritardo (giorni): usati 0, rimasti 10, al massimo 3 per turno." in body
            assert "ONP (ordini non pervenuti) in questa partita: 0" in body

            # STATUS with a wrong password: refused, and told how to get help.
            (got,) = await answer(en_player, order_mail(en_player, "", password="wrong",
                                                        to=GAME_ADDRESS, subject="STATUS"))
            assert "The password is wrong" in got.body
            assert "send a mail with just the word HELP: no password needed" in got.body
            assert "Units" not in got.body

            # STATO from an address that plays no game here: refused.
            (got,) = await answer(stranger, order_mail(stranger, "", password="x", to=GAME_ADDRESS,
                                                       subject="STATO"))
            assert "non risulta iscritto alla partita aiuto" in got.body, got.body

            # An unknown command word: what was not understood, and the list of commands.
            (got,) = await answer(en_player, order_mail(en_player, "FOOBAR", password=password_of(en_player),
                                                        to=GAME_ADDRESS, subject="hello"))
            assert 'I did not understand "FOOBAR"' in got.body
            commands_listed(got.body, "en")

            # STATUS and orders in one mail: the orders are taken and both are answered,
            # each mail saying what it is; the status already shows the new orders.
            power = next(p for p, a in players.items() if a == en_player)
            body = "STATUS\n" + "\n".join(SPRING_1901[power])
            replies = await answer(en_player, order_mail(en_player, body, password=password_of(en_player),
                                                         to=GAME_ADDRESS, subject="my orders"), count=2)
            subjects = sorted(g.subject.split("] ", 1)[1].split(":")[0] for g in replies)
            assert subjects == ["Orders received", "Status"], subjects
            status = next(g for g in replies if "Status" in g.subject)
            assert "Orders complete" in status.body and "Your orders on file" in status.body
            with store.begin() as uow:
                (sub,) = uow.session.scalars(select(OrderSubmission).where(
                    OrderSubmission.power == power))
                assert "STATUS" not in sub.text
        finally:
            await daemon.stop()

    run(go(), timeout=240)
