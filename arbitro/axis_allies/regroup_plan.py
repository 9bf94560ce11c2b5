"""The RIORDINO judged whole: the non-combat moves (every aircraft landing, R-AAE-MOVE-12, -16),
the Patriotic War (R-AAE-ECON-7, X2), the placement (R-AAE-UNIT-12, I5, S14); then what the mail
leaves undone (an aircraft still in the air that could land, a unit bought and not placed)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import Board
from .landing import carrier_room, landing_territories
from .mobilization import Placing, judge_place, start_placing
from .movement import MoveRun, judge_move
from .orders import NONCOMBAT, Convert, Execute, Move, Order, Place, Reason
from .sides import air_distances, friendly
from .state import State
from .units import Group


@dataclass
class RegroupPlan:
    state: State
    placing: Placing
    runs: list[tuple[int, MoveRun]] = field(default_factory=list)
    placed: list[tuple[int, str, list[Group]]] = field(default_factory=list)
    converted: list[tuple[int, str, list[Group]]] = field(default_factory=list)
    execute: bool = False
    moved: State | None = None   # after the moves, before the placement (new carriers land none)


def judge_noncombat(board: Board, state: State, power: str,
                    orders: Sequence[tuple[int, Order]]
                    ) -> tuple[RegroupPlan, dict[int, Reason], list[Reason]]:
    """The plan of the lines that stand, the refusal of each that does not, and what is left
    undone."""
    refused: dict[int, Reason] = {}
    while True:
        plan, found = _one_pass(board, state, power, orders, refused)
        found.update(_carriers(board, power, plan))
        new = {i: r for i, r in found.items() if i not in refused}
        if not new:
            return plan, refused, undone(board, plan.state, power, plan.placing)
        first = max(new) if any(r.code == "no_carrier_room" for r in new.values()) else min(new)
        refused[first] = new[first]


def _one_pass(board: Board, state: State, power: str, orders: Sequence[tuple[int, Order]],
              refused: dict[int, Reason]) -> tuple[RegroupPlan, dict[int, Reason]]:
    plan = RegroupPlan(state, start_placing(board, state, power))
    found: dict[int, Reason] = {}
    later: list[tuple[int, Order]] = []
    for i, order in orders:
        if i in refused:
            continue
        if isinstance(order, Execute):
            plan.execute = True
        elif isinstance(order, Move):
            judged = judge_move(board, plan.state, power, order, NONCOMBAT)
            if isinstance(judged, Reason):
                found[i] = judged
            else:
                plan.state, run = judged
                plan.runs.append((i, run))
        else:
            later.append((i, order))
    plan.moved = plan.state
    for i, order in later:   # the Patriotic War after the moves, then the placement
        if isinstance(order, Convert):
            got = _convert(board, plan.state, power, order)
            if isinstance(got, Reason):
                found[i] = got
            else:
                plan.state, groups = got
                plan.converted.append((i, order.territory, groups))
    for i, order in later:
        if isinstance(order, Place):
            placed = judge_place(board, plan.state, power, order.space, order.units, plan.placing)
            if isinstance(placed, Reason):
                found[i] = placed
            else:
                plan.state, groups = placed
                plan.placed.append((i, order.space, groups))
    return plan, found


def fighters_over(board: Board, state: State, power: str, zone: str) -> int:
    """Fighters of ``power``'s side at sea in a zone beyond its side's carrier room."""
    room = used = 0
    for g in state.at(zone):
        if not board.allied(g.owner, power):
            continue
        kind = board.unit_types[g.type]
        if kind.fighters:
            room += g.count * kind.fighters
            used += g.count * sum(c.count for c in g.cargo)
        elif kind.carrier_space:
            used += g.count * kind.carrier_space
    return max(used - room, 0)


def _carriers(board: Board, power: str, plan: RegroupPlan) -> dict[int, Reason]:
    """R-AAE-MOVE-12: every fighter at sea on a carrier of its side with room; the latest line
    that filled a zone past its room (a fighter in, a carrier out) is refused."""
    found: dict[int, Reason] = {}
    moved = plan.moved or plan.state
    for zone in board.zones():
        over = fighters_over(board, moved, power, zone)
        if not over:
            continue
        for i, run in reversed(plan.runs):
            fighters_in = run.end == zone and any(board.unit_types[g.type].carrier_space
                                                  for g in run.groups)
            carrier_out = run.order.start == zone and run.end != zone and any(
                board.unit_types[g.type].fighters for g in run.groups)
            if fighters_in or carrier_out:
                found[i] = Reason("R-AAE-MOVE-12", "no_carrier_room", (zone, over))
                break
    return found


def _convert(board: Board, state: State, power: str,
             order: Convert) -> Reason | tuple[State, list[Group]]:
    rule = "R-AAE-ECON-7"
    t = order.territory
    space = board.spaces[t]
    if not space.patriotic_war or space.owner != power:
        return Reason(rule, "convert_not_here", (t,))
    if not friendly(board, state, power, t) or state.controller(t) != power:
        return Reason(rule, "convert_not_held", (t,))
    groups = list(state.at(t))
    taken: list[Group] = []
    for u in order.units:
        kind = board.unit_types[u.type]
        if u.owner is None:
            return Reason(rule, "convert_whose", (u.type,))
        if u.owner == power or not board.allied(u.owner, power):
            return Reason(rule, "convert_not_ally", (u.owner,))
        if kind.sea or kind.domain == "fixed":
            return Reason(rule, "convert_ships_never", (u.type,))
        need = u.count
        for k, g in enumerate(groups):
            if need and g.owner == u.owner and g.type == u.type and not g.airborne:
                n = min(need, g.count)
                need -= n
                groups[k] = g.with_count(g.count - n)
                taken.append(Group(power, u.type, n))
        if need:
            return Reason(rule, "units_missing", (t, u.count, u.type, u.count - need))
    return state.with_units(t, [*groups, *taken]), taken


def undone(board: Board, state: State, power: str, placing: Placing) -> list[Reason]:
    """What the RIORDINO leaves undone that an order could do: an aircraft in the air with a
    landing place in reach, a unit bought and not placed (R-AAE-PBEM-7 does it at the deadline)."""
    out = []
    lands = landing_territories(board, state, power)
    for space, g in sorted(state.all_groups(), key=lambda sg: (sg[0], sg[1].type)):
        kind = board.unit_types[g.type]
        if g.owner != power or not g.airborne or not kind.air:
            continue
        reach = air_distances(board, space, max(kind.move - g.moved, 0))
        decks = kind.carrier_space is not None and any(
            board.spaces[z].sea and carrier_room(board, state, power, z) for z in reach)
        if lands.intersection(reach) or decks:
            out.append(Reason("R-AAE-MOVE-12", "aircraft_not_landed", (space, g.count, g.type)))
    for type_name, n in placing.left.items():
        if n > 0:
            out.append(Reason("R-AAE-TURN-3", "purchase_not_placed", (n, type_name)))
    return out

