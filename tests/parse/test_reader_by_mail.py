"""The reader through the mail handler: what a player's real mail puts on file.

An Outlook-style reply whose pasted history holds other orders files the new ones only
(issue 14, #7); two builds where one is allowed are not both confirmed (issue 14, #5).
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from client_replies import reply
from player_mail import player_mail
from service.service_helpers import START, Driver, game_table, make_config
from sqlalchemy import select

from arbitro.diplomacy.position import ADJUSTMENT
from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import open_store
from arbitro.store.models import OrderSubmission, OutboxMessage

GAME = "lettore"
NOW = START + timedelta(hours=1)


@pytest.fixture
def game(tmp_path: Path):
    store = open_store(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    referee = Referee(store, make_config(game_table(GAME)))
    referee.tick(START)
    yield store, referee, MailHandler(referee), Driver(referee, store, GAME)
    store.close()


def _send(handler: MailHandler, frm: str, body: str, now) -> None:  # type: ignore[no-untyped-def]
    raw = player_mail(frm, f"arbitro+{GAME}@example.org", body, subject="Re: ordini")
    assert handler.handle(raw, now) == "processed"


def _on_file(store, power: str) -> list[str]:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        sub = uow.session.scalars(select(OrderSubmission).where(
            OrderSubmission.superseded.is_(False), OrderSubmission.power == power,
        ).order_by(OrderSubmission.id.desc())).first()
        assert sub is not None
        return [line["order"] for line in sub.parsed if line["status"] == "ok"]


def _last_mail_to(store, address: str) -> str:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if address in r.recipients][-1].body


def test_an_outlook_reply_files_only_the_new_orders(game) -> None:  # type: ignore[no-untyped-def]
    store, _, handler, driver = game
    player = driver.holders()["FRANCE"]
    password = f"pw{player[1]}"
    first = f"PASSWORD {password}\nA Par - Pic\nA Mar XXX\nF Bre - MAT"
    _send(handler, player, first, NOW)
    assert _on_file(store, "FRANCE") == ["A PAR - PIC", "A MAR H", "F BRE - MAO"]
    new = f"PASSWORD {password}\nCorreggo:\nA Par - Bor\nA Mar - Spa\nF Bre - MAN"
    _send(handler, player, reply("outlook_mac_it", new, first), NOW + timedelta(minutes=5))
    assert _on_file(store, "FRANCE") == ["A PAR - BUR", "A MAR - SPA", "F BRE - ENG"]
    confirmation = _last_mail_to(store, player)
    assert "A Par - Pic" not in confirmation  # the pasted mail is not listed as orders read


def _hold_all(driver: Driver, now) -> None:  # type: ignore[no-untyped-def]
    position = driver.position()
    for power in sorted(driver.holders()):
        units = [u for u in position.units if u.power == power]
        driver.order(power, "\n".join(f"{u.kind} {u.location} H" for u in units), now)


def test_two_builds_where_one_is_allowed_are_not_both_confirmed(game) -> None:  # type: ignore[no-untyped-def]
    """R-ADJU-1: Italy takes Tunis and may build one unit, with Naples and Rome free; of
    the builds sent the first counts and the confirmation says which one exceeds the
    allowance (and why Venice, occupied, is void)."""
    store, referee, handler, driver = game
    now = NOW
    for moves in ({"F NAP": "F NAP - ION", "A ROM": "A ROM - APU"}, {"F ION": "F ION - TUN"}):
        position = driver.position()
        for power in sorted(driver.holders()):
            lines = [moves.get(f"{u.kind} {u.location}", f"{u.kind} {u.location} H")
                     for u in position.units if u.power == power]
            driver.order(power, "\n".join(lines), now)
        referee.tick(now)
        now += timedelta(minutes=10)
    assert driver.position().phase.kind == ADJUSTMENT
    player = driver.holders()["ITALY"]
    body = f"PASSWORD pw{player[1]}\ncostruisco una flotta a Napoli\nnuova armata a Roma\nF Ven B"
    _send(handler, player, body, now)
    assert _on_file(store, "ITALY") == ["F NAP B"]
    confirmation = _last_mail_to(store, player)
    it = "NULLO" in confirmation  # the players' languages alternate
    excess = ("costruzione in eccesso: l'Italia può costruire 1 unità quest'inverno" if it
              else "one build too many: Italy may build 1 unit this winter")
    lines = confirmation.split("\n")
    rome = next(i for i, x in enumerate(lines) if x.endswith("nuova armata a Roma"))
    assert excess in lines[rome + 1], confirmation
    assert confirmation.count(excess) == 1
