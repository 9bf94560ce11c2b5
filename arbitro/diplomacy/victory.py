"""Who wins (R-END-1, R-END-2), judged by the one count of supply centres. Pure.

Every count of a power's centres (the victory check, the end-of-game table, a year's line
of the centre chart, a summary) is ``centre_counts``: neutral centres are nobody's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import Board
from .outcome import PhaseOutcome
from .position import FALL, NEUTRAL, Position


def centre_counts(centres: Mapping[str, str]) -> dict[str, int]:
    """Centres owned by each power (``Position.centres``: centre -> owner); neutral
    centres are not counted and a power owning none is absent."""
    counts: dict[str, int] = {}
    for owner in centres.values():
        if owner != NEUTRAL:
            counts[owner] = counts.get(owner, 0) + 1
    return counts


def power_centres(position: Position, power: str) -> int:
    """How many centres ``power`` owns in ``position``."""
    return centre_counts(position.centres).get(power, 0)


def solo_winner(board: Board, centres: Mapping[str, str]) -> str | None:
    """R-END-1: the power that reached the variant's victory threshold, if any (the one
    with most centres should two reach theirs at once)."""
    counts = centre_counts(centres)
    winners = [p for p, n in counts.items() if p in board.powers and n >= board.victory_threshold(p)]
    if not winners:
        return None
    winners.sort(key=lambda p: -counts[p])
    return winners[0]


def eliminated(position: Position, power: str) -> bool:
    """A power with neither units nor centres is out of the game (R-END)."""
    return not position.units_of(power) and not position.centres_of(power)


@dataclass(frozen=True)
class Ending:
    """How a game ends: one winner, or the powers tied at the top (both empty: it goes on)."""

    winner: str | None = None
    tied: tuple[str, ...] = ()


def leaders(centres: Mapping[str, str]) -> Ending:
    """R-END-2 (temporale): the power with most centres wins; equal ones are tied."""
    counts = centre_counts(centres)
    best = max(counts.values(), default=0)
    top = sorted(p for p, n in counts.items() if n == best)
    return Ending(top[0]) if len(top) == 1 else Ending(None, tuple(top))


def ending_after(played: Position, outcome: PhaseOutcome, threshold: int | None) -> Ending:
    """R-END-1 after ``played``'s phase: the variant's threshold (``outcome.winner``), or
    the game's own (``threshold``, the config's ``end.centres``), checked once an Autumn
    has been played (its retreats too) and the year's centres are counted: then the most
    centres at or above the threshold win, and a tie at the top ends nothing."""
    if threshold is None:
        return Ending(outcome.winner)
    if played.phase.season != FALL or outcome.next.phase.season == FALL:
        return Ending()
    counts = centre_counts(outcome.next.centres)
    best = max(counts.values(), default=0)
    if best < threshold:
        return Ending()
    top = sorted(p for p, n in counts.items() if n == best)
    return Ending(top[0]) if len(top) == 1 else Ending(None, tuple(top))
