"""What a phase produced: a result per order, and the position that follows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .orders import Order
from .position import Dislodged, Position


class Result(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"
    VOID = "void"  # illegal or unclear: the unit holds (R-ORD-3)


class Source(StrEnum):
    PLAYER = "player"
    DEFAULT = "default"  # chosen by the referee's rules (R-RET-3, R-ADJU-2/3, R-ONP-1, ...)
    BALLOT = "ballot"  # voted by the other players (R-ONP-3, R-ONP-5)


@dataclass(frozen=True, slots=True)
class OrderResult:
    order: Order
    result: Result
    reason: str | None = None  # a reason code (its words: catalog key reason.<code>, arbitro/words)
    detail: tuple[str, ...] = ()  # the reason's arguments (province codes, ...)
    source: Source = Source.PLAYER


@dataclass(frozen=True)
class TreatyRecord:
    """A treaty announced with a phase's orders (R-RU-3) and who of those it names confirmed it."""

    power: str
    parties: tuple[str, ...]
    text: str
    confirmed: tuple[str, ...]


@dataclass(frozen=True)
class PhaseOutcome:
    results: tuple[OrderResult, ...]
    next: Position  # the next phase that must be played (empty phases skipped)
    adjustments: Mapping[str, int] = field(default_factory=dict)  # when next is winter
    winner: str | None = None
    # The position right after this phase, before skipping (for reports and maps).
    after: Position | None = None
    treaties: tuple[TreatyRecord, ...] = ()  # announced this phase (house rules, R-RU-3)

    def listed_dislodged(self) -> tuple[Dislodged, ...]:
        """The units reports and maps list as dislodged after this phase: the next phase's,
        and those dislodged with nowhere to go when their retreat phase was skipped."""
        after = self.after
        if after is not None and after.dislodged and self.next.phase != after.phase:
            return self.next.dislodged + after.dislodged
        return self.next.dislodged
