"""Per-game facts the procedures share: config, board, rules, positions, who must order."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from ..config import Away, GameConfig, deadline_after
from ..config.model import DeadlineSpec
from ..diplomacy.board import Board
from ..diplomacy.orders import Order
from ..diplomacy.phases import adjustment_counts
from ..diplomacy.position import ADJUSTMENT, MOVEMENT, RETREAT, Position
from ..diplomacy.readiness import Readiness, readiness
from ..diplomacy.rules import Rules
from ..store import PhaseStatus, PowerStatus
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
            hold_support_cut=self.config.hold_support_cut,
            automatic_builds=self.config.automatic_builds,
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
    """Powers whose orders the phase waits for at its deadline (lateness, reminders):
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


def power_readiness(
    ctx: GameCtx, position: Position, power: str, submission: OrderSubmission | None
) -> Readiness:
    """What ``power`` still owes in this phase with the orders it has on file (the one
    readiness check, ``game/readiness.py``)."""
    orders = stored_orders(ctx.board, power, submission.parsed) if submission is not None else []
    return readiness(ctx.board, position, power, orders,
                     infer_single_coast=ctx.config.infer_single_coast)


def blocking_powers(
    ctx: GameCtx,
    position: Position,
    powers: Mapping[str, GamePower],
    current: Mapping[str, OrderSubmission],
    held: Set[str],
) -> dict[str, Readiness]:
    """The powers whose orders early processing waits for, with what each still owes:
    playing powers that a player holds (civil disorder, abandoned or unassigned powers
    never hold a phase up) and whose orders are not complete."""
    out = {}
    for power, row in sorted(powers.items()):
        if row.status is not PowerStatus.PLAYING or power not in held:
            continue
        ready = power_readiness(ctx, position, power, current.get(power))
        if not ready.ready:
            out[power] = ready
    return out


def waiting_powers(phase: Phase, powers: Mapping[str, GamePower], held: Set[str]) -> set[str]:
    """Powers still playing whose player asked this phase to wait for its deadline."""
    return {p for p in phase.waiting or () if p in held and p in powers
            and powers[p].status is PowerStatus.PLAYING}


def early_ready(
    ctx: GameCtx,
    phase: Phase,
    powers: Mapping[str, GamePower],
    current: Mapping[str, OrderSubmission],
    held: Set[str],
) -> bool:
    """Whether the phase may be processed before its deadline (issue 16): the game allows
    it, every power still playing has complete orders, and nobody asked to wait. Once the
    on-time deadline has passed (a late day, R-LATE-2) only the orders count: the phase
    runs as soon as they are complete."""
    late = phase.status is PhaseStatus.LATE
    if not late and (not ctx.config.early_processing or waiting_powers(phase, powers, held)):
        return False
    return not blocking_powers(ctx, ctx.position(phase), powers, current, held)


def next_step(
    ctx: GameCtx,
    phase: Phase,
    powers: Mapping[str, GamePower],
    current: Mapping[str, OrderSubmission],
    held: Set[str],
    mine: Readiness,
) -> str:
    """What happens to the phase next, as a player with readiness ``mine`` is told
    (``reports.readiness.NEXT_STEPS``)."""
    blocking = blocking_powers(ctx, ctx.position(phase), powers, current, held)
    if phase.status is PhaseStatus.LATE:
        return "now" if not blocking else "late"
    if not mine.ready:
        return "incomplete"
    if not ctx.config.early_processing:
        return "no_early"
    waiting = waiting_powers(phase, powers, held)
    if mine.power in waiting:
        return "you_wait"
    if waiting:
        return "waiting"
    return "others" if blocking else "now"
