"""A player can never order, read or vote for what is not theirs, nor use GM commands;
the GM needs the GM address and the GM password (issue 10). One test per mail command."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from itertools import count
from pathlib import Path

import pytest
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.commands import COMMANDS
from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import open_store
from arbitro.store.models import Ballot, InboundMail, OrderSubmission, OutboxMessage
from arbitro.store.models.vote import EndVote

GAME = "potere"
TO = f"arbitro+{GAME}@example.org"
NOW = START + timedelta(hours=1)
_ids = count()


def mail(frm: str, body: str, subject: str = "ordini") -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = frm, TO, subject
    m["Message-ID"] = f"<a{next(_ids)}@players.example>"
    m.set_content(body)
    return bytes(m)


@pytest.fixture
def game(tmp_path: Path):  # type: ignore[no-untyped-def]
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    referee = Referee(store, make_config(game_table(GAME)))
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
    yield store, MailHandler(referee), holders
    store.close()


def pw(address: str) -> str:
    return f"PASSWORD pw{address[1]}\n"


def state(store):  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return {
            "orders": [(o.power, o.text) for o in uow.session.scalars(select(OrderSubmission))],
            "ballots": [(b.voter_power, b.for_power) for b in uow.session.scalars(select(Ballot))],
            "phase": (uow.phases.current(GAME).code, uow.phases.current(GAME).status,
                      uow.phases.current(GAME).deadline),
            "game": uow.games.get(GAME).status,
            "assignments": {p: pl.address for p, pl in uow.assignments.current(GAME).items()},
        }


def replies_to(store, address: str) -> list[OutboxMessage]:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return [m for m in uow.session.scalars(select(OutboxMessage)) if address in m.recipients]


def last_note(store) -> str:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return uow.session.scalars(select(InboundMail).order_by(InboundMail.id.desc())).first().note


def test_orders_for_units_of_another_power_are_void(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france = holders["FRANCE"]
    handler.handle(mail(france, pw(france) + "A VEN - TRI\nF LON - NTH\nA PAR - BUR"), NOW)
    with store.begin() as uow:
        sub = uow.orders.current(uow.phases.current(GAME).id)
    assert set(sub) == {"FRANCE"}  # nothing on file for Italy or England
    status = {r["text"]: (r["status"], r["code"]) for r in sub["FRANCE"].parsed}
    assert status["A PAR - BUR"] == ("ok", "accepted")
    # Venice and London are not France's: void, with the reason
    assert status["A VEN - TRI"] == ("void", "wrong_power")
    assert status["F LON - NTH"] == ("void", "wrong_power")


def test_power_line_does_not_switch_power(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france = holders["FRANCE"]
    handler.handle(mail(france, pw(france) + "ITALIA\nA VEN - TRI\nA ROM - APU"), NOW)
    with store.begin() as uow:
        sub = uow.orders.current(uow.phases.current(GAME).id)
    assert "ITALY" not in sub


def test_status_shows_only_the_senders_own_orders(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    italy, france = holders["ITALY"], holders["FRANCE"]
    handler.handle(mail(italy, pw(italy) + "A VEN - TRI\nA ROM - APU\nF NAP - ION"), NOW)
    handler.handle(mail(france, pw(france) + "STATO ITALIA", subject="STATO ITALIA"), NOW)
    bodies = " ".join(m.body for m in replies_to(store, france)
                      if not m.idempotency_key.startswith(("opened:", "welcome:")))  # the draw names AUSTRIA
    assert "TRI" not in bodies and "Trieste" not in bodies and "APU" not in bodies
    # without the password, STATO reads nothing at all
    handler.handle(mail(france, "STATO", subject="STATO"), NOW)
    assert last_note(store).startswith("refused")


def test_a_ballot_needs_a_power_without_orders_and_the_voters_password(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france, italy = holders["FRANCE"], holders["ITALY"]
    before = state(store)
    handler.handle(mail(france, "VOTO ITALIA\nA VEN - TRI", subject="VOTO ITALIA"), NOW)
    assert last_note(store).startswith("refused")  # no password
    handler.handle(mail(france, pw(france) + "VOTO ITALIA\nA VEN - TRI",
                        subject="VOTO ITALIA"), NOW)
    # Italy is an active power that may still order: no ballot for it is taken
    assert state(store)["ballots"] == before["ballots"] == []
    handler.handle(mail(italy, pw(italy) + "A VEN H"), NOW)
    assert ("ITALY", "A VEN H") in [(p, t.strip()) for p, t in state(store)["orders"]]


GM_ONLY = [c for c in COMMANDS if c.gm_only]


@pytest.mark.parametrize("command", GM_ONLY, ids=[c.name for c in GM_ONLY])
def test_gm_commands_from_a_player_change_nothing(game, command) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    word = min(command.words).upper()
    france = holders["FRANCE"]
    args = {"replace": " FRANCIA x@evil.example", "eject": " FRANCIA", "extend": " 3d"}
    text = word + args.get(command.name, "")
    before = state(store)
    # a player, with the player's password and then with the GM's password
    handler.handle(mail(france, pw(france) + text, subject=text), NOW)
    assert last_note(store).startswith("refused")
    handler.handle(mail(france, "PASSWORD gm-secret\n" + text, subject=text), NOW)
    assert last_note(store).startswith("refused")
    # the GM's address without the GM's password
    handler.handle(mail("gm@example.org", "PASSWORD pw0\n" + text, subject=text), NOW)
    assert last_note(store).startswith("refused")
    # a forged From with the GM's name in it
    handler.handle(mail('"gm@example.org" <intruso@evil.example>', "PASSWORD gm-secret\n" + text,
                        subject=text), NOW)
    assert state(store) == before


def test_every_command_has_a_test_here() -> None:
    names = {c.name for c in COMMANDS}
    tested = {"orders", "status", "ballot", "help", "preferences", "timezone", "absence",
              "draw", "concede", "withdraw", "trial", "wait", "nowait"} | {c.name for c in GM_ONLY}
    tested |= ISSUE_16
    assert names <= tested


def _waiting(store) -> list[str]:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return list(uow.phases.current(GAME).waiting)


def test_wait_and_nowait_need_the_players_password_and_act_for_their_power_only(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france, italy = holders["FRANCE"], holders["ITALY"]
    handler.handle(mail(france, "ATTENDI", subject="ATTENDI"), NOW)  # no password
    handler.handle(mail(france, "PASSWORD sbagliata\n", subject="WAIT"), NOW)
    handler.handle(mail("intruso@evil.example", pw(france), subject="ATTENDI"), NOW)
    assert _waiting(store) == []
    handler.handle(mail(france, pw(france), subject="ATTENDI"), NOW)
    assert _waiting(store) == ["FRANCE"]
    # Italy's NOWAIT withdraws nothing of France's; a forged NOWAIT for France neither.
    handler.handle(mail(italy, pw(italy), subject="NON ATTENDERE"), NOW)
    handler.handle(mail(france, pw(italy), subject="NOWAIT"), NOW)
    assert _waiting(store) == ["FRANCE"]
    handler.handle(mail(france, pw(france), subject="NOWAIT"), NOW)
    assert _waiting(store) == []


def test_help_and_preferences_act_only_for_the_sender(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france = holders["FRANCE"]
    handler.handle(mail(france, "AIUTO", subject="AIUTO"), NOW)
    handler.handle(mail(france, pw(france) + "PREFERENZE ITALIA lingua en",
                        subject="PREFERENZE"), NOW)
    with store.begin() as uow:
        others = [m for m in uow.session.scalars(select(OutboxMessage))
                  if m.idempotency_key.startswith("mail:") and france not in m.recipients]
    assert others == []


def test_a_time_zone_or_an_absence_needs_the_password_and_acts_only_for_the_sender(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france = holders["FRANCE"]
    handler.handle(mail(france, "FUSO Asia/Tokyo", subject="FUSO Asia/Tokyo"), NOW)
    assert last_note(store).startswith("refused")  # no password
    handler.handle(mail(france, "ASSENZA dal 10/03 al 12/03", subject="ASSENZA dal 10/03 al 12/03"), NOW)
    assert last_note(store).startswith("refused")
    with store.begin() as uow:
        assert {p.timezone for p in uow.players.list(GAME)} == {None}
        assert uow.absences.of_game(GAME) == []
    handler.handle(mail(france, pw(france) + "FUSO Asia/Tokyo", subject="FUSO Asia/Tokyo"), NOW)
    with store.begin() as uow:
        zones = {p.address: p.timezone for p in uow.players.list(GAME)}
    assert zones.pop(france) == "Asia/Tokyo" and set(zones.values()) == {None}


def test_a_vote_or_a_dry_run_needs_the_password_and_acts_only_for_the_sender(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france, italy = holders["FRANCE"], holders["ITALY"]
    before = state(store)
    for text in ("PATTA", "CONCEDO ITALIA", "RITIRO VOTO", "PROVA\nA PAR - BUR"):
        handler.handle(mail(france, text, subject=text.splitlines()[0]), NOW)
        assert last_note(store).startswith("refused"), text  # no password
    with store.begin() as uow:
        assert uow.session.scalars(select(EndVote)).all() == []
    # With France's password, a power line cannot vote for Italy, and a dry run stores nothing.
    handler.handle(mail(france, pw(france) + "ITALIA\nPATTA", subject="PATTA"), NOW)
    handler.handle(mail(france, pw(france) + "PROVA\nA PAR - BUR", subject="PROVA"), NOW)
    with store.begin() as uow:
        votes = [(v.power, v.kind) for v in uow.session.scalars(select(EndVote))]
    assert all(power == "FRANCE" for power, _ in votes)
    assert state(store) == before  # no orders, no ballots, the phase and game unchanged
    assert [m for m in replies_to(store, italy) if m.idempotency_key.startswith(("vote", "trial"))] == []

# -- issue 16: on demand, the account, observers -------------------------------------------

ISSUE_16 = {"map", "history", "summary", "games", "observe", "unobserve", "password", "address",
            "confirm"}


@pytest.mark.parametrize("word", ["MAPPA", "STORIA", "RIEPILOGO", "INDIRIZZO x@evil.example"])
def test_reading_and_the_account_need_the_players_password(game, word) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france = holders["FRANCE"]
    before = len(replies_to(store, france))
    handler.handle(mail(france, "", subject=word), NOW)
    assert last_note(store).startswith("refused")
    handler.handle(mail(france, "PASSWORD gm-secret\n", subject=word), NOW)
    assert last_note(store).startswith("refused")
    handler.handle(mail("intruso@evil.example", pw(france), subject=word), NOW)
    assert last_note(store).startswith("refused")
    new = replies_to(store, france)[before:]
    assert len(new) == 2 and all(not m.attachments for m in new)
    assert not replies_to(store, "x@evil.example")
    with store.begin() as uow:
        assert not [e for e in uow.audit.list(GAME)]


def test_password_changes_only_the_senders_own(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    france, italy = holders["FRANCE"], holders["ITALY"]
    italy_pw = f"pw{italy[1]}"
    handler.handle(mail(france, f"PASSWORD {italy_pw} taken-over"), NOW)  # Italy's old password
    assert last_note(store).startswith("refused")
    handler.handle(mail(f'"{italy}" <intruso@evil.example>', f"PASSWORD {italy_pw} taken-over"), NOW)
    with store.begin() as uow:
        assert uow.players.check_password(uow.players.by_address(GAME, italy), italy_pw)
        assert uow.players.check_password(uow.players.by_address(GAME, france), f"pw{france[1]}")
        assert uow.audit.list(GAME) == []


def test_games_observers_and_confirmations_give_nothing_private(game) -> None:  # type: ignore[no-untyped-def]
    store, handler, holders = game
    before = state(store)
    handler.handle(mail("chiunque@fuori.example", "", subject="PARTITE"), NOW)
    (games,) = replies_to(store, "chiunque@fuori.example")
    assert not any(address in games.body for address in holders.values())
    # Observers are off in this game: nobody is subscribed, not even by a player for another.
    handler.handle(mail("chiunque@fuori.example", "", subject="OSSERVA"), NOW)
    assert last_note(store).startswith("refused")
    france = holders["FRANCE"]
    handler.handle(mail(france, pw(france) + "OSSERVA", subject="OSSERVA"), NOW)
    handler.handle(mail("chiunque@fuori.example", "", subject="NON OSSERVARE"), NOW)
    assert last_note(store).startswith("refused")
    handler.handle(mail("chiunque@fuori.example", "", subject="CONFERMA 0123456789abcdef"), NOW)
    assert last_note(store).startswith("refused")
    with store.begin() as uow:
        assert uow.observers.active(GAME) == []
    assert state(store) == before
