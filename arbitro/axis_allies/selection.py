"""Which units of a space an order's ``n type`` names: one reading for moves, attacks,
conversions and the turn's defaults.

A transport is named by the cargo it holds (``transport(2 infantry)``); ``transport`` alone names
an empty one, or the loaded ones when all of them there carry the same (then it is plain which).
Among aircraft, those with the most movement left are taken first (the player's best case)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from .orders import Reason, Units
from .units import Group

Pick = Callable[[Group], bool]


def cargo_signature(groups: Sequence[Group]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for g in groups:
        counts[g.type] = counts.get(g.type, 0) + g.count
    return tuple(sorted(counts.items()))


def _wanted_signature(units: tuple[Units, ...]) -> tuple[tuple[str, int], ...]:
    counts: dict[str, int] = {}
    for u in units:
        counts[u.type] = counts.get(u.type, 0) + u.count
    return tuple(sorted(counts.items()))


def take(groups: Sequence[Group], power: str, wanted: Units, pick: Pick, space: str,
         rule: str) -> tuple[list[Group], list[Group]] | Reason:
    """The groups taken for ``wanted`` and the groups left in the space, or why not."""
    candidates = [g for g in groups if g.owner == power and g.type == wanted.type and pick(g)]
    if wanted.cargo is not None:
        sig = _wanted_signature(wanted.cargo)
        candidates = [g for g in candidates if cargo_signature(g.cargo) == sig]
    elif any(g.cargo for g in candidates):
        empty = [g for g in candidates if not g.cargo]
        kinds = {cargo_signature(g.cargo) for g in candidates if g.cargo}
        if sum(g.count for g in empty) >= wanted.count:
            candidates = empty
        elif not empty and len(kinds) == 1:
            pass  # every one carries the same: plain which
        else:
            return Reason(rule, "name_by_cargo", (space, wanted.type))
    have = sum(g.count for g in candidates)
    if have < wanted.count:
        available = sum(g.count for g in groups if g.owner == power and g.type == wanted.type)
        if available >= wanted.count:
            return Reason(rule, "units_not_free", (space, wanted.count, wanted.type, have))
        return Reason(rule, "units_missing", (space, wanted.count, wanted.type, available))
    candidates.sort(key=lambda g: (g.moved, g.damaged))
    need = wanted.count
    taken: list[Group] = []
    left = list(groups)
    for g in candidates:
        if need == 0:
            break
        n = min(need, g.count)
        need -= n
        taken.append(replace(g, count=n))
        i = left.index(g)
        if n == g.count:
            left.pop(i)
        else:
            left[i] = replace(g, count=g.count - n)
    return taken, left
