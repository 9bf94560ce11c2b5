"""Random positions and hostile orders on any variant, for the resolver's property tests.

Shared by ``test_resolver_properties.py`` (hypothesis drives the ``random.Random``) and
the long run ``tests/diplomacy/long_run.py``. A position is units of a few powers (and now
and then neutral ones) scattered over the map; the orders mix what players write
(moves, supports of any power's moves, convoy chains, paradox set-ups, coasts given,
omitted or wrong, attacks on one's own units) with what they get wrong (orders for
units that are not there or not theirs, the wrong unit kind, unreachable places,
two orders for one unit, convoys by coastal fleets, orders of another phase).
"""

from __future__ import annotations

import random

from arbitro.diplomacy.board import ARMY, FLEET, Board, Terrain, province_of
from arbitro.diplomacy.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from arbitro.diplomacy.position import (
    FALL,
    MOVEMENT,
    NEUTRAL,
    SPRING,
    Phase,
    Position,
    Unit,
    make_position,
)


def random_position(board: Board, rng: random.Random) -> Position:
    """A movement phase with units of two to all powers, neutral ones now and then."""
    powers = sorted(board.powers)
    playing = rng.sample(powers, rng.randint(min(2, len(powers)), len(powers)))
    if rng.random() < 0.2:
        playing.append(NEUTRAL)
    density = rng.choice((0.15, 0.35, 0.6, 0.85))
    units: list[Unit] = []
    for code in sorted(board.provinces):
        prov = board.provinces[code]
        if prov.terrain is Terrain.IMPASSABLE or rng.random() > density:
            continue
        kinds = []
        if board.unit_can_stand(ARMY, code):
            kinds.append((ARMY, code))
        for loc in prov.coasts or (code,):
            if board.unit_can_stand(FLEET, loc):
                kinds.append((FLEET, loc))
        if kinds:
            kind, loc = rng.choice(kinds)
            units.append(Unit(rng.choice(playing), kind, loc))
    owners = [p for p in playing if p != NEUTRAL]
    centres = {
        c: rng.choice(owners) for c in sorted(board.supply_centres) if rng.random() < 0.7
    }
    season = rng.choice((SPRING, FALL))
    return make_position(Phase(board.start_year + rng.randint(0, 5), season, MOVEMENT), units, centres)


def _moves(board: Board, unit: Unit) -> list[str]:
    if unit.kind == ARMY:
        return sorted(board.army_moves.get(unit.province, ()))
    return sorted(board.fleet_moves.get(unit.location, ()))


_NEAR: dict[str, dict[str, frozenset[str]]] = {}


def _near_sea(board: Board) -> dict[str, frozenset[str]]:
    """Each sea province's neighbouring provinces (cached per map)."""
    if board.name not in _NEAR:
        _NEAR[board.name] = {
            sea: frozenset(province_of(t) for loc in board.provinces[sea].locations
                           for t in board.fleet_moves.get(loc, ()))
            for sea in board.seas
        }
    return _NEAR[board.name]


def _convoy_targets(board: Board, unit: Unit, seas: set[str]) -> list[str]:
    """Where the fleets standing at sea could carry the army, chained from its coast."""
    if unit.kind != ARMY or not seas:
        return []
    near = _near_sea(board)
    frontier = [s for s in seas if unit.province in near[s]]
    seen = set(frontier)
    while frontier:
        s = frontier.pop()
        for t in near[s]:
            if t in seas and t not in seen:
                seen.add(t)
                frontier.append(t)
    reached = {p for s in seen for p in near[s]} - {unit.province}
    return sorted(p for p in reached if board.unit_can_stand(ARMY, p))


def hostile_orders(board: Board, position: Position, rng: random.Random) -> dict[str, list[Order]]:
    """Orders for a movement phase: mostly sound, a share of them wrong on purpose."""
    units = [u for u in position.units if u.power != NEUTRAL]
    seas = {u.province for u in position.units if u.kind == FLEET and board.provinces[u.province].is_sea}
    chosen: dict[str, Order] = {}
    for u in units:
        moves = _moves(board, u)
        roll = rng.random()
        if roll < 0.5 and moves:
            dest = rng.choice(moves)
            if u.kind == FLEET and rng.random() < 0.2:
                dest = province_of(dest)  # coast left out (inferred, or void)
            chosen[u.province] = Move(u.power, u.kind, u.location, dest, rng.random() < 0.1)
        elif roll < 0.62:
            targets = _convoy_targets(board, u, seas)
            if targets:
                chosen[u.province] = Move(u.power, u.kind, u.location, rng.choice(targets), rng.random() < 0.7)
    by_dest: dict[str, list[Move]] = {}
    for o in chosen.values():
        if isinstance(o, Move):
            by_dest.setdefault(province_of(o.destination), []).append(o)
    for u in units:
        if u.province in chosen and rng.random() < 0.8:
            continue
        options = _support_or_convoy(board, position, u, chosen, by_dest)
        if options:
            chosen[u.province] = rng.choice(options)
        else:
            chosen.setdefault(u.province, Hold(u.power, u.kind, u.location))
    if rng.random() < 0.4:
        _paradox(board, position, chosen, rng)
    out: dict[str, list[Order]] = {}
    for u in units:
        out.setdefault(u.power, []).append(chosen[u.province])
    for _ in range(rng.randint(0, 4)):
        bad = _bad_order(board, position, rng)
        if bad is not None:
            out.setdefault(bad.power, []).insert(rng.randint(0, len(out.get(bad.power, []))), bad)
    return out


def _support_or_convoy(
    board: Board, position: Position, u: Unit, chosen: dict[str, Order], by_dest: dict[str, list[Move]]
) -> list[Order]:
    options: list[Order] = []
    for q in sorted({province_of(loc) for loc in _moves(board, u)}):
        for o in by_dest.get(q, ()):
            if province_of(o.location) != u.province:
                # any power's move, against anyone, one's own units included
                dest = o.destination if rng_coin(o) else q
                options.append(Support(u.power, u.kind, u.location, o.kind, o.location, dest))
        other = position.unit_in(q)
        if other is not None and not isinstance(chosen.get(q), Move):
            options.append(Support(u.power, u.kind, u.location, other.kind, other.location))
    if u.kind == FLEET and board.provinces[u.province].is_sea:
        for o in (m for ms in by_dest.values() for m in ms):
            if o.kind == ARMY:
                p, dp = province_of(o.location), province_of(o.destination)
                if u.province in board.convoy_seas(p, dp):
                    options.append(Convoy(u.power, FLEET, u.location, o.location, dp))
    return options


def rng_coin(o: Move) -> bool:
    # a support names the coast of the move half the time (by a fixed rule, so the
    # generator needs no extra draw here)
    return len(o.location) % 2 == 0


def _paradox(board: Board, position: Position, chosen: dict[str, Order], rng: random.Random) -> None:
    """Set up a convoy paradox (DATC 6.F.14 and kin): an army convoyed by fleet F
    attacks a unit that supports an attack on F."""
    near = _near_sea(board)
    fleets = [u for u in position.units if u.kind == FLEET and u.province in near and u.power != NEUTRAL]
    rng.shuffle(fleets)
    for f in fleets[:6]:
        for p in sorted(near[f.province]):
            a = position.unit_in(p)
            if a is None or a.kind != ARMY or a.power == NEUTRAL:
                continue
            for d in sorted(near[f.province] - {p}):
                u = position.unit_in(d)
                if u is None or u.power == NEUTRAL or not board.reaches(u.kind, u.location, f.province):
                    continue
                xs = [
                    x for x in position.units
                    if x.power != NEUTRAL and x.province not in (p, d, f.province)
                    and board.reaches(x.kind, x.location, f.province)
                ]
                if not xs:
                    continue
                x = rng.choice(xs)
                target = next((loc for loc in _moves(board, x) if province_of(loc) == f.province), f.province)
                chosen[p] = Move(a.power, ARMY, a.location, d, rng.random() < 0.8)
                chosen[f.province] = Convoy(f.power, FLEET, f.location, a.location, d)
                chosen[d] = Support(u.power, u.kind, u.location, x.kind, x.location, f.province)
                chosen[x.province] = Move(x.power, x.kind, x.location, target)
                return


def _bad_order(board: Board, position: Position, rng: random.Random) -> Order | None:
    """One order that is wrong on purpose."""
    codes = sorted(board.provinces)
    powers = sorted(board.powers)
    if not position.units:
        return None
    u = rng.choice(position.units)
    other = rng.choice(position.units)
    power = u.power if u.power != NEUTRAL else rng.choice(powers)
    anywhere = rng.choice(codes)
    wrong_kind = FLEET if u.kind == ARMY else ARMY
    choices: list[Order] = [
        Move(power, u.kind, u.location, anywhere),  # mostly unreachable
        Move(power, u.kind, u.location, u.location),  # to its own province
        Move(rng.choice(powers), u.kind, u.location, anywhere),  # perhaps another's unit
        Move(power, wrong_kind, u.location, anywhere),
        Move(power, ARMY, anywhere, rng.choice(codes)),  # perhaps no unit there
        Support(power, u.kind, u.location, other.kind, other.location, anywhere),
        Support(power, u.kind, u.location, None, anywhere),  # perhaps an empty province
        Support(power, u.kind, u.location, other.kind, other.location, u.province),
        Convoy(power, u.kind, u.location, other.location, anywhere),  # perhaps from the coast
        Convoy(power, FLEET, u.location, u.location, anywhere),
        Hold(power, u.kind, u.location),  # a second order for the unit
        Retreat(power, u.kind, u.location, anywhere),  # another phase's orders
        Build(power, ARMY, anywhere),
        Disband(power, u.kind, u.location),
        Waive(power),
    ]
    return rng.choice(choices)


def hostile_retreats(position: Position, board: Board, rng: random.Random) -> dict[str, list[Order]]:
    """Retreat orders: listed retreats, clashes, unlisted places, silence, disbands."""
    out: dict[str, list[Order]] = {}
    codes = sorted(board.provinces)
    for d in position.dislodged:
        u = d.unit
        roll = rng.random()
        order: Order
        if roll < 0.55 and d.retreats:
            order = Retreat(u.power, u.kind, u.location, rng.choice(d.retreats))
        elif roll < 0.7:
            order = Retreat(u.power, u.kind, u.location, rng.choice(_moves(board, u) or codes))
        elif roll < 0.8:
            order = Disband(u.power, u.kind, u.location)
        elif roll < 0.85:
            order = Move(u.power, u.kind, u.location, rng.choice(codes))
        else:
            continue  # silence: the defaults decide
        out.setdefault(u.power, []).append(order)
    if position.units and rng.random() < 0.2:
        u = rng.choice(position.units)
        if u.power != NEUTRAL:
            out.setdefault(u.power, []).append(Retreat(u.power, u.kind, u.location, rng.choice(codes)))
    return out


def hostile_adjustments(
    board: Board, position: Position, counts: dict[str, int], rng: random.Random
) -> dict[str, list[Order]]:
    """Builds and disbands: owed ones, too many, too few, in wrong places, or none."""
    out: dict[str, list[Order]] = {}
    codes = sorted(board.provinces)
    for power, n in counts.items():
        if rng.random() < 0.15:
            continue  # silence: the defaults decide
        orders: list[Order] = []
        for _ in range(max(0, abs(n) + rng.randint(-1, 1))):
            if n > 0:
                homes = sorted(board.build_centres_of(power)) or codes
                site = rng.choice(homes if rng.random() < 0.85 else codes)
                kind = rng.choice((ARMY, FLEET))
                loc = site
                coasts = board.provinces[site].coasts if site in board.provinces else ()
                if kind == FLEET and coasts and rng.random() < 0.8:
                    loc = rng.choice(coasts)
                orders.append(Build(power, kind, loc) if rng.random() < 0.9 else Waive(power))
            else:
                mine = list(position.units_of(power)) or list(position.units)
                if mine:
                    u = rng.choice(mine)
                    orders.append(Disband(power, u.kind, u.location))
        out[power] = orders
    return out
