"""Which powers are not ready in a phase, for the GM's preview (ANTEPRIMA).

The same rule early processing uses (``state.blocking_powers`` over the one readiness
check, ``game/readiness.py``): a power still playing, held by a player, whose orders do
not yet cover every unit, dislodged unit, build or disband it owes.
"""

from __future__ import annotations

from ..store import UnitOfWork
from ..store.models import Phase as PhaseRow
from .state import GameCtx, blocking_powers


def not_ready(ctx: GameCtx, uow: UnitOfWork, game_id: str, phase: PhaseRow) -> list[str]:
    """The powers the phase still waits for, sorted."""
    held = set(uow.assignments.current(game_id))
    return sorted(blocking_powers(ctx, ctx.position(phase), uow.powers.all(game_id),
                                  uow.orders.current(phase.id), held))
