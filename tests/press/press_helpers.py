"""A started game behind a MailHandler, and hostile mails from its players."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from player_mail import player_mail
from service.service_helpers import START, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import Store, open_store
from arbitro.store.models import OutboxMessage, PressMessage

NOW = START + timedelta(hours=1, minutes=37)
REFEREE = "arbitro@example.org"
GM = "gm@example.org"

# Real people with real-looking addresses on their own hosts: none of this may reach
# another player.
PEOPLE = [
    ("Mario Rossi", "mario.rossi78@studio-rossi.it"),
    ("Anna Bianchi", "anna.b@bianchi-legal.com"),
    ("Giuseppe Verdi", "gverdi@conservatorio-parma.org"),
    ("Lucia Esposito", "l.esposito@napoli-net.example"),
    ("Francesco Colombo", "fcolombo@colombo-fam.net"),
    ("Chiara Ricci", "chiara@riccihome.eu"),
    ("Paolo Marino", "pmarino@marinoweb.info"),
]


def press_game(game_id: str, press: str, **options: Any) -> dict[str, Any]:
    table: dict[str, Any] = {
        "id": game_id,
        "name": f"Partita {game_id}",
        "start": START,
        "timezone": "Europe/Rome",
        "gm_address": GM,
        "gm_password": "gm-secret",
        "press": press,
        "deadlines": {"movement": "3d", "retreat": "1d", "adjustment": "1d"},
        "players": [
            {"address": address, "name": name, "language": "it" if i % 2 == 0 else "en",
             "password": f"pw{i}"}
            for i, (name, address) in enumerate(PEOPLE)
        ],
    }
    table.update(options)
    return table


@dataclass
class Game:
    store: Store
    referee: Referee
    handler: MailHandler
    game_id: str
    holders: dict[str, str]  # power -> address
    passwords: dict[str, str]  # address -> password

    def name_of(self, address: str) -> str:
        return next(n for n, a in PEOPLE if a == address)

    def outbox(self, since: int = 0) -> list[OutboxMessage]:
        with self.store.begin() as uow:
            rows = uow.session.scalars(select(OutboxMessage).where(OutboxMessage.id > since)
                                       .order_by(OutboxMessage.id))
            return list(rows)

    def last_id(self) -> int:
        rows = self.outbox()
        return rows[-1].id if rows else 0

    def press_rows(self) -> list[PressMessage]:
        with self.store.begin() as uow:
            return uow.press.messages(self.game_id)


def start_game(tmp_path: Path, game_id: str, press: str, **options: Any) -> Game:
    config = make_config(press_game(game_id, press, **options))
    store = open_store(f"sqlite:///{tmp_path / f'{game_id}.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    handler = MailHandler(referee)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(game_id).items()}
    passwords = {address: f"pw{i}" for i, (_, address) in enumerate(PEOPLE)}
    return Game(store, referee, handler, game_id, holders, passwords)




def alias(game_id: str, nation: str) -> str:
    return f"arbitro+{game_id}-{nation}@example.org"


# A player's mail to a relay alias; press mails default to the subject "proposta".
plain_mail = functools.partial(player_mail, subject="proposta")


def handle(game: Game, raw: bytes, now: datetime = NOW) -> str:
    return game.handler.handle(raw, now)
