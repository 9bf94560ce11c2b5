"""Secret votes to end a game: draws and concessions (issue 17), committed by hash."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..types import JsonDoc, UtcDateTime


class EndVote(Base):
    """One vote as cast (a draw, a concession, or taking a vote back). The newest row of a
    power is its vote; older rows stay, since each was committed publicly by its digest."""

    __tablename__ = "end_votes"
    __table_args__ = (
        UniqueConstraint("game_id", "number"),
        Index("ix_end_votes_game_power", "game_id", "power"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)  # 1, 2, 3... in the game: the public label
    # The phase open when cast: its results mail publishes the digest.
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(32))
    # who cast it: a vote counts only while its player holds the power (not a replacement's)
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    kind: Mapped[str] = mapped_column(String(16))  # draw | concede | withdraw
    powers: Mapped[list[Any]] = mapped_column(JsonDoc, default=list)  # draw set ([] = DIAS) / [winner]
    salt: Mapped[str] = mapped_column(String(64))  # random hex, revealed at the end
    digest: Mapped[str] = mapped_column(String(64))  # sha256 of the canonical text, hex
    source_mail_id: Mapped[int | None] = mapped_column(
        ForeignKey("inbound_mails.id", ondelete="SET NULL"), default=None
    )
    cast_at: Mapped[datetime] = mapped_column(UtcDateTime)
