"""Games, their players, who holds which power, and per-power state."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import Date, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..status import GameStatus, PlayerStatus, PowerStatus
from ..types import JsonDoc, UtcDateTime, status_type


class Game(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # config id, e.g. "milano1"
    name: Mapped[str] = mapped_column(String(200))
    variant: Mapped[str] = mapped_column(String(64))
    language: Mapped[str] = mapped_column(String(8))
    # The game's options as loaded from the config (JSON form, no passwords).
    settings: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
    status: Mapped[GameStatus] = mapped_column(status_type(GameStatus), default=GameStatus.FORMING)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # When a paused/suspended game resumes by itself (R-ONP-4); None = until the GM resumes it.
    resume_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # Outcome at the end (winner, draw, centre counts...), written by the service.
    result: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, default=None)
    # Secret seed of the nation draw (R-END-3), hex; its SHA-256 is mailed when the game
    # opens, the seed itself with the assignment.
    draw_seed: Mapped[str | None] = mapped_column(String(64), default=None)


class Player(Base):
    """A person in one game. The same address in two games is two rows."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "address"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(String(320))  # stored lower-case
    name: Mapped[str] = mapped_column(String(200), default="")
    language: Mapped[str] = mapped_column(String(8))
    password_hash: Mapped[str] = mapped_column(String(200))  # see arbitro.store.passwords
    # Secret token that authenticates replies (R-MAIL-2), e.g. in a plus-address.
    reply_token: Mapped[str] = mapped_column(String(64), unique=True)
    status: Mapped[PlayerStatus] = mapped_column(
        status_type(PlayerStatus), default=PlayerStatus.ACTIVE
    )
    joined_at: Mapped[datetime] = mapped_column(UtcDateTime)
    left_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # The zone the player's deadlines are written in (FUSO / TIMEZONE); None = the game's.
    timezone: Mapped[str | None] = mapped_column(String(64), default=None)


class Absence(Base):
    """An absence a player announced (ASSENZA / ABSENCE): first and last day inclusive, in
    the player's own zone. Deadlines inside it move past it."""

    __tablename__ = "absences"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class Assignment(Base):
    """Who held a power, from when to when. The open row (ended_at NULL) is the holder."""

    __tablename__ = "assignments"
    __table_args__ = (Index("ix_assignments_game_power", "game_id", "power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(32))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(String(32))  # lot | preferences | replacement | gm
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class Preference(Base):
    """One entry of a player's secret ranking of the powers (R-END-3)."""

    __tablename__ = "preferences"
    __table_args__ = (UniqueConstraint("player_id", "power"),)

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    rank: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 = first choice
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    power: Mapped[str] = mapped_column(String(32))


class GamePower(Base):
    """Per-power state that outlives a phase: ONP streak and standing (R-ONP)."""

    __tablename__ = "game_powers"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    power: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[PowerStatus] = mapped_column(
        status_type(PowerStatus), default=PowerStatus.PLAYING
    )
    onp_streak: Mapped[int] = mapped_column(Integer, default=0)  # consecutive movement ONPs
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime)
