"""Movement legality, one MOVE line at a time, against the state the earlier lines left
(R-AAE-MOVE-1 ... -18, R-AAE-UNIT-3, -6, -11, -12; FAQ M2-M4, A5-A8, A12, S4, S5, B3, B4).

``judge_move`` returns the state with the move made and what it did, or the Reason it is refused.
Combat moves (the ORDINI) lead to battles, raids, conquests or away from enemy ships; the rest
belong to the non-combat move (the RIORDINO). What can only be judged once every line is read
(C4 for the whole move, an escort's raid, an aircraft's battle) is the turn's (``combat_plan``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import pairwise

from .board import Board
from .orders import COMBAT, Boarding, Move, Reason, Units
from .selection import take
from .sides import (
    canal_open,
    enemy_convoy,
    enemy_groups,
    enemy_ships,
    enemy_surface_ships,
    enemy_territory,
    friendly,
)
from .state import State
from .units import AIR, LAND, SEA, Group, merged

MOVE_RULE = "R-AAE-MOVE"


def rule(n: int) -> str:
    return f"{MOVE_RULE}-{n}"


@dataclass(frozen=True)
class MoveRun:
    """What one MOVE line did."""

    order: Move
    groups: tuple[Group, ...]          # the units moved, as they stand at ``end``
    end: str                           # where they stand (a transport's last zone)
    crossed: tuple[str, ...]           # spaces entered before the end (AA on the way)
    landing: str | None = None         # the territory its cargo lands in
    landed: tuple[Group, ...] = ()     # cargo landing there (combat: once the zone is clear)
    blitzed: tuple[str, ...] = ()      # enemy territories taken on the way (R-AAE-MOVE-4)
    deferred: str | None = None        # what the whole mail must show (``DEFERRED``)


# A combat move that only the whole ORDINI can justify: ships going with a landing (escort,
# bombardment: a landing from their zone), aircraft going to a battle, escorts to a raid, an
# escort's fallback to a battle (R-AAE-MOVE-5, M1, R-AAE-SBR-1, -6).
SEA_SUPPORT, AIR_BATTLE, ESCORT_RAID = "sea_support", "air_battle", "escort_raid"


Judged = Reason | tuple[State, MoveRun]


def judge_move(board: Board, state: State, power: str, move: Move, step: str) -> Judged:
    combat = step == COMBAT
    units = move.units
    if move.start not in board.spaces:
        return Reason(rule(1), "unknown_space", (move.start,))
    domains = {board.unit_types[u.type].domain for u in units}
    if "fixed" in domains:
        return Reason("R-AAE-UNIT-12", "complex_never_moves", ())
    path = (move.start, *move.path)
    for a, b in pairwise(path):
        if not board.adjacent(a, b):
            return Reason(rule(1), "not_adjacent", (a, b))
        if board.spaces[b].impassable:
            return Reason(rule(2), "impassable", (b,))
    if len(set(move.path)) != len(move.path) or move.start in move.path:
        return Reason(rule(1), "path_repeats", ())
    if move.raid or move.escort:
        if not combat:
            return Reason("R-AAE-SBR-1", "raid_in_noncombat", ())
        if domains != {AIR}:
            return Reason("R-AAE-SBR-1", "raid_by_aircraft_only", ())
    if SEA in domains:
        if LAND in domains:
            return Reason("R-AAE-MOVE-14", "land_units_aboard", (move.start,))
        return _sea(board, state, power, move, combat)
    if move.boardings or move.unload is not None:
        return Reason("R-AAE-MOVE-14", "boarding_needs_transport", ())
    if domains == {AIR}:
        return _air(board, state, power, move, combat)
    if AIR in domains:  # land and air along one path: each its own move
        land = replace(move, units=tuple(u for u in units if board.unit_types[u.type].land))
        air = replace(move, units=tuple(u for u in units if board.unit_types[u.type].air))
        first = _land(board, state, power, land, combat)
        if isinstance(first, Reason):
            return first
        state1, run1 = first
        second = _air(board, state1, power, air, combat, with_land=True)
        if isinstance(second, Reason):
            return second
        state2, run2 = second
        return state2, replace(run1, groups=merged((*run1.groups, *run2.groups)),
                               crossed=run2.crossed)
    return _land(board, state, power, move, combat)


# -- land units ---------------------------------------------------------------------------------


def _land(board: Board, state: State, power: str, move: Move, combat: bool) -> Judged:
    start = move.start
    if not board.spaces[start].land:
        return Reason(rule(14), "land_units_at_sea", (start,))
    if any(board.spaces[s].sea for s in move.path):
        return Reason(rule(3), "land_unit_into_sea", (next(s for s in move.path
                                                            if board.spaces[s].sea),))
    if combat and any(u.type == "aa_gun" for u in move.units):
        return Reason("R-AAE-UNIT-11", "aa_gun_combat_move", ())
    taken, left = _take_all(board, state, power, start, move.units,
                            lambda g: g.moved == 0 and not g.landing and not g.fought,
                            noncombat=not combat)
    if isinstance(taken, Reason):
        return taken
    steps = len(move.path)
    for g in taken:
        if board.unit_types[g.type].move < steps:
            return Reason(rule(3), "too_far", (g.type, steps, board.unit_types[g.type].move))
    blitzed: list[str] = []
    for space in move.path[:-1]:
        if enemy_groups(board, state, power, space):
            return Reason(rule(4), "enemy_units_on_path", (space,))
        if enemy_territory(board, state, power, space):
            if not combat:
                return Reason(rule(17), "noncombat_enemy_territory", (space,))
            if not all(board.unit_types[g.type].blitz for g in taken):
                return Reason(rule(3), "stops_in_enemy_territory", (space,))
            if board.spaces[space].complex:
                return Reason(rule(4), "blitz_ends", (space,))
            blitzed.append(space)
    end = move.path[-1]
    hostile = bool(enemy_groups(board, state, power, end)) or enemy_territory(board, state, power, end)
    if combat and not hostile and not blitzed:
        return Reason("R-AAE-TURN-3", "noncombat_in_combat", (end,))
    if not combat and hostile:
        return Reason(rule(17), "noncombat_enemy_territory", (end,))
    origin = (start, *move.path)[-2]
    arrived = tuple(replace(g, moved=steps, origin=origin if combat else None) for g in taken)
    state = state.with_units(start, left).add_units(end, arrived)
    return state, MoveRun(move, arrived, end, move.path[:-1], blitzed=tuple(blitzed))


def _take_all(board: Board, state: State, power: str, space: str, units: tuple[Units, ...],
              pick: object, noncombat: bool = False) -> tuple[list[Group] | Reason, list[Group]]:
    groups = list(state.at(space))
    taken: list[Group] = []
    for u in units:
        got = take(groups, power, u, pick, space, rule(1))  # type: ignore[arg-type]
        if isinstance(got, Reason):
            if got.code == "units_not_free" and noncombat:
                # they are there, but moved or fought this turn (R-AAE-MOVE-16)
                got = Reason(rule(16), "moved_or_fought", (u.type, space))
            return got, groups
        some, groups = got
        taken.extend(some)
    return taken, groups


# -- aircraft -------------------------------------------------------------------------------------


def _air(board: Board, state: State, power: str, move: Move, combat: bool,
         with_land: bool = False) -> Judged:
    start = move.start
    state = _unstow(board, state, power, start)

    def free(g: Group) -> bool:
        if combat:
            return g.moved == 0 and not g.fought and not g.airborne
        return g.airborne or (g.moved == 0 and not g.fought)

    taken, left = _take_all(board, state, power, start, move.units, free, noncombat=not combat)
    if isinstance(taken, Reason):
        return taken
    steps = len(move.path)
    for g in taken:
        kind = board.unit_types[g.type]
        if kind.move - g.moved < steps:
            return Reason(rule(11), "air_too_far", (g.type, steps, kind.move - g.moved))
    end = move.path[-1]
    if move.raid:
        if any(g.type != "bomber" for g in taken):
            return Reason("R-AAE-SBR-1", "raid_by_bombers_only", ())
        if not (board.spaces[end].complex and enemy_territory(board, state, power, end)):
            return Reason("R-AAE-SBR-1", "raid_needs_enemy_complex", (end,))
    if move.escort and any(g.type != "fighter" for g in taken):
        return Reason("R-AAE-SBR-4", "escort_by_fighters_only", ())
    if move.fallback is not None:
        from .sides import air_distances

        reach = air_distances(board, end, min(board.unit_types[g.type].move - g.moved - steps
                                              for g in taken))
        if move.fallback not in reach:
            return Reason("R-AAE-SBR-6", "fallback_out_of_reach", (move.fallback,))
    if not combat:
        if board.spaces[end].sea and any(board.unit_types[g.type].carrier_space is None
                                         for g in taken):
            return Reason("R-AAE-UNIT-5", "bomber_on_carrier", (end,))
        if board.spaces[end].land and not (friendly(board, state, power, end)
                                           and state.held_at_start(end)):
            return Reason(rule(12), "landing_not_held", (end,))
    origin = (start, *move.path)[-2]
    raid = move.raid or move.escort
    arrived = tuple(replace(g, moved=g.moved + steps, airborne=combat,
                            origin=origin if combat else None, fought=raid)
                    for g in taken)
    if not combat:
        arrived = tuple(replace(g, origin=None, airborne=False, retreated=False) for g in arrived)
    state = state.with_units(start, left).add_units(end, arrived)
    deferred = None
    if combat:
        deferred = ESCORT_RAID if move.escort else (None if move.raid or with_land else AIR_BATTLE)
    return state, MoveRun(move, arrived, end, move.path[:-1], deferred=deferred)


# -- ships and their cargo ------------------------------------------------------------------------


def _sea(board: Board, state: State, power: str, move: Move, combat: bool) -> Judged:
    start = move.start
    if not board.spaces[start].sea:
        return Reason(rule(6), "ships_on_land", (start,))
    landing = move.path[-1] if move.path and board.spaces[move.path[-1]].land else None
    zones = move.path[:-1] if landing else move.path
    if any(board.spaces[z].land for z in zones):
        return Reason(rule(6), "ship_onto_land", (next(z for z in zones if board.spaces[z].land),))
    ships = tuple(u for u in move.units if board.unit_types[u.type].sea)
    planes = tuple(u for u in move.units if board.unit_types[u.type].air)
    if landing and planes:
        return Reason(rule(14), "landing_with_aircraft", ())
    for b in move.boardings:
        if b.zone != start and b.zone not in zones:
            return Reason(rule(14), "boarding_off_path", (b.zone,))

    def free(g: Group) -> bool:
        if combat:
            return g.moved == 0 and not g.fought and not g.submerged
        if zones:
            return g.moved == 0 and not g.fought
        # loading or unloading only: a transport that fought (S4) or kept cargo aboard (A8)
        return (g.moved == 0 and not g.fought) or g.fought or g.unloaded is not None

    taken, left = _take_all(board, state, power, start, ships, free, noncombat=not combat)
    if isinstance(taken, Reason):
        return taken
    if zones:
        taken, left = _allied_fighters_aboard(board, power, taken, left)
    steps = len(zones)
    for g in taken:
        kind = board.unit_types[g.type]
        if kind.move - g.moved < steps:
            return Reason(rule(6), "too_far", (g.type, steps, kind.move - g.moved))
        if steps and (g.moved or g.fought) and not combat:
            return Reason(rule(16), "moved_or_fought", (g.type, start))
    route = (start, *zones)
    for here, there in pairwise(route):
        if not canal_open(board, state, power, here, there):
            return Reason(rule(9), "canal_closed", (here, there))
    for z in zones[:-1]:
        if enemy_ships(board, state, power, z):
            return Reason(rule(6), "stops_at_enemy_ships", (z,))
        if not combat and enemy_convoy(board, state, power, z):
            return Reason(rule(10), "enemy_convoy_noncombat", (z,))
    end = zones[-1] if zones else start
    if zones and not combat:
        if enemy_convoy(board, state, power, end):
            return Reason(rule(10), "enemy_convoy_noncombat", (end,))
        subs = any(board.unit_types[g.type].submerges for g in taken)
        if enemy_surface_ships(board, state, power, end) or (subs and enemy_ships(board, state,
                                                                                   power, end)):
            return Reason(rule(18), "noncombat_into_enemy_ships", (end,))
    # boarding (R-AAE-MOVE-14, A5, A12)
    state0 = state.with_units(start, left)
    ships_out: list[Group] = []
    cargo_taken: dict[str, list[Group]] = {}
    for boarding in move.boardings:
        got = _board(board, state0, power, boarding, combat, cargo_taken)
        if isinstance(got, Reason):
            return got
        state0 = got
    loaded = _load(board, taken, [g for gs in cargo_taken.values() for g in gs])
    if isinstance(loaded, Reason):
        return loaded
    ships_out = loaded
    # landing (R-AAE-MOVE-14, -15, A7, A8)
    landed: list[Group] = []
    if landing is not None:
        result = _landing(board, state, power, move, ships_out, end, landing, combat)
        if isinstance(result, Reason):
            return result
        ships_out, landed = result
    elif move.unload is not None:
        return Reason(rule(14), "unload_without_landing", ())
    deferred = None
    if combat and not landing and not _combat_sea_end(board, state, power, start, end):
        deferred = SEA_SUPPORT
    origin = route[-2] if len(route) > 1 else None
    # a transport that unloads stops (R-AAE-MOVE-14): its movement is spent already
    arrived = [replace(g, moved=g.moved if g.unloaded else g.moved + steps,
                       origin=origin if combat else None) for g in ships_out]
    state1 = state0.add_units(end, arrived)
    run_groups = list(arrived)
    if planes:
        air_move = Move(start, planes, zones or (start,))
        judged = _air(board, state1, power, air_move, combat)
        if isinstance(judged, Reason):
            return judged
        state1, air_run = judged
        run_groups.extend(air_run.groups)
    if landed and not combat:
        state1 = state1.add_units(landing or end, landed)
    return state1, MoveRun(move, tuple(run_groups), end, zones[:-1], landing, tuple(landed),
                           deferred=deferred)


def _unstow(board: Board, state: State, power: str, zone: str) -> State:
    """A power's fighters riding an ally's carrier as cargo take off as groups of their own."""
    if not board.spaces[zone].sea:
        return state
    groups: list[Group] = []
    mine: list[Group] = []
    for g in state.at(zone):
        if g.owner != power and g.cargo and board.unit_types[g.type].fighters:
            keep = tuple(c for c in g.cargo if c.owner != power)
            mine.extend(c.with_count(c.count * g.count) for c in g.cargo if c.owner == power)
            groups.append(replace(g, cargo=keep))
        else:
            groups.append(g)
    return state.with_units(zone, [*groups, *mine]) if mine else state


def _allied_fighters_aboard(board: Board, power: str, ships: list[Group],
                            left: list[Group]) -> tuple[list[Group], list[Group]]:
    """R-AAE-UNIT-9: an ally's fighters landed on a moving carrier go with it, as its cargo."""
    allied = [g for g in left if g.owner != power and board.allied(g.owner, power)
              and board.unit_types[g.type].carrier_space and not g.airborne]
    if not allied:
        return ships, left
    out: list[Group] = []
    for s in ships:
        kind = board.unit_types[s.type]
        if not kind.fighters:
            out.append(s)
            continue
        for _ in range(s.count):
            room = kind.fighters - sum(c.count for c in s.cargo)
            aboard = list(s.cargo)
            while room > 0 and allied:
                g = allied[0]
                aboard.append(g.with_count(1))
                room -= 1
                i = left.index(g)
                if g.count == 1:
                    left.pop(i)
                    allied.pop(0)
                else:
                    left[i] = allied[0] = g.with_count(g.count - 1)
            out.append(replace(s, count=1, cargo=merged(aboard)))
    return list(merged(out)), left


def _combat_sea_end(board: Board, state: State, power: str, start: str, end: str) -> bool:
    """A ship's combat move: into enemy units, into an enemy convoy zone, or away from enemy
    ships it started beside (S5). Ships that go with a landing are judged by the turn."""
    if enemy_groups(board, state, power, end) or enemy_convoy(board, state, power, end):
        return True
    return bool(enemy_ships(board, state, power, start))


def _board(board: Board, state: State, power: str, b: Boarding, combat: bool,
           out: dict[str, list[Group]]) -> State | Reason:
    t = b.territory
    if not board.spaces[t].land or not board.adjacent(t, b.zone):
        return Reason(rule(14), "boarding_not_coastal", (t, b.zone))
    if combat and enemy_groups(board, state, power, b.zone):
        return Reason(rule(14), "loading_beside_enemy", (b.zone,))
    if combat and any(u.type == "aa_gun" for u in b.units):
        return Reason("R-AAE-UNIT-11", "aa_gun_combat_move", ())
    if any(not board.unit_types[u.type].land for u in b.units):
        return Reason("R-AAE-UNIT-6", "cargo_land_units_only", ())
    taken, left = _take_all(board, state, power, t, b.units,
                            lambda g: g.moved == 0 and not g.fought and not g.landing)
    if isinstance(taken, Reason):
        if taken.code == "units_not_free":
            return Reason(rule(14), "moved_before_loading", (t,))
        return taken
    out.setdefault(t, []).extend(taken)
    return state.with_units(t, left)


def _load(board: Board, ships: list[Group], cargo: list[Group]) -> list[Group] | Reason:
    """The boarding units packed into the moving transports, each up to its room (R-AAE-UNIT-6):
    armour first, then the rest in the order written; empty transports first."""
    if not cargo:
        return ships
    units: list[Group] = []
    for g in sorted(cargo, key=lambda g: -(board.unit_types[g.type].cargo or 0)):
        units.extend([replace(g, count=1, moved=1)] * g.count)
    transports: list[tuple[Group, list[Group]]] = []
    others: list[Group] = []
    for s in ships:
        if board.unit_types[s.type].capacity:
            transports.extend([(replace(s, count=1), list(s.cargo))] * s.count)
        else:
            others.append(s)
    if not transports:
        return Reason(rule(14), "boarding_needs_transport", ())
    transports.sort(key=lambda t: len(t[1]))
    for unit in units:
        size = board.unit_types[unit.type].cargo or 0
        for i, (tr, held) in enumerate(transports):
            room = board.unit_types[tr.type].capacity - sum(
                (board.unit_types[c.type].cargo or 0) * c.count for c in held)
            if room >= size:
                transports[i] = (tr, [*held, unit])
                break
        else:
            return Reason("R-AAE-UNIT-6", "transport_full", (unit.type,))
    out = [replace(tr, cargo=merged(held)) for tr, held in transports]
    return list(merged([*others, *out]))


def _landing(board: Board, state: State, power: str, move: Move, ships: list[Group], zone: str,
             territory: str, combat: bool) -> tuple[list[Group], list[Group]] | Reason:
    if not board.adjacent(zone, territory):
        return Reason(rule(14), "landing_not_coastal", (territory, zone))
    transports = [s for s in ships if board.unit_types[s.type].capacity]
    if not transports or not any(t.cargo for t in transports):
        return Reason(rule(14), "nothing_to_land", (territory,))
    if any(t.unloaded not in (None, territory) for t in transports):
        return Reason(rule(14), "one_territory_a_turn", (territory,))
    hostile = enemy_territory(board, state, power, territory) or bool(
        enemy_groups(board, state, power, territory))
    if combat and not hostile:
        return Reason("R-AAE-TURN-3", "noncombat_in_combat", (territory,))
    if not combat and hostile:
        return Reason(rule(17), "noncombat_enemy_territory", (territory,))
    aboard = [c for t in transports for c in t.cargo for _ in range(t.count)]
    want = move.unload
    if combat and want is None and any(c.type == "aa_gun" for c in aboard):
        # an AA gun aboard rides through the combat move and lands later (R-AAE-UNIT-11, A8)
        want = tuple(Units(c.count, c.type) for c in merged(aboard) if c.type != "aa_gun")
    landed: list[Group] = []
    out: list[Group] = [s for s in ships if not board.unit_types[s.type].capacity]
    # in the combat move the cargo stays aboard until the zone's sea battle is over
    # (R-AAE-MOVE-15): the transports are marked with their landing, the turn lands it
    pending: list[Group] = list(out)
    remaining = None if want is None else {u.type: u.count for u in merge_units(want)}
    for t in transports:
        spent = board.unit_types[t.type].move
        pending.append(replace(t, unloaded=territory, moved=spent))
        for _ in range(t.count):
            keep: list[Group] = []
            for c in t.cargo:
                n = c.count if remaining is None else min(c.count, remaining.get(c.type, 0))
                if remaining is not None:
                    remaining[c.type] = remaining.get(c.type, 0) - n
                if n:
                    landed.append(replace(c, count=n))
                if c.count - n:
                    keep.append(replace(c, count=c.count - n))
            out.append(replace(t, count=1, cargo=merged(keep), unloaded=territory, moved=spent))
    if remaining is not None and any(v > 0 for v in remaining.values()):
        return Reason(rule(14), "unload_not_aboard", ())
    if combat and any(c.type == "aa_gun" for c in landed):
        return Reason("R-AAE-UNIT-11", "aa_gun_combat_move", ())
    ready = tuple(replace(c, moved=board.unit_types[c.type].move, landing=combat,
                          origin=zone if combat else None) for c in merged(landed))
    return list(merged(pending if combat else out)), list(ready)


def merge_units(units: tuple[Units, ...]) -> tuple[Units, ...]:
    counts: dict[str, int] = {}
    for u in units:
        counts[u.type] = counts.get(u.type, 0) + u.count
    return tuple(Units(n, t) for t, n in counts.items())
