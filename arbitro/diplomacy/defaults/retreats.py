"""Retreat-phase defaults: the tacit retreat (R-RET-3) and civil disorder (R-ONP-5)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..board import Board, province_of
from ..orders import Disband, Order, Retreat
from ..position import Dislodged, Position
from .common import distance, home_territory_distances, is_centre


def _ranked(board: Board, dislodged: Dislodged) -> list[str]:
    """R-RET-3's order of preference among the unit's legal retreats, best first:
    (1) nearest to the power's original home territory (0 inside it, owned or not);
    (2) a supply centre; (3) the first code alphabetically."""
    dist = home_territory_distances(board, dislodged.unit.power)
    return sorted(
        dislodged.retreats,
        key=lambda loc: (distance(dist, loc), not is_centre(board, loc), loc),
    )


def tacit_retreat(board: Board, position: Position, dislodged: Dislodged) -> str | None:
    """R-RET-3 for one unit on its own: where it goes, or None when it cannot retreat.

    ``position`` is not needed by the rule today; it is taken so that callers
    need not change if a variant rule (e.g. R-RU-1) narrows the choice by position.
    """
    ranked = _ranked(board, dislodged)
    return ranked[0] if ranked else None


def tacit_retreats(
    board: Board, position: Position, power: str, given: Sequence[Order] = ()
) -> list[Retreat]:
    """The tacit retreats of ``power``: one for every dislodged unit that ``given`` (the
    power's own valid retreat and disband orders) leaves without an order.

    Chosen together (R-RET-3): never two into one province, never into a province the
    power's own retreats go to, so that as many units as possible survive; among the
    choices that save as many, units in code order each take their best remaining
    destination. A unit that only a clash could send somewhere is left to be disbanded.
    """
    covered = {province_of(o.location) for o in given if isinstance(o, (Retreat, Disband))}
    taken = {province_of(o.destination) for o in given if isinstance(o, Retreat)}
    units = sorted(
        (
            d
            for d in position.dislodged
            if d.unit.power == power and d.unit.province not in covered and d.retreats
        ),
        key=lambda d: d.unit.location,
    )
    options = {
        d.unit.province: [loc for loc in _ranked(board, d) if province_of(loc) not in taken]
        for d in units
    }
    saved = _most_saved([d.unit.province for d in units], options, taken)
    orders: list[Retreat] = []
    used = set(taken)
    for i, d in enumerate(units):
        rest = [u.unit.province for u in units[i + 1 :]]
        for loc in options[d.unit.province]:
            target = province_of(loc)
            if target in used:
                continue
            if 1 + _most_saved(rest, options, used | {target}) == saved:
                orders.append(Retreat(power, d.unit.kind, d.unit.location, loc))
                used.add(target)
                saved -= 1
                break
    return orders


def _most_saved(
    units: Sequence[str], options: Mapping[str, Sequence[str]], used: Iterable[str]
) -> int:
    """How many of ``units`` can retreat at once, each to its own province outside
    ``used`` (a maximum bipartite matching, by augmenting paths: a handful of units)."""
    blocked = set(used)
    owner: dict[str, str] = {}  # destination province -> unit sent there

    def place(unit: str, seen: set[str]) -> bool:
        for loc in options[unit]:
            target = province_of(loc)
            if target in blocked or target in seen:
                continue
            seen.add(target)
            if target not in owner or place(owner[target], seen):
                owner[target] = unit
                return True
        return False

    return sum(1 for unit in units if place(unit, set()))


def disband_dislodged(position: Position, power: str, given: Sequence[Order] = ()) -> list[Disband]:
    """R-ONP-5 (and R-IMP-3 for neutral units): dislodged units are destroyed, no retreat.
    Units that ``given`` already orders are left to those orders."""
    covered = {province_of(o.location) for o in given if isinstance(o, (Retreat, Disband))}
    return [
        Disband(power, d.unit.kind, d.unit.location)
        for d in position.dislodged
        if d.unit.power == power and d.unit.province not in covered
    ]
