"""The mail handler: one transaction per mail, authentication, commands and replies."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import InboundStatus, open_store
from arbitro.store.models import InboundMail, OrderSubmission, OutboxMessage

NOW = START + timedelta(hours=1)
GAME = "roma1"


@pytest.fixture
def setup(tmp_path: Path):
    config = make_config(game_table(GAME))
    store = open_store(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)  # creates and starts the game, queues the welcome mails
    handler = MailHandler(referee)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
        tokens = {pl.address: pl.reply_token for pl in uow.players.list(GAME)}
    yield store, referee, handler, holders, tokens
    store.close()




def mail(frm: str, body: str, *, subject: str = "ordini", to: str = f"arbitro+{GAME}@example.org",
         cc: str | None = None, headers: dict[str, str] | None = None, msgid: str | None = None) -> bytes:
    return player_mail(frm, to, body, subject=subject, cc=cc, headers=headers, msgid=msgid)


def outbox(store, to: str | None = None) -> list[OutboxMessage]:
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if to is None or to in r.recipients]


def inbound(store) -> list[InboundMail]:
    with store.begin() as uow:
        return list(uow.session.scalars(select(InboundMail).order_by(InboundMail.id)))


def orders_on_file(store) -> list[OrderSubmission]:
    with store.begin() as uow:
        return list(uow.session.scalars(select(OrderSubmission).where(OrderSubmission.superseded.is_(False))))


def password_of(address: str) -> str:
    return f"pw{address[1]}"  # p3@roma1.example -> pw3


def test_r_mail_2_orders_with_password_are_taken_and_confirmed(setup):
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    before = len(outbox(store, player))
    body = f"Ciao arbitro\nPASSWORD {password_of(player)}\nA Ven - Tri\nA Rom - Apu\nF Nap - Ion\n-- \nMario"
    assert handler.handle(mail(player, body), NOW) == "processed"
    (sub,) = orders_on_file(store)
    assert sub.power == "ITALY" and "PASSWORD" not in sub.text
    replies = outbox(store, player)[before:]
    assert len(replies) == 1
    assert "TRI" in replies[0].body.upper() and "pw" not in replies[0].body
    assert [m.status for m in inbound(store)] == [InboundStatus.PROCESSED]


def test_the_same_mail_twice_is_handled_once(setup):
    store, _, handler, holders, _ = setup
    player = holders["FRANCE"]
    raw = mail(player, f"PASSWORD {password_of(player)}\nA Par - Bur", msgid="<same@x>")
    assert handler.handle(raw, NOW) == "processed"
    count = len(outbox(store))
    assert handler.handle(raw, NOW + timedelta(minutes=5), uidvalidity=7, uid=1) == "processed"
    assert len(outbox(store)) == count
    assert len(inbound(store)) == 1


def test_r_mail_2_no_password_is_refused_and_nothing_changes(setup):
    store, _, handler, holders, _ = setup
    player = holders["GERMANY"]
    handler.handle(mail(player, "A Mun - Bur"), NOW)
    assert orders_on_file(store) == []
    (reply,) = [m for m in outbox(store, player) if m.idempotency_key.endswith(":refused")]
    assert "PASSWORD" in reply.body


def test_r_mail_2_wrong_password_is_refused_and_the_gm_told(setup):
    store, _, handler, holders, _ = setup
    player = holders["RUSSIA"]
    handler.handle(mail(player, "PASSWORD nope\nA War - Gal"), NOW)
    assert orders_on_file(store) == []
    assert [m for m in outbox(store, player) if m.idempotency_key.endswith(":refused")]
    alerts = [m for m in outbox(store, "gm@example.org") if ":gm-alert" in m.idempotency_key]
    assert len(alerts) == 1 and player in alerts[0].body


def test_r_mail_2_a_reply_to_the_token_address_needs_no_password(setup):
    store, _, handler, holders, tokens = setup
    player = holders["TURKEY"]
    raw = mail(player, "F Ank - Bla\nA Con - Bul", to=f"arbitro+{tokens[player]}@example.org")
    handler.handle(raw, NOW)
    (sub,) = orders_on_file(store)
    assert sub.power == "TURKEY"


def test_r_mail_2_a_token_of_someone_else_does_not_authenticate(setup):
    store, _, handler, holders, tokens = setup
    raw = mail(holders["TURKEY"], "F Ank - Bla", to=f"arbitro+{tokens[holders['ITALY']]}@example.org")
    handler.handle(raw, NOW)
    assert orders_on_file(store) == []


def test_r_mail_1_orders_copied_to_another_player_are_refused(setup):
    store, _, handler, holders, _ = setup
    player, other = holders["ENGLAND"], holders["FRANCE"]
    body = f"PASSWORD {password_of(player)}\nF Lon - Eng"
    handler.handle(mail(player, body, cc=other), NOW)
    assert orders_on_file(store) == []
    (reply,) = [m for m in outbox(store, player) if m.idempotency_key.endswith(":refused")]
    assert other in reply.body
    assert [m for m in outbox(store, "gm@example.org") if ":gm-alert" in m.idempotency_key]


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Autoreply": "yes"},
        {"List-Id": "<diplomacy.lists.example>"},
    ],
)
def test_robots_get_no_answer(setup, headers):
    store, _, handler, holders, _ = setup
    count = len(outbox(store))
    handler.handle(mail(holders["ITALY"], "Sono in vacanza", headers=headers), NOW)
    assert len(outbox(store)) == count
    assert inbound(store)[-1].status is InboundStatus.IGNORED


def test_a_bounce_gets_no_answer(setup):
    store, _, handler, _, _ = setup
    count = len(outbox(store))
    handler.handle(mail("MAILER-DAEMON@mx.example", "Delivery failed"), NOW)
    assert len(outbox(store)) == count


def test_unknown_sender_without_a_game_is_told_how_to_name_one(setup):
    store, _, handler, _, _ = setup
    handler.handle(mail("stranger@else.example", "A Par - Bur", to="arbitro@example.org"), NOW)
    (reply,) = outbox(store, "stranger@else.example")
    assert "arbitro+partita@example.org" in reply.body


def test_a_player_of_one_game_need_not_name_it(setup):
    store, _, handler, holders, _ = setup
    player = holders["AUSTRIA"]
    raw = mail(player, f"PASSWORD {password_of(player)}\nA Vie - Gal", to="arbitro@example.org")
    handler.handle(raw, NOW)
    assert [s.power for s in orders_on_file(store)] == ["AUSTRIA"]


def test_status_and_help_commands(setup):
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    pw = password_of(player)
    handler.handle(mail(player, f"PASSWORD {pw}\nA Ven H"), NOW)
    handler.handle(mail(player, f"PASSWORD {pw}", subject="STATO"), NOW)
    status = [m for m in outbox(store, player) if m.idempotency_key.startswith("status:")]
    assert len(status) == 1 and "VEN" in status[0].body.upper()
    handler.handle(mail(player, f"AIUTO\nPASSWORD {pw}", subject="domanda"), NOW)
    helps = [m for m in outbox(store, player) if m.idempotency_key.endswith(":help")]
    assert len(helps) == 1 and "PREFERENZE" in helps[0].body + helps[0].subject or "PREFERENCES" in helps[0].body


def test_an_unknown_command_gets_help_naming_it(setup):
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    handler.handle(mail(player, f"PASSWORD {password_of(player)}\nFOOBAR subito"), NOW)
    (reply,) = [m for m in outbox(store, player) if m.idempotency_key.endswith(":help")]
    assert "FOOBAR" in reply.body


def test_gm_commands_need_the_gm_and_the_gm_password(setup):
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    handler.handle(mail(player, f"PASSWORD {password_of(player)}", subject="PROROGA 2d"), NOW)
    with store.begin() as uow:
        deadline = uow.phases.current(GAME).deadline
    assert [m for m in outbox(store, player) if m.idempotency_key.endswith(":refused")]
    handler.handle(mail("gm@example.org", "PASSWORD wrong", subject="PROROGA 2d"), NOW)
    handler.handle(mail("gm@example.org", "PASSWORD gm-secret", subject="PROROGA 2d"), NOW)
    with store.begin() as uow:
        assert uow.phases.current(GAME).deadline == deadline + timedelta(days=2)
        assert [e.action for e in uow.audit.list(GAME)].count("extend") == 1
    replies = [m for m in outbox(store, "gm@example.org")
               if m.idempotency_key.startswith("mail:") and m.idempotency_key.endswith(":gm")]
    assert len(replies) == 1 and "PROROGA" not in replies[0].body  # the answer, not an echo
    refused = [m for m in outbox(store, "gm@example.org") if m.idempotency_key.endswith(":refused")]
    assert len(refused) == 1  # the wrong GM password


def test_a_mail_over_the_size_cap_is_refused_politely(setup):
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    raw = mail(player, "x" * 100)
    handler.handle(raw, NOW, size=50 * 1024 * 1024)
    (reply,) = [m for m in outbox(store, player) if m.idempotency_key.endswith(":refused")]
    assert "kB" in reply.body


def test_a_mail_that_breaks_the_handler_is_quarantined_and_the_gm_told(setup, monkeypatch):
    store, _, handler, holders, _ = setup
    from arbitro.mail.intake.commands import status

    def broken(req):
        raise RuntimeError("simulated fault")

    monkeypatch.setattr(status.COMMAND, "run", broken)
    player = holders["ITALY"]
    raw = mail(player, f"PASSWORD {password_of(player)}", subject="STATO")
    assert handler.handle(raw, NOW) == "quarantine"
    (row,) = inbound(store)
    assert row.status is InboundStatus.QUARANTINED and row.raw == raw
    assert "simulated fault" in row.note
    assert [m for m in outbox(store, "gm@example.org") if m.idempotency_key.startswith("quarantine:")]


def test_a_mail_without_a_usable_sender_is_quarantined_and_the_operator_told(setup):
    store, _, handler, _, _ = setup
    raw = b"Subject: ordini\r\nTo: arbitro+roma1@example.org\r\nMessage-ID: <nofrom@x>\r\n\r\nA Par - Bur\r\n"
    assert handler.handle(raw, NOW) == "quarantine"
    (row,) = inbound(store)
    assert row.status is InboundStatus.QUARANTINED and row.raw == raw
    assert [m for m in outbox(store) if m.idempotency_key.endswith(":no-sender")]


def test_r_mail_2_no_password_line_reaches_the_orders_on_file_even_from_history(setup):
    """A reply carrying the player's earlier mail (pasted below an Outlook header block,
    or quoted with '>') keeps no password line in the orders on file."""
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    pw = password_of(player)
    body = (
        f"PASSWORD {pw}\nA Ven - Tri\n\n"
        "Da: Mario <mario@example.org>\nInviato: lunedì 7 dicembre 2026 10:00\n"
        "A: arbitro@example.org\nOggetto: ordini\n\n"
        f"PASSWORD {pw}\nA Ven - Pie\n"
        f"> PASSWORD {pw}\n> A Ven H\n"
    )
    assert handler.handle(mail(player, body), NOW) == "processed"
    (sub,) = orders_on_file(store)
    assert pw not in sub.text and "PASSWORD" not in sub.text


def test_the_mail_layer_classifies_a_reply_and_the_raw_body_is_kept(setup):
    """The order command hands the reader the reply's lines classified: the quoted and
    pasted orders are ignored (not read, not "superseded"), while the order text on file
    stays the body as sent (less the password line)."""
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    body = (
        f"PASSWORD {password_of(player)}\nA Ven - Tri\n\n"
        "Il giorno lun 7 dic 2026 alle 10:00 Mario <mario@example.org> ha scritto:\n"
        "> A Ven - Pie\n> F Nap - Tyn\n-- \nMario\nA Rom - Apu\n"
    )
    assert handler.handle(mail(player, body), NOW) == "processed"
    (sub,) = orders_on_file(store)
    read = [(ln["line"], ln["text"]) for ln in sub.parsed if ln["order"] is not None]
    assert read == [(1, "A Ven - Tri")]
    codes = {ln["text"]: ln["code"] for ln in sub.parsed if ln["status"] == "ignored"}
    assert codes["> A Ven - Pie"] == "quoted" and codes["A Rom - Apu"] == "signature"
    assert "> A Ven - Pie" in sub.text and "A Rom - Apu" in sub.text
