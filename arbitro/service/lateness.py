"""Lateness, said once (R-LATE-1..3, R-RET-4, R-ADJU-4).

After a phase's on-time deadline a power's orders may stay missing, or be sent or changed,
only on bonus days the power pays: late day k (each day or part of a day after the on-time
deadline) needs k days paid for the phase. The clock charges the powers still missing when
a late day opens (R-LATE-2); a mail sent on a late day charges its sender what the day
still needs (R-LATE-3), whether or not orders were on file. A power that cannot pay (bank
or per-turn maximum spent) cannot send or change orders any more. Retreats and winter have
no lateness: after their deadline nothing is taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from ..store import GameStatus
from ..store.models import Phase as PhaseRow
from .table import Table

LATE_DAY = timedelta(days=1)

# Refusal codes (catalog ``refusal.<code>``).
BANK_SPENT = "late_bank_spent"
TURN_SPENT = "late_turn_spent"
NO_LATENESS = "late_closed"
REFUSALS = (BANK_SPENT, TURN_SPENT, NO_LATENESS)


def late_day(table: Table, phase: PhaseRow, now: datetime | None = None) -> int:
    """The late day ``now`` (the table's instant) falls in: 0 on time, 1 for the first day
    (or part of a day) after the on-time deadline, and so on. A late day the clock has not
    opened yet (the deadline passed, the step is still to come) counts as begun. 0 while
    the game is paused: a pause never eats a player's time (the resume gives a fresh
    deadline)."""
    now = now or table.now
    if table.game.status is GameStatus.PAUSED:
        return 0
    day = int(phase.late_days or 0)
    if phase.deadline is None or now <= phase.deadline:
        return day
    behind = now - phase.deadline
    return day + -(-behind // LATE_DAY)  # ceiling: a part of a day is a day


@dataclass(frozen=True)
class Charge:
    """What acting on late day ``day`` costs a power: ``days`` to charge now, or why it
    cannot (``refusal``, with the days used and allowed for the words)."""

    day: int
    days: int = 0
    refusal: str | None = None
    used: int = 0
    allowed: int = 0


def charge(table: Table, phase: PhaseRow, power: str, day: int) -> Charge:
    """The one rule: late day ``day`` needs ``day`` days paid by the power in this phase,
    within the per-turn maximum and the game's bank."""
    if day <= 0:
        return Charge(day)
    if not table.kind.late_days(table, phase.code):
        return Charge(day, refusal=NO_LATENESS)
    paid = int(phase.lateness.get(power, 0))
    owed = day - paid
    if owed <= 0:
        return Charge(day)
    bank = table.config.lateness_bank_days
    used = table.lateness_used().get(power, 0)
    if used + owed > bank:
        return Charge(day, refusal=BANK_SPENT, used=used, allowed=bank)
    per_turn = table.config.lateness_max_per_turn
    if day > per_turn:
        return Charge(day, refusal=TURN_SPENT, used=paid, allowed=per_turn)
    return Charge(day, days=owed)


def pay(table: Table, phase: PhaseRow, power: str, due: Charge) -> None:
    if due.days > 0:
        table.uow.phases.add_lateness(phase, power, due.days)


def open_late_day(table: Table, phase: PhaseRow, missing: set[str]) -> list[str]:
    """R-LATE-2 at a passed deadline: the next late day opens if a missing power can pay
    for it (each such power is charged); the powers charged, empty when none can."""
    if phase.deadline is None:
        return []
    day = int(phase.late_days or 0) + 1
    dues = {p: charge(table, phase, p, day) for p in sorted(missing)}
    payers = [p for p, due in dues.items() if due.refusal is None]
    if not payers:
        return []
    for power in payers:
        pay(table, phase, power, dues[power])
    # A late day never ends on a day off or in an absence (docs/RULE_CHOICES.md).
    table.uow.phases.open_late_day(phase, table.later_deadline(phase.deadline + LATE_DAY))
    return payers
