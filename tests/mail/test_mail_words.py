"""Italian mails say everything in Italian, with articles and agreement (issue 15): the GM's
answers, the status, the order confirmation; English games stay English."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.reports import MailTemplates
from arbitro.service import Referee
from arbitro.store import open_store
from arbitro.store.models import OutboxMessage
from arbitro.variants import load_board
from arbitro.words.names import power_noun

NOW = START + timedelta(hours=1)
GAME = "roma1"
GM = "gm@example.org"
BOARD = load_board("standard")


@pytest.fixture
def setup(tmp_path: Path):
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    referee = Referee(store, make_config(game_table(GAME)))
    referee.tick(START)
    with store.begin() as uow:
        italians = {p: pl.address for p, pl in uow.assignments.current(GAME).items()
                    if pl.language == "it"}
    yield store, MailHandler(referee), italians
    store.close()


def _mail(frm: str, body: str, subject: str) -> bytes:
    return player_mail(frm, f"arbitro+{GAME}@example.org", body, subject=subject)


def _sent(store, to: str, ending: str) -> list[OutboxMessage]:
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if to in r.recipients and r.idempotency_key.endswith(ending)]


def _pw(address: str) -> str:
    return f"pw{address[1]}"


def test_the_gm_answer_to_elabora_is_italian(setup) -> None:
    store, handler, italians = setup
    _, player = min(italians.items())
    handler.handle(_mail(player, f"PASSWORD {_pw(player)}", "ordini"), NOW)
    handler.handle(_mail(GM, "PASSWORD gm-secret", "ELABORA"), NOW)
    (reply,) = [m for m in _sent(store, GM, ":gm") if m.idempotency_key.startswith("mail:")]
    assert reply.subject == f"[{GAME}] ELABORA: fatto"
    assert "fase elaborata: Primavera 1901, movimenti; senza ordini: " in reply.body
    assert "Francia" in reply.body and "FRANCE" not in reply.body
    assert "processed" not in reply.body and "missing" not in reply.body


def test_status_and_confirmation_speak_italian_with_articles(setup) -> None:
    store, handler, italians = setup
    power, italy = min(italians.items())
    kind, where = BOARD.powers[power].start_units[0]
    handler.handle(_mail(italy, f"PASSWORD {_pw(italy)}\n{kind} {where} H", "ordini"), NOW)
    (confirmation,) = [m for m in _sent(store, italy, "") if "Ordini ricevuti" in m.subject]
    name = power_noun(BOARD, power, "it")
    assert f"i tuoi ordini {name:per}," in confirmation.body
    assert f"i tuoi ordini per {name}," not in confirmation.body  # "per l'Austria", not "per Austria"
    handler.handle(_mail(italy, f"PASSWORD {_pw(italy)}", "STATO"), NOW)
    (status,) = [m for m in _sent(store, italy, "") if m.idempotency_key.startswith("status:")]
    assert "stato: in corso" in status.body and "active" not in status.body


@pytest.mark.parametrize("lang,one,two", [("it", "(tra circa 1 ora)", "(tra circa 2 ore)"),
                                          ("en", "(in about 1 hour)", "(in about 2 hours)")])
def test_the_reminder_counts_hours_in_agreement(lang: str, one: str, two: str) -> None:
    context = {"tag": "[g]", "phase_name": "-", "deadline": "-", "power_name": "Italia", "movement": True,
               "player": {"name": "Mario", "address": "m@x"}}
    templates = MailTemplates()
    assert one in templates.render("reminder", lang, {**context, "hours_left": 1}).body
    assert two in templates.render("reminder", lang, {**context, "hours_left": 2}).body


def test_the_gm_status_is_in_the_gms_language(setup) -> None:
    store, handler, _ = setup
    handler.handle(_mail(GM, "PASSWORD gm-secret", "STATO"), NOW)
    (reply,) = [m for m in _sent(store, GM, ":gm-status")]
    assert reply.subject == f"[{GAME}] STATO: fatto"
    assert f"partita {GAME} " in reply.body and ": in corso" in reply.body
    assert "fase Primavera 1901, movimenti (aperta), scadenza " in reply.body
    assert " alle " in reply.body and "MANCANO" in reply.body and "Francia" in reply.body
    assert "active" not in reply.body and "MISSING" not in reply.body and "FRANCE" not in reply.body
