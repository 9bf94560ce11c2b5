"""Buying and placing units (R-AAE-TURN-3 phases 1 and 5, R-AAE-UNIT-12, R-AAE-ECON-5, FAQ I5,
S14, C2): what a power's complexes can take this turn, whether a purchase fits its cash and its
complexes, where each placed unit may go, and the placement by rule when none is ordered
(R-AAE-PBEM-7)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import Board
from .economy import PURCHASE, Entry, holds_capital
from .orders import Reason, Units
from .sides import enemy_ships
from .state import State
from .units import Group

UNIT_12 = "R-AAE-UNIT-12"
UNLIMITED = 10 ** 6


def complexes(board: Board, state: State, power: str) -> dict[str, int]:
    """The complexes ``power`` may mobilize at this turn, with how many units each takes: held
    since the turn began; unlimited at one it held at the start of the game, else the
    territory's IPC value (R-AAE-UNIT-12)."""
    out = {}
    for t in board.complexes():
        if state.controller(t) != power or not state.held_at_start(t):
            continue
        out[t] = UNLIMITED if board.spaces[t].owner == power else board.spaces[t].ipc
    return out


def sea_complexes(board: Board, zone: str, usable: Mapping[str, int]) -> list[str]:
    return sorted(t for t in usable if board.adjacent(t, zone))


def _fits(board: Board, usable: Mapping[str, int], land: int, ships: int) -> bool:
    """Whether ``land`` land/air units and ``ships`` ships fit the complexes at once."""
    coastal = [t for t in usable if board.sea_neighbours(t)]
    total = sum(usable.values())
    sea_room = sum(usable[t] for t in coastal)
    return land + ships <= total and ships <= sea_room


def judge_buy(board: Board, state: State, power: str, units: tuple[Units, ...],
              before: Mapping[str, int]) -> Reason | tuple[tuple[str, int], ...]:
    """The purchase with ``before`` (bought by earlier lines), or why not: a unit not for sale,
    beyond the cash, beyond what the complexes can take, or a capital not held (R-AAE-ECON-5)."""
    if not holds_capital(board, state, power):
        return Reason("R-AAE-ECON-5", "no_capital_no_purchase", (board.capital_of(power),))
    counts = dict(before)
    for u in units:
        kind = board.unit_types[u.type]
        if kind.cost is None or u.owner not in (None, power) or u.cargo:
            return Reason("R-AAE-UNIT-1", "not_for_sale", (u.type,))
        counts[u.type] = counts.get(u.type, 0) + u.count
    cost = sum(board.unit_types[t].cost or 0 for t, n in counts.items() for _ in range(n))
    if cost > state.cash.get(power, 0):
        return Reason("R-AAE-TURN-3", "beyond_cash", (cost, state.cash.get(power, 0)))
    usable = complexes(board, state, power)
    ships = sum(n for t, n in counts.items() if board.unit_types[t].sea)
    land = sum(n for t, n in counts.items() if not board.unit_types[t].sea)
    if not _fits(board, usable, land, ships):
        return Reason("R-AAE-TURN-3", "beyond_complexes", (land + ships,))
    return tuple(sorted(counts.items(), key=lambda tn: list(board.unit_types).index(tn[0])))


def purchase_entry(board: Board, power: str, bought: tuple[tuple[str, int], ...]) -> Entry | None:
    cost = sum((board.unit_types[t].cost or 0) * n for t, n in bought)
    return Entry(power, -cost, PURCHASE, "R-AAE-TURN-3") if cost else None


@dataclass
class Placing:
    """Placement under way: what is left to place, and each complex's room left."""

    left: dict[str, int]
    room: dict[str, int]


def start_placing(board: Board, state: State, power: str) -> Placing:
    return Placing(dict(state.purchase), complexes(board, state, power))


def judge_place(board: Board, state: State, power: str, space: str, units: tuple[Units, ...],
                placing: Placing) -> Reason | tuple[State, list[Group]]:
    """Units of the purchase placed at a complex (land units and aircraft) or in a zone next to
    one (ships, enemy ships or not, S14; never fighters, I5)."""
    where = board.spaces[space]
    for u in units:
        if u.owner not in (None, power) or u.cargo:
            return Reason(UNIT_12, "place_owner", ())
        kind = board.unit_types[u.type]
        if placing.left.get(u.type, 0) < u.count:
            return Reason("R-AAE-TURN-3", "not_bought", (u.count, u.type, placing.left.get(u.type, 0)))
        if where.land and kind.sea:
            return Reason(UNIT_12, "ship_on_land", (space,))
        if where.sea and not kind.sea:
            return Reason(UNIT_12, "fighters_on_land_only" if kind.air else "land_unit_at_sea",
                          (space,))
    n = sum(u.count for u in units)
    if where.land:
        if space not in placing.room:
            return Reason(UNIT_12, "no_complex_here", (space,))
        if placing.room[space] < n:
            return Reason(UNIT_12, "complex_full", (space, placing.room[space]))
        placing.room[space] -= n
    else:
        near = sea_complexes(board, space, placing.room)
        if not near:
            return Reason(UNIT_12, "no_complex_by_zone", (space,))
        need = n
        for t in sorted(near, key=lambda t: -placing.room[t]):
            took = min(need, placing.room[t])
            placing.room[t] -= took
            need -= took
        if need:
            return Reason(UNIT_12, "complex_full", (space, n - need))
    groups = []
    for u in units:
        placing.left[u.type] -= u.count
        groups.append(Group(power, u.type, u.count))
    return state.add_units(space, groups), groups


def place_by_rule(board: Board, state: State, power: str,
                  placing: Placing) -> tuple[State, list[tuple[str, Group]]]:
    """R-AAE-PBEM-7: what was bought and not placed goes, land units and aircraft, to the capital
    if it can take them, else to the other complexes in code order; ships to a zone next to a
    complex, one without enemy ships first, then one by the capital, then by code."""
    placed: list[tuple[str, Group]] = []
    capital = board.capital_of(power)
    land_order = sorted(placing.room, key=lambda t: (t != capital, t))
    for type_name in list(board.unit_types):
        n = placing.left.get(type_name, 0)
        if n <= 0:
            continue
        kind = board.unit_types[type_name]
        while n > 0:
            if kind.sea:
                zones = sorted({z for t in placing.room if placing.room[t] > 0
                                for z in board.sea_neighbours(t)},
                               key=lambda z: (bool(enemy_ships(board, state, power, z)),
                                              not board.adjacent(z, capital), z))
                if not zones:
                    break
                zone = zones[0]
                t = max(sea_complexes(board, zone, placing.room), key=lambda t: placing.room[t])
                space = zone
            else:
                free = [t for t in land_order if placing.room[t] > 0]
                if not free:
                    break
                t = space = free[0]
            took = min(n, placing.room[t])
            placing.room[t] -= took
            placing.left[type_name] -= took
            n -= took
            group = Group(power, type_name, took)
            state = state.add_units(space, (group,))
            placed.append((space, group))
    return state, placed
