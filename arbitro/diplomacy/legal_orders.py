"""Every legal order of a unit, and random legal orders for whole phases.

Used by property tests (formatting and parsing every legal order, random games
that must keep the rules' invariants) and by the benchmarks. Randomness comes
from the ``random.Random`` the caller passes in, so runs are reproducible.
"""

from __future__ import annotations

import random

from .board import ARMY, FLEET, Board, Terrain, province_of
from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from .position import MOVEMENT, NEUTRAL, RETREAT, Position, Unit


def unit_moves(board: Board, position: Position, unit: Unit) -> list[Move]:
    """Moves over land or sea, and armies' moves by convoy where fleets stand at sea."""
    moves: list[Move] = []
    if unit.kind == FLEET:
        for dest in sorted(board.fleet_moves.get(unit.location, ())):
            moves.append(Move(unit.power, FLEET, unit.location, dest))
        return moves
    for dest in sorted(board.army_moves.get(unit.province, ())):
        moves.append(Move(unit.power, ARMY, unit.location, dest))
    fleets_at_sea = {
        u.location for u in position.units if u.kind == FLEET and board.provinces[u.province].is_sea
    }
    if fleets_at_sea and board.provinces[unit.province].terrain is Terrain.COAST:
        adjacent = board.army_moves.get(unit.province, frozenset())
        for dest in sorted(board.provinces):
            if (
                dest != unit.province
                and board.convoy_route(unit.province, dest, fleets_at_sea)
            ):
                moves.append(Move(unit.power, ARMY, unit.location, dest, dest in adjacent))
    return moves


def legal_orders(board: Board, position: Position, unit: Unit) -> list[Order]:
    """All orders a unit may be given in a movement phase."""
    orders: list[Order] = [Hold(unit.power, unit.kind, unit.location)]
    orders.extend(unit_moves(board, position, unit))
    for other in position.units:
        if other is unit:
            continue
        if board.reaches(unit.kind, unit.location, other.province):
            orders.append(Support(unit.power, unit.kind, unit.location, other.kind, other.location))
        for move in unit_moves(board, position, other):
            dp = province_of(move.destination)
            if dp != unit.province and board.reaches(unit.kind, unit.location, dp):
                orders.append(
                    Support(unit.power, unit.kind, unit.location, other.kind, other.location, dp)
                )
            if (
                unit.kind == FLEET
                and other.kind == ARMY
                and unit.province in board.convoy_seas(other.province, dp)
            ):
                orders.append(Convoy(unit.power, FLEET, unit.location, other.location, dp))
    return _unique(orders)


def _unique(orders: list[Order]) -> list[Order]:
    seen: set[Order] = set()
    out = []
    for o in orders:
        if o not in seen:
            seen.add(o)
            out.append(o)
    return out


def random_orders(
    board: Board, position: Position, rng: random.Random
) -> dict[str, list[Order]]:
    """Plausible random orders for every power of the position's phase.

    Movement: each unit holds, moves, or supports or convoys a move chosen for
    another unit, the mix a real game shows; retreats and adjustments: a random
    legal choice.
    """
    if position.phase.kind == MOVEMENT:
        return _random_movement(board, position, rng)
    if position.phase.kind == RETREAT:
        out: dict[str, list[Order]] = {}
        for d in position.dislodged:
            u = d.unit
            order: Order
            if d.retreats and rng.random() < 0.8:
                order = Retreat(u.power, u.kind, u.location, rng.choice(d.retreats))
            else:
                order = Disband(u.power, u.kind, u.location)
            out.setdefault(u.power, []).append(order)
        return out
    return _random_adjustments(board, position, rng)


def _random_movement(
    board: Board, position: Position, rng: random.Random
) -> dict[str, list[Order]]:
    chosen: dict[str, Order] = {}
    units = [u for u in position.units if u.power != NEUTRAL]
    for u in units:
        roll = rng.random()
        moves = unit_moves(board, position, u)
        if roll < 0.55 and moves:
            chosen[u.province] = rng.choice(moves)
        else:
            chosen[u.province] = Hold(u.power, u.kind, u.location)
    for u in units:
        if not isinstance(chosen[u.province], Hold) or rng.random() < 0.3:
            continue
        options: list[Order] = []
        for p, o in chosen.items():
            if p == u.province:
                continue
            if isinstance(o, Move):
                dp = province_of(o.destination)
                if dp != u.province and board.reaches(u.kind, u.location, dp):
                    options.append(Support(u.power, u.kind, u.location, o.kind, o.location, dp))
                if (
                    u.kind == FLEET
                    and o.kind == ARMY
                    and (o.via_convoy or dp not in board.army_moves[p])
                    and u.province in board.convoy_seas(p, dp)
                ):
                    options.append(Convoy(u.power, FLEET, u.location, o.location, dp))
            elif board.reaches(u.kind, u.location, p):
                other = position.unit_in(p)
                assert other is not None
                options.append(Support(u.power, u.kind, u.location, other.kind, other.location))
        if options:
            chosen[u.province] = rng.choice(options)
    fleets: dict[str, set[str]] = {}
    for o in chosen.values():
        if isinstance(o, Convoy):
            fleets.setdefault(province_of(o.army), set()).add(o.location)
    convoyed = set()
    for p, fs in fleets.items():
        move = chosen[p]
        if isinstance(move, Move) and board.convoy_route(p, province_of(move.destination), fs):
            convoyed.add(p)
    out: dict[str, list[Order]] = {}
    for u in units:
        order = chosen[u.province]
        if isinstance(order, Move) and order.via_convoy and u.province not in convoyed:
            # players write "via convoy" when they order the convoy too
            order = Move(order.power, order.kind, order.location, order.destination)
        out.setdefault(u.power, []).append(order)
    return out


def _random_adjustments(
    board: Board, position: Position, rng: random.Random
) -> dict[str, list[Order]]:
    from .phases import adjustment_counts, free_build_sites

    out: dict[str, list[Order]] = {}
    for power, n in adjustment_counts(board, position).items():
        orders: list[Order] = []
        if n > 0:
            sites = list(free_build_sites(board, position, power))
            rng.shuffle(sites)
            for site in sites[:n]:
                kinds = [
                    (k, loc)
                    for k in (ARMY, FLEET)
                    for loc in board.provinces[site].locations + ((site,) if board.provinces[site].coasts else ())
                    if board.unit_can_stand(k, loc)
                ]
                if kinds and rng.random() < 0.9:
                    kind, loc = rng.choice(kinds)
                    orders.append(Build(power, kind, loc))
                else:
                    orders.append(Waive(power))
        else:
            units = list(position.units_of(power))
            rng.shuffle(units)
            orders.extend(Disband(power, u.kind, u.location) for u in units[: -n])
        out[power] = orders
    return out

