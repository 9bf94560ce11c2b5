"""Retreat-phase defaults: the tacit retreat (R-RET-3) and civil disorder (R-ONP-5)."""

from __future__ import annotations

from ..board import Board
from ..orders import Disband, Retreat
from ..position import Dislodged, Position
from .common import distance, home_territory_distances, is_centre


def tacit_retreat(board: Board, position: Position, dislodged: Dislodged) -> str | None:
    """R-RET-3: where an unordered dislodged unit goes, or None when it cannot retreat.

    Among ``dislodged.retreats``: (1) nearest to the power's original home territory
    (0 inside it, owned or not); (2) a supply centre; (3) the first code alphabetically.
    ``position`` is not needed by the rule today; it is taken so that the lead's callers
    need not change if a variant rule (e.g. R-RU-1) narrows the choice by position.
    """
    if not dislodged.retreats:
        return None
    dist = home_territory_distances(board, dislodged.unit.power)
    return min(
        dislodged.retreats,
        key=lambda loc: (distance(dist, loc), not is_centre(board, loc), loc),
    )


def tacit_retreats(board: Board, position: Position, power: str) -> list[Retreat]:
    """The tacit retreat of every dislodged unit of ``power`` that has somewhere to go.

    Each unit is decided on its own: two tacit retreats to one province are both
    disbanded by R-RET-2 like any other clash (see docs/RULE_CHOICES.md).
    """
    orders: list[Retreat] = []
    for d in position.dislodged:
        if d.unit.power != power:
            continue
        target = tacit_retreat(board, position, d)
        if target is not None:
            orders.append(Retreat(power, d.unit.kind, d.unit.location, target))
    return orders


def disband_dislodged(position: Position, power: str) -> list[Disband]:
    """R-ONP-5 (and R-IMP-3 for neutral units): dislodged units are destroyed, no retreat."""
    return [
        Disband(power, d.unit.kind, d.unit.location)
        for d in position.dislodged
        if d.unit.power == power
    ]
