"""Announced absences (issue 17) and players' own time zones."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Absence, Player


class AbsenceRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(self, player: Player, first_day: date, last_day: date, now: datetime) -> Absence:
        row = Absence(game_id=player.game_id, player_id=player.id, first_day=first_day,
                      last_day=last_day, created_at=now)
        self.session.add(row)
        self.session.flush()
        return row

    def of_game(self, game_id: str) -> list[Absence]:
        stmt = select(Absence).where(Absence.game_id == game_id).order_by(Absence.first_day, Absence.id)
        return list(self.session.scalars(stmt))

    def of_player(self, player: Player) -> list[Absence]:
        return [a for a in self.of_game(player.game_id) if a.player_id == player.id]

    def remove(self, absence: Absence) -> None:
        self.session.delete(absence)
        self.session.flush()

    def set_timezone(self, player: Player, zone: str | None) -> None:
        player.timezone = zone
        self.session.flush()
