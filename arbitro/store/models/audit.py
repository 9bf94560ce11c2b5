"""The record of GM actions (and other manual interventions)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..types import JsonDoc, UtcDateTime


class AuditEntry(Base):
    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), default=None, index=True
    )
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    actor: Mapped[str] = mapped_column(String(320))  # GM address, or "cli:<user>"
    action: Mapped[str] = mapped_column(String(64))  # pause, resume, extend, eject...
    details: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)
