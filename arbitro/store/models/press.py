"""Press relayed between nations (issue 7, R-MAIL-3): the archive kept for the GM."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..types import JsonDoc, UtcDateTime


class PressMessage(Base):
    """One relayed message as its recipients read it (text already cleaned)."""

    __tablename__ = "press_messages"
    __table_args__ = (Index("ix_press_messages_game_at", "game_id", "sent_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase: Mapped[str | None] = mapped_column(String(16), default=None)  # "S1901M"
    from_power: Mapped[str] = mapped_column(String(32))
    to_powers: Mapped[list[str]] = mapped_column(JsonDoc)  # every recipient nation
    broadcast: Mapped[bool] = mapped_column(Boolean, default=False)  # sent to everyone
    anonymous: Mapped[bool] = mapped_column(Boolean, default=False)  # grey press, no nation
    subject: Mapped[str] = mapped_column(Text, default="")
    text: Mapped[str] = mapped_column(Text)
    images: Mapped[int] = mapped_column(Integer, default=0)  # how many were relayed
    source_mail_id: Mapped[int | None] = mapped_column(
        ForeignKey("inbound_mails.id", ondelete="SET NULL"), default=None
    )
    sent_at: Mapped[datetime] = mapped_column(UtcDateTime)  # when the referee took it
    deliver_at: Mapped[datetime] = mapped_column(UtcDateTime)  # after the random delay


class PressDelivery(Base):
    """One copy of a message to one nation. Its Message-ID holds a random part, so a reply
    carrying it in In-Reply-To proves it comes from a recipient (like a reply token)."""

    __tablename__ = "press_deliveries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    press_id: Mapped[int] = mapped_column(
        ForeignKey("press_messages.id", ondelete="CASCADE"), index=True
    )
    power: Mapped[str] = mapped_column(String(32))
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    message_id: Mapped[str] = mapped_column(String(500), unique=True)
