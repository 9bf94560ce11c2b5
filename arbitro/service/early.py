"""Early processing (issue 16): when a phase may run before its deadline, and what a player
is told happens next. Who still owes orders is the game's kind's (``Kind.owing``)."""

from __future__ import annotations

from ..store import PhaseStatus, PowerStatus
from .table import Table


def waiting_powers(table: Table) -> set[str]:
    """Powers still playing whose player asked this phase to wait for its deadline."""
    phase = table.phase
    if phase is None:
        return set()
    powers, held = table.powers, set(table.holders)
    return {p for p in phase.waiting or () if p in held and p in powers
            and powers[p].status is PowerStatus.PLAYING}


def early_ready(table: Table) -> bool:
    """Whether the phase may be processed before its deadline (issue 16): the game allows
    it, every power still playing has complete orders, and nobody asked to wait. Once the
    on-time deadline has passed (a late day, R-LATE-2) only the orders count: the phase
    runs as soon as they are complete."""
    phase = table.phase
    if phase is None:
        return False
    late = phase.status is PhaseStatus.LATE
    if not late and (not table.config.early_processing or waiting_powers(table)):
        return False
    return not table.kind.owing(table)


def next_step(table: Table, power: str, ready: bool) -> str:
    """What happens to the phase next, as the player of ``power`` is told (``ready``: their
    own orders are complete; ``reports.readiness.NEXT_STEPS``)."""
    phase = table.phase
    assert phase is not None
    blocking = table.kind.owing(table)
    if phase.status is PhaseStatus.LATE:
        return "now" if not blocking else "late"
    if not ready:
        return "incomplete"
    if not table.config.early_processing:
        return "no_early"
    waiting = waiting_powers(table)
    if power in waiting:
        return "you_wait"
    if waiting:
        return "waiting"
    return "others" if blocking else "now"
