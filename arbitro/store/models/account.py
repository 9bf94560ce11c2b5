"""What a player's account and the game's public side keep beyond the game itself:
observers of the results (issue 16) and address moves waiting for the new address to
answer."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..types import UtcDateTime


class Observer(Base):
    """An address that gets a game's results mails (where the GM allows it), never press
    nor anything private. ``ended_at`` set: no longer observing."""

    __tablename__ = "observers"
    __table_args__ = (UniqueConstraint("game_id", "address"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    address: Mapped[str] = mapped_column(String(320))  # lower-case
    language: Mapped[str] = mapped_column(String(8))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class AddressChange(Base):
    """A player's request to move to a new address: done only when a mail from the new
    address answers with the token before it expires."""

    __tablename__ = "address_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    old_address: Mapped[str] = mapped_column(String(320))
    new_address: Mapped[str] = mapped_column(String(320))
    token: Mapped[str] = mapped_column(String(64), unique=True)
    requested_at: Mapped[datetime] = mapped_column(UtcDateTime)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    confirmed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
