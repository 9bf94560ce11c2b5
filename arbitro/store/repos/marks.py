"""A digest of each game's visible state in a few grouped queries, whatever the number of
games: what the web archive (arbitro/site) compares to know which games changed."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Assignment, Game, GamePower, Phase, PressMessage


def game_marks(session: Session) -> dict[str, str]:
    """game id -> a digest that changes whenever a phase is played, opened, rolled back or
    moved, a power changes hands or standing, the game's status or result changes, or
    press is recorded."""
    parts: dict[str, list[Any]] = {}
    for g in session.scalars(select(Game).order_by(Game.id)):
        parts[g.id] = [g.name, g.status.value, str(g.finished_at), g.result]
    phases = select(Phase.game_id, Phase.status, func.count(), func.max(Phase.seq),
                    func.max(Phase.processed_at), func.max(Phase.deadline)
                    ).group_by(Phase.game_id, Phase.status)
    assignments = select(Assignment.game_id, func.count(), func.count(Assignment.ended_at),
                         func.max(Assignment.started_at), func.max(Assignment.ended_at)
                         ).group_by(Assignment.game_id)
    powers = select(GamePower.game_id, GamePower.status, func.count()
                    ).group_by(GamePower.game_id, GamePower.status)
    press = select(PressMessage.game_id, func.count()).group_by(PressMessage.game_id)
    for query in (phases, assignments, powers, press):
        for row in session.execute(query):
            if row[0] in parts:
                parts[row[0]].append([str(v) for v in row[1:]])
    return {
        game_id: hashlib.sha256(json.dumps(p, sort_keys=True, default=str).encode()).hexdigest()
        for game_id, p in parts.items()
    }
