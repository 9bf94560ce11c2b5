"""Friend and foe in a space: whose side holds it, which units there are the enemy's, which
block a ship or a blitz, where aircraft may fly. One reading of each, for movement, combat and
the economy alike."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from .board import Board
from .state import State
from .units import Group


def enemy_groups(board: Board, state: State, power: str, space: str,
                 *, submerged: bool = False) -> tuple[Group, ...]:
    """The enemy's units in a space; submerged submarines only when asked (they hinder nothing,
    R-AAE-MOVE-6, R-AAE-COMBAT-9)."""
    return tuple(g for g in state.at(space)
                 if board.enemies(g.owner, power) and (submerged or not g.submerged))


def own_groups(state: State, power: str, space: str) -> tuple[Group, ...]:
    return tuple(g for g in state.at(space) if g.owner == power)


def side_groups(board: Board, state: State, power: str, space: str) -> tuple[Group, ...]:
    return tuple(g for g in state.at(space) if board.allied(g.owner, power))


def enemy_ships(board: Board, state: State, power: str, zone: str) -> tuple[Group, ...]:
    return tuple(g for g in enemy_groups(board, state, power, zone)
                 if board.unit_types[g.type].sea)


def enemy_surface_ships(board: Board, state: State, power: str, zone: str) -> tuple[Group, ...]:
    return tuple(g for g in enemy_ships(board, state, power, zone)
                 if not board.unit_types[g.type].submerges)


def has_enemy_destroyer(board: Board, state: State, power: str, zone: str) -> bool:
    return any(g.type == "destroyer" for g in enemy_groups(board, state, power, zone))


def friendly(board: Board, state: State, power: str, space: str) -> bool:
    """A territory its side controls (a sea zone: never enemy-held as territory is)."""
    holder = state.controller(space)
    return holder is not None and board.allied(holder, power)


def enemy_territory(board: Board, state: State, power: str, territory: str) -> bool:
    holder = state.controller(territory)
    return holder is not None and board.enemies(holder, power)


def enemy_convoy(board: Board, state: State, power: str, zone: str) -> bool:
    """A convoy zone the enemy controls (entered only in the combat move, R-AAE-MOVE-10)."""
    if board.spaces[zone].convoy is None:
        return False
    holder = state.controller(zone)
    return holder is not None and board.enemies(holder, power)


def canal_open(board: Board, state: State, power: str, a: str, b: str) -> bool:
    """Ships pass a canal only for a side holding every territory it names (R-AAE-MOVE-9)."""
    canal = board.canal_between(a, b)
    if canal is None:
        return True
    return all(friendly(board, state, power, t) for t in canal.control)


def air_distances(board: Board, start: str, budget: int) -> dict[str, int]:
    """Every space an aircraft reaches from ``start`` within ``budget`` moves, by the fewest:
    over any space but the impassable neutrals (R-AAE-MOVE-2, -11)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == budget:
            continue
        for nxt in sorted(board.neighbours[here]):
            if nxt not in seen and not board.spaces[nxt].impassable:
                seen[nxt] = seen[here] + 1
                queue.append(nxt)
    return seen


def sea_distances(board: Board, state: State, power: str, start: str, budget: int,
                  *, combat: bool) -> dict[str, int]:
    """Zones a ship of ``power`` reaches from ``start`` within ``budget``: through open canals,
    never past a zone with enemy ships (it stops there, R-AAE-MOVE-6); outside the combat move
    never into such a zone nor an enemy convoy zone (R-AAE-MOVE-10, -18)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if seen[here] == budget or (here != start and enemy_ships(board, state, power, here)):
            continue
        for nxt in sorted(board.sea_neighbours(here)):
            if nxt in seen or not canal_open(board, state, power, here, nxt):
                continue
            if not combat and (enemy_ships(board, state, power, nxt)
                               or enemy_convoy(board, state, power, nxt)):
                continue
            seen[nxt] = seen[here] + 1
            queue.append(nxt)
    return seen


def total(groups: Iterable[Group]) -> int:
    return sum(g.count for g in groups)
