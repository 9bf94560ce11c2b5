"""Where aircraft may land (R-AAE-MOVE-12), whether all of a combat move's aircraft still can
(R-AAE-MOVE-13, FAQ C4: no suicide attacks), where they land when no order says (R-AAE-PBEM-7),
and where defending fighters go when their carrier sinks (R-AAE-COMBAT-13).

Carrier places are counted with the carriers that can still move there in the non-combat move;
a carrier that moved or fights in the combat move stays where it is; no loss of the mover's own
units is assumed (every aircraft needs its own place at once)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .board import Board
from .sides import air_distances, enemy_ships, friendly, sea_distances
from .state import State
from .units import Group

# enumerating carrier positions is a product; past this many combinations the carriers that
# can reach the most needy fighters' zones are tried first and the rest stay put
_MAX_COMBINATIONS = 4096


def landing_territories(board: Board, state: State, power: str) -> frozenset[str]:
    """Territories its side held at the start of the turn (R-AAE-MOVE-12, A6)."""
    return frozenset(t for t in board.passable()
                     if friendly(board, state, power, t) and state.held_at_start(t))


def carrier_room(board: Board, state: State, power: str, zone: str,
                 *, own_fixed_only: bool = False) -> int:
    """Fighter places left on the carriers of ``power``'s side in a zone: their room less the
    fighters of the side there (aboard as cargo or landed)."""
    room = 0
    fighters = 0
    for g in state.at(zone):
        if not board.allied(g.owner, power):
            continue
        kind = board.unit_types[g.type]
        if kind.fighters:
            room += g.count * kind.fighters
            fighters += g.count * sum(c.count for c in g.cargo if board.unit_types[c.type].air)
        elif kind.carrier_space and not g.airborne:
            fighters += g.count * kind.carrier_space
    return max(room - fighters, 0)


@dataclass(frozen=True)
class Flyer:
    space: str
    type: str
    remaining: int


def flyers(board: Board, state: State, power: str) -> list[Flyer]:
    """Every aircraft of ``power`` that must still find a place: in the air, or at sea."""
    out = []
    for space, g in sorted(state.all_groups(), key=lambda sg: sg[0]):
        kind = board.unit_types[g.type]
        if g.owner != power or not kind.air:
            continue
        if g.airborne or board.spaces[space].sea:
            out.extend([Flyer(space, g.type, max(kind.move - g.moved, 0))] * g.count)
    return out


@dataclass(frozen=True)
class Shortfall:
    """Aircraft that cannot all land: how many need a carrier, how many places there are."""

    bombers: int
    fighters: int
    places: int


def check_landings(board: Board, state: State, power: str,
                   fixed_carriers: frozenset[str] = frozenset()) -> Shortfall | None:
    """None when every aircraft of ``power`` can land at once (R-AAE-MOVE-13); else what is
    missing. ``fixed_carriers``: zones whose carriers of ``power`` stay (they fight there)."""
    lands = landing_territories(board, state, power)
    needy: list[frozenset[str]] = []
    stranded_bombers = 0
    for f in flyers(board, state, power):
        reach = air_distances(board, f.space, f.remaining)
        if lands.intersection(reach):
            continue
        if board.unit_types[f.type].carrier_space is None:
            stranded_bombers += 1
            continue
        needy.append(frozenset(z for z in reach if board.spaces[z].sea))
    if not needy and not stranded_bombers:
        return None
    places = _best_matching(board, state, power, needy, fixed_carriers)
    if stranded_bombers == 0 and places >= len(needy):
        return None
    return Shortfall(stranded_bombers, len(needy), places)


def _best_matching(board: Board, state: State, power: str, needy: list[frozenset[str]],
                   fixed: frozenset[str]) -> int:
    """The most needy fighters carriers can take, over the positions the carriers can reach."""
    if not needy:
        return 0
    wanted = frozenset().union(*needy)
    static: dict[str, int] = {}
    movable: list[tuple[int, tuple[str, ...]]] = []   # (room of one carrier, positions)
    for zone in board.zones():
        base = 0
        for g in state.at(zone):
            kind = board.unit_types[g.type]
            if not kind.fighters or not board.allied(g.owner, power):
                continue
            aboard = sum(c.count for c in g.cargo if board.unit_types[c.type].air)
            spare = max(kind.fighters - aboard, 0)
            if g.owner == power and g.moved == 0 and not g.fought and zone not in fixed:
                reach = sea_distances(board, state, power, zone, kind.move, combat=False)
                positions = tuple(z for z in sorted(reach) if z in wanted) or (zone,)
                if zone not in positions:
                    positions = (zone, *positions)
                movable.extend([(spare, positions)] * g.count)
            else:
                base += g.count * spare
        # the side's fighters already there (not in the air) take places first
        landed = sum(g.count for g in state.at(zone) if board.allied(g.owner, power)
                     and board.unit_types[g.type].carrier_space and not g.airborne
                     and g.owner != power)
        static[zone] = max(base - landed, 0)
    movable.sort(key=lambda m: -len(m[1]))
    options = [m[1] for m in movable]
    count = 1
    for i, pos in enumerate(options):
        count *= len(pos)
        if count > _MAX_COMBINATIONS:
            options = [*options[:i], *[(p[0],) for p in options[i:]]]
            break
    best = 0
    for choice in itertools.product(*options) if options else [()]:
        room = dict(static)
        for (one, _), zone in zip(movable, choice, strict=True):
            room[zone] = room.get(zone, 0) + one
        best = max(best, _matching(needy, room))
        if best >= len(needy):
            break
    return best


def _matching(needy: list[frozenset[str]], room: Mapping[str, int]) -> int:
    """Fighters to zones with room (a bipartite matching with capacities, augmenting paths)."""
    assigned: dict[int, str] = {}
    load: dict[str, list[int]] = {z: [] for z in room}

    def place(i: int, seen: set[str]) -> bool:
        for z in sorted(needy[i]):
            if room.get(z, 0) <= 0 or z in seen:
                continue
            seen.add(z)
            if len(load[z]) < room[z]:
                load[z].append(i)
                assigned[i] = z
                return True
            for j in list(load[z]):
                if place(j, seen):
                    load[z].remove(j)
                    load[z].append(i)
                    assigned[i] = z
                    return True
        return False

    for i in range(len(needy)):
        place(i, set())
    return len(assigned)


# -- landing by rule ------------------------------------------------------------------------


@dataclass(frozen=True)
class Landed:
    """An aircraft group landed by rule: where, or lost (``to`` None)."""

    space: str
    type: str
    count: int
    to: str | None


def nearest_landings(board: Board, state: State, power: str) -> tuple[State, tuple[Landed, ...]]:
    """R-AAE-PBEM-7: each aircraft still in the air lands at the nearest legal place within its
    remaining movement (fewest steps, ties by code), a carrier of its side with room included, or
    is lost."""
    lands = landing_territories(board, state, power)
    out: list[Landed] = []
    airborne = sorted(((s, g) for s, g in state.all_groups()
                       if g.owner == power and g.airborne and board.unit_types[g.type].air),
                      key=lambda sg: (sg[0], sg[1].type, sg[1].moved))
    for space, g in airborne:
        state = state.with_units(space, _minus(state.at(space), g))
        kind = board.unit_types[g.type]
        for _ in range(g.count):
            reach = air_distances(board, space, max(kind.move - g.moved, 0))
            options = sorted(reach, key=lambda z: (reach[z], z))
            to = None
            for z in options:
                if z in lands or (kind.carrier_space is not None and board.spaces[z].sea
                                  and carrier_room(board, state, power, z) >= kind.carrier_space):
                    to = z
                    break
            if to is not None:
                state = state.add_units(to, (Group(power, g.type, 1, moved=g.moved + reach[to]),))
            out.append(Landed(space, g.type, 1, to))
    return state, _grouped(out)


def _grouped(landed: Iterable[Landed]) -> tuple[Landed, ...]:
    counts: dict[tuple[str, str, str | None], int] = {}
    for one in landed:
        key = (one.space, one.type, one.to)
        counts[key] = counts.get(key, 0) + one.count
    return tuple(Landed(s, t, n, to) for (s, t, to), n in counts.items())


def _minus(groups: tuple[Group, ...], gone: Group) -> list[Group]:
    out = list(groups)
    out.remove(gone)
    return out


def land_homeless(board: Board, state: State, zone: str,
                  fighters: Iterable[Group]) -> tuple[State, tuple[Landed, ...]]:
    """R-AAE-COMBAT-13: defending fighters left without a carrier land on a carrier of their side
    with room in the zone, else in an adjacent territory of their side, else on such a carrier one
    zone away, or are lost; in ties, by code."""
    out: list[Landed] = []
    for g in fighters:
        for _ in range(g.count):
            to: str | None = None
            if carrier_room(board, state, g.owner, zone) > 0:
                to = zone
            else:
                near = sorted(board.neighbours[zone])
                land = [t for t in near if board.spaces[t].land and not board.spaces[t].impassable
                        and friendly(board, state, g.owner, t)]
                sea = [z for z in near if board.spaces[z].sea
                       and carrier_room(board, state, g.owner, z) > 0
                       and not enemy_ships(board, state, g.owner, z)]
                to = (land or sea)[0] if land or sea else None
            if to is not None:
                state = state.add_units(to, (Group(g.owner, g.type, 1),))
            out.append(Landed(zone, g.type, 1, to))
    return state, _grouped(out)
