"""Issue 16's commands by mail through Dovecot and an SMTP sink, in Italian and English,
each with its refusals: MAPPA/MAP, STORIA/HISTORY, RIEPILOGO/SUMMARY, PARTITE/GAMES,
PASSWORD, INDIRIZZO/ADDRESS (+ CONFERMA/CONFIRM), OSSERVA/OBSERVE and NON OSSERVARE/
UNOBSERVE."""

from __future__ import annotations

from pathlib import Path

from harness import (
    GM,
    REFEREE,
    FakeClock,
    Got,
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
from player_mail import player_mail
from service.service_helpers import FALL_1901, SPRING_1901, game_table

from arbitro.daemon import Daemon
from arbitro.store import verify_password

GAME, CLOSED = "chiede", "chiusa"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"
STRANGER = "curioso@fuori.example"
WATCHER = "watcher@outside.example"


def pw(address: str) -> str:
    return f"pw{address[1]}"


def test_on_demand_account_and_observers_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink,
                                                 tmp_path: Path) -> None:
    clock = FakeClock(start_moment())
    config = daemon_config(
        imap_account, smtp_sink, tmp_path / "d.sqlite3",
        game_table(GAME, observers=True, reminders=[]),
        game_table(CLOSED, reminders=[], press="al_buio"),
    )

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10)
        await daemon.start()
        store = daemon.store
        assert store is not None

        async def ask(frm: str, subject: str, body: str = "", *, password: str | None = None,
                      dest: str = GAME_ADDRESS, expect: str | None = None) -> Got:
            """Mail the referee; the first new mail to the sender (with ``expect`` in its
            subject or body, when given)."""
            before = len(to(smtp_sink, frm))
            imap_account.deliver(order_mail(frm, body, password=password, to=dest,
                                            subject=subject))

            def answered() -> list[Got]:
                new = to(smtp_sink, frm)[before:]
                return [g for g in new if expect is None or expect in g.subject + g.body]

            await until(lambda: bool(answered()), what=f"answer to {subject!r} from {frm}")
            return answered()[0]

        async def play(orders: dict[str, list[str]], players: dict[str, str], next_code: str) -> None:
            for power, lines in orders.items():
                imap_account.deliver(order_mail(players[power], "\n".join(lines),
                                                password=pw(players[power]), to=GAME_ADDRESS))
            await until(lambda: current(store) == next_code, what=next_code)
            await until(lambda: queued(store) == 0, what="results sent")

        try:
            players = await seated(store, GAME)
            await seated(store, CLOSED)
            # game_table: p0, p2... read Italian; p1, p3... English.
            it = next(a for a in players.values() if int(a[1]) % 2 == 0)
            en = next(a for a in players.values() if int(a[1]) % 2 == 1)

            # PARTITE / GAMES: anyone, no game named, no password.
            got = await ask(STRANGER, "PARTITE", dest=REFEREE)
            assert "Le partite di questo arbitro" in got.subject
            assert GAME in got.body and CLOSED in got.body and "al buio" in got.body
            assert "posti liberi: 0" in got.body and "OSSERVA" in got.body
            got = await ask(WATCHER, "GAMES", dest=REFEREE)
            assert "The games on this referee" in got.subject and "gunboat" in got.body

            # MAPPA / MAP before anything is played: the board as it stands.
            got = await ask(it, "MAPPA", password=pw(it))
            assert "la mappa di adesso" in got.subject and got.attachments == 1
            got = await ask(en, "MAP", password=pw(en))
            assert "the map as it stands" in got.subject and got.attachments == 1
            # ... refusals: wrong password, not a player, a phase not played, no phase at all.
            got = await ask(en, "MAP", password="nope")
            assert "wrong" in got.body.lower() and got.attachments == 0
            got = await ask(STRANGER, "MAPPA", password="x")
            assert "non risulta iscritto" in got.body
            got = await ask(it, "MAPPA P1905", password=pw(it))
            assert "Primavera 1905" in got.body and "non c'è" in got.body
            got = await ask(en, "MAP spring 1907", password=pw(en))
            assert "there is no phase Spring 1907" in got.body
            got = await ask(en, "MAP someday", password=pw(en))
            assert "cannot tell which phase" in got.body and "someday" in got.body

            # STORIA / HISTORY: nothing processed yet.
            got = await ask(it, "STORIA", password=pw(it))
            assert "non è ancora stata elaborata nessuna fase" in got.body
            got = await ask(en, "HISTORY", password=pw(en))
            assert "no phase of the game" in got.body

            # OSSERVA / OBSERVE where the GM allows it, refused where not.
            got = await ask(STRANGER, "OSSERVA")
            assert "riceverai i risultati" in got.body
            got = await ask(WATCHER, "OBSERVE", dest=f"arbitro+{CLOSED}@example.org")
            assert "allows no observers" in got.body
            got = await ask(WATCHER, "OBSERVE")
            assert "you will get the results" in got.body
            got = await ask(it, "OSSERVA", password=pw(it))
            assert "giochi già" in got.body

            # Spring 1901 processed: players and observers get the results.
            await play(SPRING_1901, players, "F1901M")
            results = [g for g in to(smtp_sink, STRANGER) if "Risultati" in g.subject]
            assert len(results) == 1 and results[0].attachments == 1
            assert [g for g in to(smtp_sink, WATCHER) if "Results" in g.subject]

            # STORIA of the phase: exactly the results mail the player got.
            mine = [g for g in to(smtp_sink, it) if "Risultati" in g.subject]
            got = await ask(it, "STORIA P1901", password=pw(it))
            assert mine[0].body.strip() in got.body and mine[0].subject in got.body
            theirs = [g for g in to(smtp_sink, en) if "Results" in g.subject]
            got = await ask(en, "HISTORY S1901M", password=pw(en))
            assert theirs[0].body.strip() in got.body
            got = await ask(en, "HISTORY 1903", password=pw(en))
            assert "there is no phase 1903" in got.body
            got = await ask(STRANGER, "STORIA", expect="come furono spediti")  # an observer: public
            assert results[0].body.strip() in got.body

            # MAPPA of the past phase: the results mail's map.
            got = await ask(it, "MAPPA primavera 1901", password=pw(it))
            assert "la mappa dei risultati" in got.subject and got.attachments == 1

            # RIEPILOGO / SUMMARY: the table and the chart.
            got = await ask(it, "RIEPILOGO", password=pw(it))
            assert "CENTRI A FINE ANNO" in got.body and "1901" in got.body
            assert "Player 0" in got.body and got.attachments == 1
            got = await ask(en, "SUMMARY", password=pw(en))
            assert "CENTRES AT THE END OF EACH YEAR" in got.body and got.attachments == 1
            assert "@" not in got.body  # nobody's address
            closed = await seated(store, CLOSED)
            gunboat = next(a for a in closed.values() if int(a[1]) % 2 == 1)
            got = await ask(gunboat, "SUMMARY", password=pw(gunboat),
                            dest=f"arbitro+{CLOSED}@example.org")
            assert "secret player" in got.body and "Player " not in got.body

            # An observer asking for press or private things is refused, with the reason.
            got = await ask(WATCHER, "STATUS")
            assert "observer" in got.body and "Press" in got.body
            got = await ask(STRANGER, "Ciao", "Ciao Francia, alleanza?",
                            dest=f"arbitro+{GAME}-francia@example.org")
            assert "osservatore" in got.body and "stampa" in got.body
            got = await ask(WATCHER, "MAP", expect="map")
            assert got.attachments == 1

            # NON OSSERVARE / UNOBSERVE; then the next results reach the players only.
            got = await ask(STRANGER, "NON OSSERVARE")
            assert "non ricevi più" in got.body
            got = await ask(STRANGER, "NON OSSERVARE")
            assert "non osserva" in got.body
            got = await ask(WATCHER, "UNOBSERVE")
            assert "no longer get the results" in got.body
            await play(FALL_1901, players, "F1901R")
            assert len([g for g in to(smtp_sink, STRANGER) if "Risultati" in g.subject]) == 1

            # PASSWORD: the old one is required; the GM is told.
            got = await ask(it, "PASSWORD sbagliata nuova-segreta")  # in the subject
            assert "password è sbagliata" in got.body and "sbagliata nuova" not in got.subject
            got = await ask(en, "account", f"PASSWORD {pw(en)}\nNEW PASSWORD ab")
            assert "at least 4 characters" in got.body
            gm_before = len(to(smtp_sink, GM))
            got = await ask(it, "cambio", f"PASSWORD {pw(it)} nuova-segreta")  # in the text
            assert "la tua password è cambiata" in got.body
            await until(lambda: any("cambiato la password" in g.body + g.subject
                                    for g in to(smtp_sink, GM)[gm_before:]), what="GM told")
            got = await ask(it, "STATO", password=pw(it))
            assert "password è sbagliata" in got.body
            got = await ask(it, "STATO", password="nuova-segreta")
            assert "Situazione" in got.subject
            got = await ask(en, "account", f"PASSWORD {pw(en)}\nNEW PASSWORD fresh-one")
            assert "your password has changed" in got.body
            with store.begin() as uow:
                player = uow.players.by_address(GAME, en)
                assert player is not None and verify_password("fresh-one", player.password_hash)
                actions = [e.action for e in uow.audit.list(GAME)]
            assert actions.count("password") == 2

            # INDIRIZZO / ADDRESS: moved only when the new address answers.
            mover, new = it, "nuovo@casa.example"
            got = await ask(mover, f"INDIRIZZO {new}", password="nuova-segreta")
            assert new in got.body
            await until(lambda: bool(to(smtp_sink, new)), what="confirmation mail")
            (confirm,) = to(smtp_sink, new)
            token = confirm.subject.split()[-1]
            assert f"CONFERMA {token}" in confirm.body
            got = await ask(STRANGER, f"Re: {confirm.subject}", "sì")  # not the new address
            assert "codice non corrisponde" in got.body
            imap_account.deliver(player_mail(new, GAME_ADDRESS, "ok, confermo",
                                             subject=f"Re: {confirm.subject}"))
            await until(lambda: all(any("da ora il tuo indirizzo" in g.body for g in to(smtp_sink, a))
                                    for a in (new, mover)), what="moved: both addresses told")
            with store.begin() as uow:
                assert uow.players.by_address(GAME, new) is not None
                assert uow.players.by_address(GAME, mover) is None
                assert "address_changed" in [e.action for e in uow.audit.list(GAME)]
            await until(lambda: any("cambiato indirizzo" in g.body + g.subject
                                    for g in to(smtp_sink, GM)), what="GM told of the move")
            got = await ask(new, "STATO", password="nuova-segreta")
            assert "Situazione" in got.subject
            got = await ask(en, "ADDRESS not-an-address", password="fresh-one")
            assert "is not a mail address" in got.body
            got = await ask(en, f"ADDRESS {new}", password="fresh-one")
            assert "belongs to another player" in got.body
        finally:
            await daemon.stop()

    run(go(), timeout=300)


def current(store) -> str | None:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        phase = uow.phases.current(GAME)
        return phase.code if phase else None
