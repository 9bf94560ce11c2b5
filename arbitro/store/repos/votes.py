"""Secret votes to end a game (issue 17): appended, never changed."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import EndVote

DigestOf = Callable[[int], str]  # the vote's number -> its digest


class VoteRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def cast(self, game_id: str, phase_id: int, *, power: str, kind: str, powers: Sequence[str],
             salt: str, digest_of: DigestOf, now: datetime, player_id: int | None = None,
             source_mail_id: int | None = None) -> EndVote:
        """Append a vote with the next number; ``digest_of(number)`` gives its digest
        (the number is part of the committed text)."""
        last = self.session.scalar(select(func.max(EndVote.number)).where(EndVote.game_id == game_id))
        number = (last or 0) + 1
        row = EndVote(game_id=game_id, number=number, phase_id=phase_id, power=power,
                      player_id=player_id, kind=kind,
                      powers=list(powers), salt=salt, digest=digest_of(number),
                      source_mail_id=source_mail_id, cast_at=now)
        self.session.add(row)
        self.session.flush()
        return row

    def of_game(self, game_id: str) -> list[EndVote]:
        return list(self.session.scalars(
            select(EndVote).where(EndVote.game_id == game_id).order_by(EndVote.number)))

    def of_phase(self, phase_id: int) -> list[EndVote]:
        return list(self.session.scalars(
            select(EndVote).where(EndVote.phase_id == phase_id).order_by(EndVote.number)))

    def standing(self, game_id: str) -> dict[str, EndVote]:
        """Each power's newest vote (a ``withdraw`` row means: no vote)."""
        out: dict[str, EndVote] = {}
        for row in self.of_game(game_id):
            out[row.power] = row
        return out

