"""Phases of a game, in play order."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from ..models import Phase
from ..status import PhaseStatus
from .games import NotFound


class PhaseRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def open(
        self,
        game_id: str,
        code: str,
        position: Mapping[str, Any],
        *,
        now: datetime,
        deadline: datetime | None,
    ) -> Phase:
        """Start a new phase after the last one (sequence numbers are never reused)."""
        last = self.session.scalar(select(func.max(Phase.seq)).where(Phase.game_id == game_id))
        phase = Phase(
            game_id=game_id,
            seq=(last or 0) + 1,
            code=code,
            position_before=dict(position),
            status=PhaseStatus.OPEN,
            opened_at=now,
            deadline=deadline,
            original_deadline=deadline,
            lateness={},
            late_days=0,
            waiting=[],
        )
        self.session.add(phase)
        self.session.flush()
        return phase

    def get(self, phase_id: int) -> Phase:
        phase = self.session.get(Phase, phase_id)
        if phase is None:
            raise NotFound(f"no phase {phase_id}")
        return phase

    def current(self, game_id: str) -> Phase | None:
        """The phase being played: the latest one that is open or late."""
        stmt = (
            select(Phase)
            .where(Phase.game_id == game_id, Phase.status.in_((PhaseStatus.OPEN, PhaseStatus.LATE)))
            .order_by(Phase.seq.desc())
            .limit(1)
        )
        return self.session.scalars(stmt).first()

    def latest(self, game_id: str) -> Phase | None:
        """The latest phase that was not rolled back, whatever its status."""
        stmt = (
            select(Phase)
            .where(Phase.game_id == game_id, Phase.status != PhaseStatus.ROLLED_BACK)
            .order_by(Phase.seq.desc())
            .limit(1)
        )
        return self.session.scalars(stmt).first()

    def history(self, game_id: str, *, include_rolled_back: bool = False) -> list[Phase]:
        stmt = select(Phase).where(Phase.game_id == game_id).order_by(Phase.seq)
        if not include_rolled_back:
            stmt = stmt.where(Phase.status != PhaseStatus.ROLLED_BACK)
        return list(self.session.scalars(stmt))

    def due(self, now: datetime) -> list[Phase]:
        """Open or late phases of any game whose deadline has passed."""
        stmt = (
            select(Phase)
            .where(
                Phase.status.in_((PhaseStatus.OPEN, PhaseStatus.LATE)),
                Phase.deadline.is_not(None),
                Phase.deadline <= now,
            )
            .order_by(Phase.deadline, Phase.id)
        )
        return list(self.session.scalars(stmt))

    def set_deadline(
        self, phase: Phase, deadline: datetime | None, status: PhaseStatus | None = None
    ) -> None:
        """A new deadline; set ``open`` again, the phase is on time again (late days 0;
        the bonus days paid stay paid)."""
        phase.deadline = deadline
        if status is not None:
            phase.status = status
        if status is PhaseStatus.OPEN:
            phase.late_days = 0
        self.session.flush()

    def open_late_day(self, phase: Phase, deadline: datetime) -> None:
        """R-LATE-2: the phase waits one more late day, ending at ``deadline``."""
        phase.late_days += 1
        phase.deadline = deadline
        phase.status = PhaseStatus.LATE
        self.session.flush()

    def set_waiting(self, phase: Phase, power: str, wait: bool) -> bool:
        """Record that ``power`` asks (``wait``) or no longer asks the phase to wait for
        its deadline; whether anything changed."""
        waiting = set(phase.waiting or ())
        before = power in waiting
        if wait:
            waiting.add(power)
        else:
            waiting.discard(power)
        phase.waiting = sorted(waiting)
        self.session.flush()
        return before != wait

    def add_lateness(self, phase: Phase, power: str, days: int = 1) -> int:
        """Charge bonus days to a power in this phase; returns its total for the phase."""
        lateness = dict(phase.lateness)
        lateness[power] = lateness.get(power, 0) + days
        phase.lateness = lateness
        self.session.flush()
        return lateness[power]

    def lateness_used(self, game_id: str) -> dict[str, int]:
        """Bonus days each power has spent in the whole game (R-LATE-1 bank)."""
        totals: dict[str, int] = {}
        for phase in self.history(game_id):
            for power, days in phase.lateness.items():
                totals[power] = totals.get(power, 0) + int(days)
        return totals

    def record_result(
        self,
        phase: Phase,
        *,
        results: Mapping[str, Any],
        position_after: Mapping[str, Any],
        now: datetime,
    ) -> None:
        phase.results = dict(results)
        phase.position_after = dict(position_after)
        phase.status = PhaseStatus.PROCESSED
        phase.processed_at = now
        self.session.flush()

    def roll_back(self, game_id: str) -> Phase:
        """Undo the last step: the current phase is marked rolled back and the processed
        phase before it is open again (results cleared; its orders stay as received).
        Returns the reopened phase."""
        phases = self.history(game_id)
        if len(phases) < 2 and not (phases and phases[-1].status is PhaseStatus.PROCESSED):
            raise NotFound(f"game {game_id!r} has no processed phase to roll back")
        last = phases[-1]
        if last.status is PhaseStatus.PROCESSED:
            reopened = last  # game ended on it: nothing opened after it
        else:
            last.status = PhaseStatus.ROLLED_BACK
            reopened = phases[-2]
        reopened.status = PhaseStatus.OPEN
        reopened.waiting = []  # a wait lasts one playing of the phase
        reopened.results = None
        reopened.position_after = None
        reopened.processed_at = None
        self.session.flush()
        return reopened
