"""Every refusal in the caller's language (issue 24, finding 8 and Build 2), through the
mail handler: the caller is resolved once, and a player the game no longer counts
(replaced by the GM, with their password still at hand) is answered in their own language,
every command alike, where the service used to answer in Italian (hard-coded) or in the
game's language, or not at all."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee, gm
from arbitro.service.identity import game_master
from arbitro.store import open_store
from arbitro.store.models import OutboxMessage

GAME = "lingue"  # an Italian game
NOW = START + timedelta(hours=1)
# The refusal of an address the game does not count, in each language (refusal.not_player).
NOT_PLAYER = {
    "en": "This address is not registered in game lingue",
    "it": "Questo indirizzo non risulta iscritto alla partita lingue",
    "ru": "Этот адрес не зарегистрирован в партии lingue",
}

COMMANDS = [
    ("ordini", "A Par - Bur"),  # orders: the service used to send no answer at all
    ("STATO", ""),  # no answer
    ("FUSO Europe/London", ""),  # "it" hard-coded in service/absences.py
    ("ASSENZA 20/03 22/03", ""),  # the same
    ("ASSENZA ANNULLA", ""),  # the same, and no answer
    ("ATTENDI", ""),  # the game's language
    ("PROVA", "A Par - Bur"),  # no answer
    ("PATTA", ""),  # no answer
    ("VOTO ITALIA", "A Ven H"),  # no answer
]


@pytest.fixture(params=["en", "ru"])
def replaced(request: pytest.FixtureRequest, tmp_path: Path):
    """The game, its handler, and the address of a player speaking ``request.param`` whom
    the GM has just replaced."""
    table = game_table(GAME)
    table["players"][1]["language"] = request.param
    config = make_config(table)
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    address = "p1@lingue.example"
    with referee.table(GAME, START + timedelta(minutes=30)) as t:
        power = t.power_at(address)
        assert power is not None
        assert gm.replace(t, game_master(t.config), power, "nuovo@lingue.example").ok
    yield store, MailHandler(referee), address, request.param
    store.close()


def _answers(store, address: str, since: int) -> list[OutboxMessage]:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        rows = uow.session.scalars(select(OutboxMessage).where(OutboxMessage.id > since))
        return [m for m in rows if address in m.recipients]


def _last_id(store) -> int:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return max((m.id for m in uow.session.scalars(select(OutboxMessage))), default=0)


@pytest.mark.parametrize(("subject", "body"), COMMANDS, ids=[c for c, _ in COMMANDS])
def test_a_replaced_player_is_refused_in_their_own_language(replaced, subject, body):
    store, handler, address, lang = replaced
    before = _last_id(store)
    raw = player_mail(address, f"arbitro+{GAME}@example.org", f"PASSWORD pw1\n{body}", subject=subject)
    assert handler.handle(raw, NOW) == "processed"
    (answer,) = _answers(store, address, before)
    assert NOT_PLAYER[lang] in " ".join(answer.body.split()), answer.body
    assert NOT_PLAYER["it"] not in " ".join(answer.body.split())


def test_a_stranger_is_refused_in_the_language_of_the_mail(replaced):
    """Nobody registered: the language is guessed from the mail's words."""
    store, handler, _, _ = replaced
    before = _last_id(store)
    raw = player_mail("someone@else.example", f"arbitro+{GAME}@example.org",
                      "Hello, how would I play? Thanks", subject="status")
    handler.handle(raw, NOW)
    (answer,) = _answers(store, "someone@else.example", before)
    assert "HELP" in answer.body and "AIUTO" not in answer.body
