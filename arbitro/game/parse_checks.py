"""What the parser can tell a player about an order before adjudication.

Only facts that hold whatever the other orders are: the map (adjacency, coasts,
seas), the position (which unit stands where, whose it is) and the phase. Each
problem has a *level*: 3 the unit is not there or not the player's, 2 the unit
is of the other type, 1 the order is impossible on the map or in the phase.
Details are raw locations; the parser words them for the player.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass

from .board import ARMY, FLEET, Board, Terrain, province_of
from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from .position import ADJUSTMENT, MOVEMENT, RETREAT, Position

NO_UNIT, WRONG_KIND, ILLEGAL = 3, 2, 1


@dataclass(frozen=True)
class Problem:
    level: int
    code: str
    details: tuple[str, ...] = ()


@functools.lru_cache(maxsize=4096)
def sea_path(board: Board, origin: str, dest: str) -> bool:
    """Could a chain of fleets at sea carry an army from origin to dest?

    Memoised: a pure function of the map (boards compare by identity), asked
    for every army move that is not to a neighbour."""
    o, d = board.provinces.get(origin), board.provinces.get(dest)
    if o is None or d is None or o.terrain is not Terrain.COAST or d.terrain is not Terrain.COAST:
        return False
    if origin == dest:
        return False

    def seas_next_to(province: str) -> set[str]:
        out = set()
        for n in board.neighbours(province):
            if board.provinces[n].is_sea:
                out.add(n)
        return out

    start = seas_next_to(origin)
    goal = seas_next_to(dest)
    seen = set(start)
    queue = deque(start)
    while queue:
        s = queue.popleft()
        if s in goal:
            return True
        for n in board.neighbours(s):
            if n not in seen and board.provinces[n].is_sea:
                seen.add(n)
                queue.append(n)
    return False


def can_reach(board: Board, kind: str, location: str, province: str) -> bool:
    """A move (support's sense: any coast) from location into province, no convoy."""
    if province_of(location) == province:
        return False
    if kind == FLEET and location not in board.fleet_moves:
        # fleet on a split-coast province whose coast was not written: any coast
        prov = board.provinces.get(province_of(location))
        if prov is None:
            return False
        return any(board.reaches(FLEET, loc, province) for loc in prov.locations)
    return reaches(board, kind, location, province)


def reaches(board: Board, kind: str, location: str, province: str) -> bool:
    """Board.reaches for a province of the board, fleets from a set made once per board."""
    if kind == FLEET:
        return (location, province) in _fleet_reach(board)
    return board.reaches(kind, location, province)


@functools.lru_cache(maxsize=8)
def _fleet_reach(board: Board) -> frozenset[tuple[str, str]]:
    """(fleet location, province) pairs where Board.reaches holds, once per board:
    asked for every fleet's move and support."""
    return frozenset(
        (source, code)
        for source in board.fleet_moves
        for code in board.provinces
        if board.reaches(FLEET, source, code)
    )


_PHASES_OF: dict[type, tuple[str, ...]] = {
    Hold: (MOVEMENT,), Move: (MOVEMENT,), Support: (MOVEMENT,), Convoy: (MOVEMENT,),
    Retreat: (RETREAT,), Disband: (RETREAT, ADJUSTMENT),
}


def check(board: Board, order: Order, position: Position | None, phase: str | None) -> list[Problem]:
    """Problems of one order (empty when the order may stand)."""
    out: list[Problem] = []
    if isinstance(order, Waive):
        if phase not in (None, ADJUSTMENT):
            out.append(Problem(ILLEGAL, "wrong_phase"))
        return out
    here = province_of(order.location)
    if here not in board.provinces:
        return [Problem(ILLEGAL, "unknown_province", (order.location,))]
    if isinstance(order, Build):
        return _check_build(board, order, position, phase)
    unit = None
    if position is not None:
        if phase == RETREAT:
            d = position.dislodged_in(here)
            unit = d.unit if d else None
            if unit is None:
                return [Problem(NO_UNIT, "not_dislodged", (here,))]
        else:
            unit = position.unit_in(here)
            if unit is None:
                return [Problem(NO_UNIT, "no_unit", (here,))]
        if unit.power != order.power and order.power:
            return [Problem(NO_UNIT, "wrong_power", (here, unit.power))]
        if order.kind is not None and order.kind != unit.kind:
            return [Problem(WRONG_KIND, "wrong_kind", (here, unit.kind))]
    kind = order.kind
    if kind is not None and not _can_stand(board, kind, order.location):
        return [Problem(ILLEGAL, "cannot_stand", (kind, here))]
    if phase is not None and phase not in _PHASES_OF.get(type(order), (phase,)):
        return [Problem(ILLEGAL, "wrong_phase")]
    if isinstance(order, (Hold, Disband)):
        return out
    if isinstance(order, Move):
        return _check_move(board, kind, order.location, order.destination)
    if isinstance(order, Retreat):
        if position is not None:
            d = position.dislodged_in(here)
            if d is not None:
                legal = set(d.retreats) | {province_of(r) for r in d.retreats}
                if order.destination not in legal:
                    return [Problem(ILLEGAL, "retreat_invalid", (order.destination, ", ".join(d.retreats) or "-"))]
                return out
        probs = _check_move(board, kind, order.location, order.destination, convoy=False)
        return probs
    if isinstance(order, Support):
        return _check_support(board, order, position)
    assert isinstance(order, Convoy)
    if board.provinces[here].terrain is not Terrain.SEA:
        return [Problem(ILLEGAL, "convoy_not_sea", (here,))]
    if kind == ARMY:
        return [Problem(ILLEGAL, "convoy_not_sea", (here,))]
    ap, dp = province_of(order.army), province_of(order.destination)
    if position is not None:
        army = position.unit_in(ap)
        if army is None:
            return [Problem(ILLEGAL, "no_unit", (ap,))]
        if army.kind != ARMY:
            return [Problem(ILLEGAL, "convoy_not_army")]
    if ap == dp:
        return [Problem(ILLEGAL, "own_province")]
    if not sea_path(board, ap, dp):
        return [Problem(ILLEGAL, "cannot_convoy_there", (dp, ap))]
    return out


def _can_stand(board: Board, kind: str, location: str) -> bool:
    return (kind, location) in _standing(board)


@functools.lru_cache(maxsize=8)
def _standing(board: Board) -> frozenset[tuple[str, str]]:
    """Every (unit type, location) where a unit may be written as standing: where
    it may exist, and a fleet on a split-coast province without its coast. A set
    built once per board: asked for every order read."""
    out = set()
    for prov in board.provinces.values():
        for loc in (prov.code, *prov.coasts):
            for kind in (ARMY, FLEET):
                if board.unit_can_stand(kind, loc) or (kind == FLEET and loc == prov.code and prov.coasts):
                    out.add((kind, loc))
    return frozenset(out)


def _check_move(board: Board, kind: str | None, location: str, dest: str, convoy: bool = True) -> list[Problem]:
    here, dp = province_of(location), province_of(dest)
    target = board.provinces.get(dp)
    if target is None:
        return [Problem(ILLEGAL, "unknown_province", (dest,))]
    if dp == here:
        return [Problem(ILLEGAL, "own_province")]
    if target.terrain is Terrain.IMPASSABLE:
        return [Problem(ILLEGAL, "impassable", (dp,))]
    if kind == ARMY:
        if target.is_sea:
            return [Problem(ILLEGAL, "army_to_sea", (dp,))]
        if dp in board.army_moves.get(here, ()) or (convoy and sea_path(board, here, dp)):
            return []
        both_coastal = board.provinces[here].terrain is Terrain.COAST and target.terrain is Terrain.COAST
        code = "cannot_convoy_there" if convoy and both_coastal else "not_adjacent"
        return [Problem(ILLEGAL, code, (dp, here))]
    if kind == FLEET:
        if target.terrain is Terrain.LAND:
            return [Problem(ILLEGAL, "fleet_inland", (dp,))]
        if not can_reach(board, FLEET, location, dp):
            return [Problem(ILLEGAL, "not_adjacent", (dp, here))]
        if (
            target.coasts
            and dest in target.coasts
            and location in board.fleet_moves
            and dest not in board.fleet_coasts_reached(location, dp)
        ):
            return [Problem(ILLEGAL, "coast_unreachable", (location, dest))]
        return []
    # unit type unknown: some type must be able to do it
    a = _check_move(board, ARMY, location, dest, convoy) if board.unit_can_stand(ARMY, here) else [Problem(ILLEGAL, "x")]
    f = _check_move(board, FLEET, location, dest, convoy) if _can_stand(board, FLEET, location) else [Problem(ILLEGAL, "x")]
    if not a or not f:
        return []
    return f if a[0].code == "x" else a


def _check_support(board: Board, order: Support, position: Position | None) -> list[Problem]:
    here = province_of(order.location)
    sp = province_of(order.supported)
    if sp not in board.provinces:
        return [Problem(ILLEGAL, "unknown_province", (order.supported,))]
    if sp == here:
        return [Problem(ILLEGAL, "support_self")]
    skind = order.supported_kind
    if position is not None:
        other = position.unit_in(sp)
        if other is None:
            return [Problem(ILLEGAL, "no_unit", (sp,))]
        if skind is not None and skind != other.kind:
            return [Problem(WRONG_KIND, "wrong_kind", (sp, other.kind))]
        skind = other.kind
        sloc = other.location
    else:
        sloc = order.supported
    if skind is not None and not _can_stand(board, skind, sloc):
        return [Problem(ILLEGAL, "cannot_stand", (skind, sp))]
    target = sp if order.destination is None else province_of(order.destination)
    if target not in board.provinces:
        return [Problem(ILLEGAL, "unknown_province", (order.destination or "",))]
    if order.destination is not None:
        if target == here:
            return [Problem(ILLEGAL, "support_own_province")]
        if target == sp:
            return [Problem(ILLEGAL, "own_province")]
    kinds = [order.kind] if order.kind else [k for k in (ARMY, FLEET) if _can_stand(board, k, order.location)]
    for k in kinds:
        if can_reach(board, k, order.location, target):
            break
    else:
        return [Problem(ILLEGAL, "support_unreachable", (here, target))]
    if order.destination is not None:
        moved = _check_move(board, skind, sloc, target)
        if moved:
            return moved
    return []


def _check_build(board: Board, order: Build, position: Position | None, phase: str | None) -> list[Problem]:
    here = province_of(order.location)
    prov = board.provinces[here]
    if phase is not None and phase != ADJUSTMENT:
        return [Problem(ILLEGAL, "wrong_phase")]
    if order.kind is not None:
        if not _can_stand(board, order.kind, order.location):
            return [Problem(ILLEGAL, "cannot_stand", (order.kind, here))]
        if order.kind == FLEET and prov.coasts and order.location == here:
            return [Problem(ILLEGAL, "coast_needed", (here, ", ".join(prov.coasts)))]
    power = board.powers.get(order.power)
    if power is not None and here not in board.build_centres_of(order.power):
        return [Problem(ILLEGAL, "not_home_centre", (here, order.power))]
    if position is not None:
        if position.unit_in(here) is not None:
            return [Problem(ILLEGAL, "occupied", (here,))]
        if power is not None and position.centres.get(here) != order.power:
            return [Problem(ILLEGAL, "centre_not_owned", (here,))]
    return []
