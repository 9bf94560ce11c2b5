"""PASSWORD and INDIRIZZO / ADDRESS through the mail handler (issue 16): what is audited,
what the GM hears, and the address move's token (wrong sender, used, expired)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.reports.maps import render_map_png
from arbitro.service import Referee
from arbitro.store import open_store, verify_password
from arbitro.store.models import OutboxMessage

GAME = "conti"
NOW = START + timedelta(hours=1)
ADDRESS = f"arbitro+{GAME}@example.org"


@pytest.fixture
def setup(tmp_path: Path):
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    referee = Referee(store, make_config(game_table(GAME)), render_map=render_map_png)
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
    yield store, MailHandler(referee), holders
    store.close()


def last_to(store, address: str) -> OutboxMessage:
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if address in r.recipients][-1]


def send(handler, frm: str, body: str, subject: str = "account", now=NOW) -> None:
    assert handler.handle(player_mail(frm, ADDRESS, body, subject=subject), now) == "processed"


def test_password_needs_the_old_one_and_is_audited(setup) -> None:
    store, handler, holders = setup
    player = holders["FRANCE"]
    old = f"pw{player[1]}"
    send(handler, player, "PASSWORD wrong brand-new")
    assert "sbagliata" in last_to(store, player).body or "wrong" in last_to(store, player).body
    gm = last_to(store, "gm@example.org")
    assert "password" in (gm.subject + gm.body).lower() and player in gm.body
    send(handler, player, f"PASSWORD {old}\nNUOVA PASSWORD ab")  # too short
    send(handler, player, f"PASSWORD {old} {old}")  # the same
    with store.begin() as uow:
        row = uow.players.by_address(GAME, player)
        assert row is not None and verify_password(old, row.password_hash)
        assert [e.action for e in uow.audit.list(GAME)] == []
    send(handler, player, f"PASSWORD {old}\nNEW PASSWORD brand-new")
    with store.begin() as uow:
        row = uow.players.by_address(GAME, player)
        assert row is not None and verify_password("brand-new", row.password_hash)
        (entry,) = uow.audit.list(GAME)
    assert entry.action == "password" and entry.actor == player
    assert "brand-new" not in str(entry.details)
    assert "brand-new" not in last_to(store, player).body


def test_address_move_needs_the_new_address_and_a_fresh_token(setup) -> None:
    store, handler, holders = setup
    player, other = holders["ITALY"], holders["AUSTRIA"]
    pw = f"PASSWORD pw{player[1]}\n"
    send(handler, player, pw + "INDIRIZZO nuovo@casa.example")
    token = last_to(store, "nuovo@casa.example").subject.split()[-1]
    # The token from another address, even a player's, moves nothing.
    send(handler, other, f"PASSWORD pw{other[1]}\nCONFERMA {token}")
    send(handler, "estraneo@x.example", f"CONFERMA {token}")
    with store.begin() as uow:
        assert uow.players.by_address(GAME, player) is not None
    # Too late: it lapses after three days.
    send(handler, "nuovo@casa.example", f"CONFERMA {token}", now=NOW + timedelta(days=3, minutes=1))
    assert "scadut" in last_to(store, "nuovo@casa.example").body or \
        "expired" in last_to(store, "nuovo@casa.example").body
    with store.begin() as uow:
        assert uow.players.by_address(GAME, "nuovo@casa.example") is None
    # Asked again and answered in time: moved, once.
    send(handler, player, pw + "INDIRIZZO nuovo@casa.example", now=NOW + timedelta(days=4))
    token = last_to(store, "nuovo@casa.example").subject.split()[-1]
    send(handler, "nuovo@casa.example", "sì", subject=f"Re: [{GAME}] Conferma indirizzo {token}",
         now=NOW + timedelta(days=4, hours=1))
    with store.begin() as uow:
        assert uow.players.by_address(GAME, "nuovo@casa.example") is not None
        assert uow.players.by_address(GAME, player) is None
        actions = [e.action for e in uow.audit.list(GAME)]
    assert actions == ["address_requested", "address_requested", "address_changed"]
    send(handler, "nuovo@casa.example", f"CONFERMA {token}", now=NOW + timedelta(days=4, hours=2))
    body = last_to(store, "nuovo@casa.example").body
    assert "codice" in body or "code" in body


def test_the_gm_reads_maps_history_and_summary_with_the_gm_password(setup) -> None:
    store, handler, _ = setup
    send(handler, "gm@example.org", "PASSWORD gm-secret\n", subject="RIEPILOGO")
    assert "riepilogo" in last_to(store, "gm@example.org").subject
    send(handler, "gm@example.org", "PASSWORD gm-secret\n", subject="MAPPA")
    gm = last_to(store, "gm@example.org")
    assert "la mappa di adesso" in gm.subject and len(gm.attachments) == 1
    send(handler, "gm@example.org", "PASSWORD wrong\n", subject="RIEPILOGO")
    assert "riepilogo" not in last_to(store, "gm@example.org").subject
