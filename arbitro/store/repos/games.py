"""Games and per-power state."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Game, GamePower
from ..status import GameStatus, PowerStatus


class NotFound(LookupError):
    pass


class GameRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def create(
        self,
        game_id: str,
        *,
        name: str,
        variant: str,
        language: str,
        settings: Mapping[str, Any],
        now: datetime,
        status: GameStatus = GameStatus.FORMING,
    ) -> Game:
        game = Game(
            id=game_id,
            name=name,
            variant=variant,
            language=language,
            settings=dict(settings),
            status=status,
            created_at=now,
        )
        self.session.add(game)
        self.session.flush()
        return game

    def get(self, game_id: str) -> Game | None:
        return self.session.get(Game, game_id)

    def require(self, game_id: str) -> Game:
        game = self.get(game_id)
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def lock(self, game_id: str) -> Game:
        """The game row locked for update (PostgreSQL; SQLite already serialises writers).

        Take it first in any transaction that changes a game, so two workers never
        process the same game at once.
        """
        stmt = select(Game).where(Game.id == game_id).with_for_update()
        game = self.session.scalars(stmt).one_or_none()
        if game is None:
            raise NotFound(f"no game {game_id!r}")
        return game

    def list(self, *statuses: GameStatus) -> list[Game]:
        stmt = select(Game).order_by(Game.id)
        if statuses:
            stmt = stmt.where(Game.status.in_(statuses))
        return list(self.session.scalars(stmt))

    def set_status(
        self, game: Game, status: GameStatus, now: datetime, resume_at: datetime | None = None
    ) -> None:
        """Change status; stamps started_at / finished_at; resume_at only while paused."""
        game.status = status
        game.resume_at = resume_at if status is GameStatus.PAUSED else None
        if status is GameStatus.ACTIVE and game.started_at is None:
            game.started_at = now
        if status is GameStatus.FINISHED:
            game.finished_at = now
        self.session.flush()

    def update_settings(self, game: Game, settings: Mapping[str, Any]) -> None:
        game.settings = dict(settings)  # a new dict: JSON columns do not track mutation
        self.session.flush()

    def set_draw_seed(self, game: Game, seed: str) -> None:
        """The secret seed of the nation draw (R-END-3); set once, before the draw."""
        game.draw_seed = seed
        self.session.flush()

    def marks(self) -> dict[str, str]:
        """A digest of each game's visible state (repos/marks.py)."""
        from .marks import game_marks

        return game_marks(self.session)

    def finish(self, game: Game, result: Mapping[str, Any], now: datetime) -> None:
        game.result = dict(result)
        self.set_status(game, GameStatus.FINISHED, now)


class PowerRepo:
    """ONP streak and standing of each power of a game."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def init(self, game_id: str, powers: Iterable[str], now: datetime) -> list[GamePower]:
        rows = [
            GamePower(
                game_id=game_id, power=p, status=PowerStatus.PLAYING, onp_streak=0, updated_at=now
            )
            for p in powers
        ]
        self.session.add_all(rows)
        self.session.flush()
        return rows

    def get(self, game_id: str, power: str) -> GamePower:
        row = self.session.get(GamePower, (game_id, power))
        if row is None:
            raise NotFound(f"game {game_id!r} has no power {power!r}")
        return row

    def all(self, game_id: str) -> dict[str, GamePower]:
        stmt = select(GamePower).where(GamePower.game_id == game_id).order_by(GamePower.power)
        return {row.power: row for row in self.session.scalars(stmt)}

    def update(
        self,
        game_id: str,
        power: str,
        now: datetime,
        *,
        status: PowerStatus | None = None,
        onp_streak: int | None = None,
    ) -> GamePower:
        row = self.get(game_id, power)
        if status is not None:
            row.status = status
        if onp_streak is not None:
            row.onp_streak = onp_streak
        row.updated_at = now
        self.session.flush()
        return row
