"""The audit log of GM actions."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import AuditEntry


class AuditRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def record(
        self,
        action: str,
        *,
        actor: str,
        now: datetime,
        game_id: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> AuditEntry:
        entry = AuditEntry(
            game_id=game_id, at=now, actor=actor, action=action, details=dict(details or {})
        )
        self.session.add(entry)
        self.session.flush()
        return entry

    def list(self, game_id: str | None = None, limit: int = 1000) -> list[AuditEntry]:
        stmt = select(AuditEntry).order_by(AuditEntry.at, AuditEntry.id).limit(limit)
        if game_id is not None:
            stmt = stmt.where(AuditEntry.game_id == game_id)
        return list(self.session.scalars(stmt))
