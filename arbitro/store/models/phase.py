"""Phases and everything received for them: orders as sent, and ballots (R-ONP-2/3/5)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..status import PhaseStatus
from ..types import JsonDoc, UtcDateTime, status_type


class Phase(Base):
    __tablename__ = "phases"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # 1, 2, 3... in play order, never reused
    code: Mapped[str] = mapped_column(String(16))  # "S1901M"
    position_before: Mapped[dict[str, Any]] = mapped_column(JsonDoc)
    status: Mapped[PhaseStatus] = mapped_column(status_type(PhaseStatus), default=PhaseStatus.OPEN)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    deadline: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # Deadline as first set, before lateness or GM extensions moved it.
    original_deadline: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # Bonus days spent in this phase, {power: days} (R-LATE-2).
    lateness: Mapped[dict[str, int]] = mapped_column(JsonDoc, default=dict)
    # Late days the phase has opened after its on-time deadline (R-LATE-2/3); 0 = on time.
    late_days: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # Powers whose player asked to wait (ATTENDI/WAIT): no early processing this phase.
    waiting: Mapped[list[str]] = mapped_column(JsonDoc, default=list, server_default=text("'[]'"))
    results: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, default=None)
    position_after: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, default=None)
    processed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class OrderSubmission(Base):
    """A set of orders as received for one power; a newer one supersedes it (R-ORD-7)."""

    __tablename__ = "orders"
    __table_args__ = (Index("ix_orders_phase_power", "phase_id", "power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(32))
    player_id: Mapped[int | None] = mapped_column(
        ForeignKey("players.id", ondelete="SET NULL"), default=None
    )
    text: Mapped[str] = mapped_column(Text)  # as written by the player
    parsed: Mapped[list[Any]] = mapped_column(JsonDoc, default=list)  # orders / void reasons
    source_mail_id: Mapped[int | None] = mapped_column(
        ForeignKey("inbound_mails.id", ondelete="SET NULL"), default=None
    )
    received_at: Mapped[datetime] = mapped_column(UtcDateTime)
    superseded: Mapped[bool] = mapped_column(Boolean, default=False)


class Ballot(Base):
    """One player's vote for the orders of another power (abandoned or in civil disorder)."""

    __tablename__ = "ballots"
    __table_args__ = (Index("ix_ballots_phase_for", "phase_id", "for_power"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    voter_power: Mapped[str] = mapped_column(String(32))
    for_power: Mapped[str] = mapped_column(String(32))
    text: Mapped[str] = mapped_column(Text, default="")
    orders: Mapped[list[Any]] = mapped_column(JsonDoc, default=list)
    source_mail_id: Mapped[int | None] = mapped_column(
        ForeignKey("inbound_mails.id", ondelete="SET NULL"), default=None
    )
    received_at: Mapped[datetime] = mapped_column(UtcDateTime)
    superseded: Mapped[bool] = mapped_column(Boolean, default=False)
