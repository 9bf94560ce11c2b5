"""Per-game facts the procedures share: config, board, rules, positions, who must order."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from ..config import Away, GameConfig, deadline_after
from ..config.model import DeadlineSpec
from ..game.board import Board
from ..game.orders import Order
from ..game.phases import adjustment_counts
from ..game.position import ADJUSTMENT, MOVEMENT, RETREAT, Position
from ..game.rules import Rules
from ..store import PowerStatus
from ..store.codec import position_of, submission_orders
from ..store.models import GamePower, OrderSubmission, Phase

BoardLoader = Callable[[str], Board]


@dataclass(frozen=True)
class GameCtx:
    """A game's configuration with the values derived from it."""

    config: GameConfig
    board: Board

    @property
    def id(self) -> str:
        return self.config.id

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.config.timezone)

    @property
    def rules(self) -> Rules:
        return Rules(
            defaults=self.config.defaults,
            infer_single_coast=self.config.infer_single_coast,
            strict_support=self.config.strict_support,
            ruleset=self.config.rules,
        )

    def spec(self, phase_code: str, first: bool) -> DeadlineSpec:
        kind = phase_code[-1]
        d = self.config.deadlines
        if kind == MOVEMENT:
            return d.first_movement if first else d.movement
        return d.retreat if kind == RETREAT else d.adjustment

    def deadline(self, phase_code: str, opened_at: datetime, first: bool = False,
                 away: tuple[Away, ...] = ()) -> datetime:
        return deadline_after(self.spec(phase_code, first), opened_at, self.tz, self.config.days_off, away)

    def position(self, phase: Phase) -> Position:
        return position_of(self.board, phase.position_before)


def stored_orders(board: Board, power: str, parsed: list[Any]) -> list[Order]:
    """The orders that count in a stored submission (read by the store's codec)."""
    return submission_orders(board, power, parsed)


def must_order(
    board: Board, position: Position, powers: Mapping[str, GamePower]
) -> set[str]:
    """Powers whose orders the phase waits for (early processing, lateness, reminders):
    playing powers with units (movement), with a dislodged unit that can retreat
    (retreats), or with builds or disbands due (winter)."""
    playing = {p for p, row in powers.items() if row.status is PowerStatus.PLAYING}
    kind = position.phase.kind
    if kind == MOVEMENT:
        return {u.power for u in position.units} & playing
    if kind == RETREAT:
        return {d.unit.power for d in position.dislodged if d.retreats} & playing
    if kind == ADJUSTMENT:
        return set(adjustment_counts(board, position)) & playing
    return set()


def missing_powers(
    board: Board,
    position: Position,
    powers: Mapping[str, GamePower],
    current: Mapping[str, OrderSubmission],
) -> set[str]:
    return must_order(board, position, powers) - set(current)
