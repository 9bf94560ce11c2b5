"""Which powers are not ready in a phase: the ONE adapter to the readiness rule.

MERGE NOTE (issue 16/17): issue 16 brings a pure readiness function in arbitro/game/
(every unit, dislodged unit, build or disband ordered). At the merge, point
``not_ready`` at it; until then a power is "not ready" when the phase waits for it and it
has no orders on file (``state.missing_powers``, the early-processing rule).
"""

from __future__ import annotations

from ..store import UnitOfWork
from ..store.models import Phase as PhaseRow
from .state import GameCtx, missing_powers


def not_ready(ctx: GameCtx, uow: UnitOfWork, game_id: str, phase: PhaseRow) -> list[str]:
    """The powers the phase still waits for, sorted."""
    position = ctx.position(phase)
    return sorted(missing_powers(ctx.board, position, uow.powers.all(game_id),
                                 uow.orders.current(phase.id)))
