"""Diplomacy behind the service's seam (``table.Kind``): its phases (Spring and Autumn
movement, their retreats, Winter adjustments), who is due, the deadline each phase takes,
lateness in movement only (R-LATE), processing with the referee's defaults (ONP, tacit
retreats, automatic builds: ``service/process.py``), the end on a date (R-END-2) or by
vote, and R-ONP-4's rule for a replacement."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...config.model import DeadlineSpec
from ...diplomacy.defaults.escalation import keeps_home
from ...diplomacy.position import MOVEMENT, RETREAT, Phase, home_territories, start_position
from ...diplomacy.reading.lines import Classifier
from ...reports import TemplateContext, phase_name, power_name
from .. import process
from ..access import Caller
from ..readiness import incomplete, must_order, still_owed
from ..reply import Reply
from ..submit import submit_orders
from ..table import Opening, Table


class Diplomacy:
    name = "diplomacy"

    def powers(self, table: Table) -> tuple[str, ...]:
        return tuple(sorted(table.board.powers))

    def power_name(self, table: Table, power: str, lang: str) -> str:
        return power_name(table.board, power, lang)

    def phase_name(self, code: str, lang: str) -> str:
        return phase_name(code, lang)

    def opening(self, table: Table) -> Opening:
        position = start_position(table.board)
        if table.rules.house.capture_by_holding:  # every land province owned: the home ones first
            position = replace(position, territories=home_territories(table.board))
        units = {p: tuple(str(u) for u in position.units_of(p)) for p in table.board.powers}
        return Opening(position, units)

    def deadline_rule(self, table: Table, code: str, first: bool) -> DeadlineSpec:
        kind = code[-1]
        d = table.config.deadlines
        if kind == MOVEMENT:
            return d.first_movement if first else d.movement
        return d.retreat if kind == RETREAT else d.adjustment

    def late_days(self, table: Table, code: str) -> bool:
        return Phase.parse(code).kind == MOVEMENT

    def due(self, table: Table) -> frozenset[str]:
        return must_order(table)

    def owing(self, table: Table) -> frozenset[str]:
        return frozenset(incomplete(table))

    def reminder(self, table: Table, power: str, lang: str) -> TemplateContext:
        phase = table.phase
        assert phase is not None
        return {"movement": phase.code.endswith("M"), "still_owed": still_owed(table, power, lang)}

    def orders(self, table: Table, caller: Caller, text: str, *, mail_id: int | None,
               classify: Classifier | None) -> Reply:
        return submit_orders(table, caller, text, mail_id=mail_id, classify=classify)

    def process(self, table: Table) -> None:
        process.process_phase(table)

    def end_on_date(self, table: Table) -> None:
        process.end_on_date(table)

    def end_by_vote(self, table: Table, winner: str | None, tied: Sequence[str], reason: str) -> None:
        process.end_where_it_stands(table, winner, tied, reason)

    def may_take_over(self, table: Table, power: str) -> bool:
        phase = table.phase or table.latest
        return phase is None or keeps_home(table.board, table.position_of(phase), power)


DIPLOMACY = Diplomacy()
