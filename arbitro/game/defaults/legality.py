"""Basic legality of an order voted for another power's unit (R-ONP-3, R-ONP-5).

Ballots are counted before adjudication, so an illegal ballot must be recognised here
(it is void and not counted). The check is the order's own legality on the board: the
unit exists and is the power's, a move can reach its target (by land, sea or a possible
convoy route), a support reaches where it supports. Whether the other orders of the
phase make it succeed is the adjudicator's business. Illegal is data, never an exception.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..board import ARMY, FLEET, Board, Terrain, province_of
from ..orders import Convoy, Hold, Move, Order, Support
from ..position import Position, Unit


@dataclass(frozen=True)
class Void:
    reason: str  # a reason code (its words: catalog key reason.<code>, arbitro/words)
    detail: tuple[str, ...] = ()


def check_unit_order(
    board: Board,
    position: Position,
    power: str,
    order: Order,
    infer_single_coast: bool = True,
) -> Hold | Move | Support | Convoy | Void:
    """The order in normal form (power, kind and exact locations filled in), or Void.

    The normal form makes equal votes compare equal: ``A ROM - APU`` and ``ROM - APU``
    are one order; ``F BLA - BUL`` becomes ``F BLA - BUL/EC`` when that is the only coast
    it reaches and ``infer_single_coast`` is on (R-ORD-5).
    """
    if not isinstance(order, (Hold, Move, Support, Convoy)):
        return Void("wrong_phase")
    prov = province_of(order.location)
    if prov not in board.provinces:
        return Void("unknown_province", (order.location,))
    unit = position.unit_in(prov)
    if unit is None or order.location not in (prov, unit.location):
        return Void("no_unit", (order.location,))
    if unit.power != power:
        return Void("wrong_power", (prov, unit.power))
    if order.kind is not None and order.kind != unit.kind:
        return Void("wrong_kind", (prov, order.kind))
    base = replace(order, power=power, kind=unit.kind, location=unit.location)
    if isinstance(base, Hold):
        return base
    if isinstance(base, Move):
        return _move(board, unit, base, infer_single_coast)
    if isinstance(base, Support):
        return _support(board, position, unit, base)
    return _convoy(board, position, unit, base)


def _move(board: Board, unit: Unit, order: Move, infer: bool) -> Move | Void:
    dest = order.destination
    dprov = province_of(dest)
    target = board.provinces.get(dprov)
    if target is None:
        return Void("unknown_province", (dest,))
    if target.terrain is Terrain.IMPASSABLE:
        return Void("impassable", (dprov,))
    if dprov == unit.province:
        return Void("own_province")
    if unit.kind == ARMY:
        if target.terrain is Terrain.SEA:
            return Void("army_to_sea", (dprov,))
        if board.can_move(ARMY, unit.location, dprov):
            return replace(order, destination=dprov)
        if convoy_route(board, unit.province, dprov):
            # A move that needs a convoy is a convoy move, written with VIA or not.
            return replace(order, destination=dprov, via_convoy=True)
        return Void("cannot_convoy_there", (dprov, unit.province))
    if order.via_convoy:
        return Void("convoy_not_army")
    if target.terrain is Terrain.LAND:
        return Void("fleet_inland", (dprov,))
    reached = board.fleet_coasts_reached(unit.location, dprov)
    if not reached:
        return Void("not_adjacent", (unit.location, dprov))
    if dest == dprov and target.coasts:
        if len(reached) == 1 and infer:
            return replace(order, destination=reached[0])
        return Void("coast_needed", (dprov, ", ".join(reached)))
    if dest not in reached:
        return Void("coast_unreachable", (unit.location, dest))
    return order


def _support(board: Board, position: Position, unit: Unit, order: Support) -> Support | Void:
    sprov = province_of(order.supported)
    if sprov not in board.provinces:
        return Void("unknown_province", (order.supported,))
    if sprov == unit.province:
        return Void("support_self")
    helped = position.unit_in(sprov)
    if helped is None:
        return Void("no_unit", (sprov,))
    if order.supported_kind is not None and order.supported_kind != helped.kind:
        return Void("wrong_kind", (sprov, order.supported_kind))
    order = replace(order, supported_kind=helped.kind, supported=helped.location)
    if order.destination is None:
        if not board.reaches(unit.kind, unit.location, sprov):
            return Void("support_unreachable", (unit.province, sprov))
        return order
    dprov = province_of(order.destination)
    if dprov not in board.provinces:
        return Void("unknown_province", (order.destination,))
    if dprov == unit.province:
        return Void("support_own_province")
    if dprov == sprov:
        return Void("own_province")
    if not board.reaches(unit.kind, unit.location, dprov):
        return Void("support_unreachable", (unit.province, dprov))
    if helped.kind == ARMY:
        possible = board.can_move(ARMY, helped.location, dprov) or convoy_route(board, sprov, dprov)
    else:
        possible = board.reaches(FLEET, helped.location, dprov)
    if not possible:
        return Void("not_adjacent", (sprov, dprov))
    return replace(order, destination=dprov)


def _convoy(board: Board, position: Position, unit: Unit, order: Convoy) -> Convoy | Void:
    if unit.kind != FLEET:
        return Void("wrong_kind", (unit.province, FLEET))
    if board.provinces[unit.province].terrain is not Terrain.SEA:
        return Void("convoy_from_coast", (unit.province,))
    aprov, dprov = province_of(order.army), province_of(order.destination)
    for code in (aprov, dprov):
        if code not in board.provinces:
            return Void("unknown_province", (code,))
    army = position.unit_in(aprov)
    if army is None:
        return Void("no_unit", (aprov,))
    if army.kind != ARMY:
        return Void("convoy_not_army")
    if dprov == aprov:
        return Void("own_province")
    if not convoy_route(board, aprov, dprov, through=unit.province):
        return Void("cannot_convoy_there", (dprov, aprov))
    return replace(order, army=army.location, destination=dprov)


def convoy_route(board: Board, source: str, target: str, through: str | None = None) -> bool:
    """Could fleets at sea carry an army from ``source`` to ``target`` (both coastal)?

    With ``through``, the route must use that sea. Any sea may hold a fleet, so this is
    a question about the map, not about where fleets stand now.
    """
    if source == target:
        return False
    for code in (source, target):
        if board.provinces[code].terrain is not Terrain.COAST:
            return False
    start = [through] if through else [p for p in board.neighbours(source) if _is_sea(board, p)]
    seas = _seas_connected(board, start)
    return all(any(code in board.neighbours(s) for s in seas) for code in (source, target))


def _is_sea(board: Board, code: str) -> bool:
    return board.provinces[code].terrain is Terrain.SEA


def _seas_connected(board: Board, start: Iterable[str]) -> set[str]:
    seen = set(start)
    stack = list(seen)
    while stack:
        here = stack.pop()
        for nxt in board.neighbours(here):
            if nxt not in seen and _is_sea(board, nxt):
                seen.add(nxt)
                stack.append(nxt)
    return seen
