"""Diplomacy's readiness over the orders on file: who must order in the current phase,
and what each power still owes (the one readiness check, ``diplomacy/readiness.py``).

Who must order (``must_order``): powers still playing with units (movement), with a
dislodged unit that can retreat (retreats), or with builds or disbands due (winter) —
lateness, reminders and the ONP count these. Who the phase still waits for before it may
run early (``incomplete``): powers still playing that a player holds (civil disorder,
abandoned or unassigned powers never hold a phase up) whose orders do not yet cover every
unit, dislodged unit, build or disband they owe.
"""

from __future__ import annotations

from ..diplomacy.phases import adjustment_counts
from ..diplomacy.position import ADJUSTMENT, MOVEMENT, RETREAT
from ..diplomacy.readiness import Readiness, readiness
from ..reports.readiness import readiness_lines
from ..store import PowerStatus
from ..store.codec import submission_orders
from .early import next_step
from .table import Table


def must_order(table: Table) -> frozenset[str]:
    """The powers whose orders the current phase waits for at its deadline."""
    if table.phase is None:
        return frozenset()
    position = table.position
    playing = {p for p, row in table.powers.items() if row.status is PowerStatus.PLAYING}
    kind = position.phase.kind
    if kind == MOVEMENT:
        return frozenset({u.power for u in position.units} & playing)
    if kind == RETREAT:
        return frozenset({d.unit.power for d in position.dislodged if d.retreats} & playing)
    if kind == ADJUSTMENT:
        return frozenset(set(adjustment_counts(table.board, position)) & playing)
    return frozenset()


def missing(table: Table) -> frozenset[str]:
    """The powers that must order and sent nothing."""
    return must_order(table) - set(table.orders_on_file)


def power_readiness(table: Table, power: str) -> Readiness:
    """What ``power`` still owes in the current phase with the orders it has on file."""
    submission = table.orders_on_file.get(power)
    orders = submission_orders(table.board, power, submission.parsed) if submission is not None else []
    return readiness(table.board, table.position, power, orders,
                     infer_single_coast=table.config.infer_single_coast)


def incomplete(table: Table) -> dict[str, Readiness]:
    """The powers the phase still waits for, with what each owes (sorted by power)."""
    if table.phase is None:
        return {}
    held = set(table.holders)
    out = {}
    for power, row in sorted(table.powers.items()):
        if row.status is not PowerStatus.PLAYING or power not in held:
            continue
        ready = power_readiness(table, power)
        if not ready.ready:
            out[power] = ready
    return out


def readiness_words(table: Table, power: str, lang: str, over: int = 0) -> tuple[list[str], str]:
    """What ``power`` still owes with the orders now on file, and what happens next, in
    the player's words (the confirmation and the status mail); and the next step."""
    mine = power_readiness(table, power)
    step = next_step(table, power, mine.ready)
    return readiness_lines(table.board, mine, lang, step, over), step


def still_owed(table: Table, power: str, lang: str) -> list[str]:
    """What a reminder lists for a power that sent incomplete orders (nothing for one that
    sent none: the reminder says so)."""
    owed = incomplete(table).get(power)
    if owed is None or power in missing(table):
        return []
    return readiness_lines(table.board, owed, lang)[1:]
