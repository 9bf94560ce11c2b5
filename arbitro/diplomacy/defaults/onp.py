"""First ONP (R-ONP-1): the referee's mutual defensive supports; neutral units (R-IMP-3)."""

from __future__ import annotations

from ..board import ARMY, Board
from ..orders import Hold, Support
from ..position import NEUTRAL, Position, Unit
from .common import distance, home_centre_distances, is_centre


def mutual_supports(board: Board, position: Position, power: str) -> list[Hold | Support]:
    """R-ONP-1: every unit of ``power`` holds or supports another of its units to hold.

    Units are taken in code order of their provinces. A unit supports one of the own
    units whose province it could move into (``board.reaches``); among several it
    prefers, each step breaking the previous one's ties: (a) a unit not yet given a
    support by an earlier unit; (b) a unit on a supply centre; (c) a unit nearer to the
    original home SCs; (d) an army; (e) the first province code alphabetically.
    A unit that can support none holds.
    """
    units = sorted(position.units_of(power), key=lambda u: u.province)
    dist = home_centre_distances(board, power)
    supported: set[str] = set()
    orders: list[Hold | Support] = []

    def preference(v: Unit) -> tuple[bool, bool, int, bool, str]:
        return (
            v.province in supported,  # (a) False (not yet supported) first
            not is_centre(board, v.location),  # (b)
            distance(dist, v.location),  # (c)
            v.kind != ARMY,  # (d)
            v.province,  # (e)
        )

    for u in units:
        candidates = [
            v for v in units if v is not u and board.reaches(u.kind, u.location, v.province)
        ]
        if not candidates:
            orders.append(Hold(power, u.kind, u.location))
            continue
        chosen = min(candidates, key=preference)
        supported.add(chosen.province)
        orders.append(Support(power, u.kind, u.location, chosen.kind, chosen.location))
    return orders


def neutral_orders(position: Position) -> list[Hold]:
    """R-IMP-3: units of no power always hold."""
    return [Hold(NEUTRAL, u.kind, u.location) for u in position.units if u.power == NEUTRAL]
