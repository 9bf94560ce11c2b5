"""Movement orders against the board: each unit gets one effective order.

Illegal orders become holds and are reported void with a reason (R-ORD-3);
nothing here raises on a player's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .board import ARMY, FLEET, Board, Terrain, province_of
from .orders import Convoy, Hold, Move, Order, Support, Waive
from .outcome import OrderResult, Result, Source
from .position import Position, Unit

_KIND_NAME = {ARMY: "an army", FLEET: "a fleet"}
_UNIT_ORDERS = (Hold, Move, Support, Convoy)


@dataclass(slots=True)
class Effective:
    """The order a unit really executes (internal to adjudication)."""

    kind: str  # "hold" | "move" | "support" | "convoy"
    target: str = ""  # move: destination province; support/convoy: the other unit's province
    target2: str | None = None  # support: destination province (None = hold); convoy: dest
    location: str = ""  # move: destination location, coast included
    convoyed: bool = False  # move: goes by convoy
    via: bool = False  # move: the player asked for a convoy
    given: tuple[Order, Source] | None = None  # the player's order, once legal


@dataclass
class Checked:
    effective: dict[str, Effective]
    results: dict[str, OrderResult] = field(default_factory=dict)


# Placeholder keeping a legal order's place in the results until it is adjudicated.
_PENDING = OrderResult(Waive(""), Result.SUCCEEDS)


# Every unit without a (legal) order of its own holds; they share one value, which
# nothing mutates (only moves are marked "convoyed" in _match).
_HOLD = Effective("hold")


def _void(order: Order, source: Source, reason: str, *detail: str) -> OrderResult:
    return OrderResult(order, Result.VOID, reason, tuple(detail), source)


def check_movement_orders(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
) -> Checked:
    eff: dict[str, Effective] = dict.fromkeys(position.by_province, _HOLD)
    checked = Checked(eff)
    results = checked.results
    unit_in = position.by_province.get
    for i, (order, source) in enumerate(orders):
        if not isinstance(order, _UNIT_ORDERS):
            results[f"#{i}"] = _void(order, source, "wrong_phase")
            continue
        loc = order.location
        prov = loc if "/" not in loc else province_of(loc)
        unit = unit_in(prov)
        if unit is None:
            results[f"#{i}"] = _void(order, source, "no_unit", order.location)
            continue
        if unit.power != order.power:
            results[f"#{i}"] = _void(order, source, "wrong_power", prov, unit.power)
            continue
        if order.kind is not None and order.kind != unit.kind:
            results[f"#{i}"] = _void(order, source, "wrong_kind", prov, _KIND_NAME[order.kind])
            continue
        if prov in results:
            # One order per unit (R-ORD-3): the later order replaces the earlier one.
            earlier = results.pop(prov)
            first = eff[prov].given if earlier is _PENDING else (earlier.order, earlier.source)
            assert first is not None
            results[f"{prov}#{i}"] = _void(first[0], first[1], "superseded")
        e = _check_one(board, position, unit, order, infer_single_coast)
        if isinstance(e, tuple):
            eff[prov] = _HOLD
            results[prov] = _void(order, source, *e)
        else:
            e.given = (order, source)
            eff[prov] = e
            results[prov] = _PENDING  # its outcome comes from the adjudication
    _match(board, position, checked)
    return checked


def _check_one(
    board: Board, position: Position, unit: Unit, order: Order, infer: bool
) -> Effective | tuple[str, ...]:
    here = unit.province
    if isinstance(order, Hold):
        return Effective("hold")  # its own value: it carries the player's order
    if isinstance(order, Move):
        return _check_move(board, unit, order, infer)
    if isinstance(order, Support):
        sp = province_of(order.supported)
        if sp not in board.provinces:
            return ("unknown_province", order.supported)
        if sp == here:
            return ("support_self",)
        if position.unit_in(sp) is None:
            return ("no_unit", sp)
        if order.destination is None:
            if not board.reaches(unit.kind, unit.location, sp):
                return ("support_unreachable", here, sp)
            return Effective("support", target=sp)
        dp = province_of(order.destination)
        if dp not in board.provinces:
            return ("unknown_province", order.destination)
        if dp == here:
            return ("support_own_province",)
        if dp == sp:
            return ("own_province",)
        if not board.reaches(unit.kind, unit.location, dp):
            return ("support_unreachable", here, dp)
        return Effective("support", target=sp, target2=dp, location=order.destination)
    assert isinstance(order, Convoy)
    if board.provinces[here].terrain is not Terrain.SEA or unit.kind != FLEET:
        return ("convoy_from_coast", here)
    ap, dp = province_of(order.army), province_of(order.destination)
    if ap not in board.provinces:
        return ("unknown_province", order.army)
    if dp not in board.provinces:
        return ("unknown_province", order.destination)
    army = position.unit_in(ap)
    if army is None:
        return ("no_unit", ap)
    if army.kind != ARMY:
        return ("convoy_not_army",)
    if here not in board.convoy_seas(ap, dp):
        # A fleet that could be on no route from the army to its goal (DATC 4.E.1).
        return ("convoy_impossible", here, ap, dp)
    return Effective("convoy", target=ap, target2=dp)


def _check_move(
    board: Board, unit: Unit, order: Move, infer: bool
) -> Effective | tuple[str, ...]:
    here = unit.province
    written = order.destination
    dp = written if "/" not in written else province_of(written)
    target = board.provinces.get(dp)
    if target is None:
        return ("unknown_province", written)
    if dp == here:
        return ("own_province",)
    terrain = target.terrain
    if terrain is Terrain.IMPASSABLE:
        return ("impassable", dp)
    if unit.kind == ARMY:
        if terrain is Terrain.SEA:
            return ("army_to_sea", dp)
        # An army ignores any coast written after its destination (DATC 4.B.6).
        if dp in board.army_moves.get(here, ()):
            # Over land unless a convoy is ordered for it (decided in _match).
            return Effective("move", target=dp, location=dp, via=order.via_convoy)
        if board.convoyable(here, dp):
            return Effective("move", target=dp, location=dp, convoyed=True, via=True)
        return ("cannot_convoy_there", dp, here)
    if terrain is Terrain.LAND:
        return ("fleet_inland", dp)
    if not target.coasts:
        if dp in board.fleet_moves.get(unit.location, ()):
            return Effective("move", target=dp, location=dp)
        return ("not_adjacent", dp, unit.location)
    reached = board.fleet_coasts_reached(unit.location, dp)
    if not reached:
        return ("not_adjacent", dp, unit.location)
    dest = written
    if dest in target.coasts:
        if dest not in reached:
            return ("coast_unreachable", unit.location, dest)
    elif len(reached) == 1 and infer:
        dest = reached[0]
    else:
        return ("coast_needed", dp, ", ".join(reached))
    return Effective("move", target=dp, location=dest)


def _match(board: Board, position: Position, checked: Checked) -> None:
    """Tie moves, convoys and supports together; what matches nothing is void."""
    eff = checked.effective
    convoys: dict[str, list[str]] = {}
    for p, e in eff.items():
        if e.kind == "convoy" and eff[e.target].kind == "move" and eff[e.target].target == e.target2:
            convoys.setdefault(e.target, []).append(p)
    for a, e in eff.items():
        if e.kind != "move" or e.convoyed:
            continue
        # An army ordered to an adjacent province goes by convoy only when a fleet is
        # ordered to convoy it and the player wrote "via convoy" or one of its own
        # fleets convoys it (DATC 4.A.3); otherwise over land (DATC 6.G.8).
        fleets = convoys.get(a)
        if (
            fleets
            and (e.via or any(_power(position, f) == _power(position, a) for f in fleets))
            and route_exists(board, a, e.target, {position.unit_in(f).location for f in fleets})  # type: ignore[union-attr]
        ):
            e.convoyed = True
    at_sea: set[str] | None = None
    for a, e in list(eff.items()):
        if e.kind != "move" or not e.convoyed:
            continue
        if at_sea is None:
            seas = board.seas
            at_sea = {u.location for u in position.units if u.province in seas}
        if not route_exists(board, a, e.target, at_sea):
            # Not even a chain of fleets that could convoy it: the order cannot be
            # carried out and the army holds (DATC 6.D.32). With such fleets present
            # the move stands and merely fails if they do not convoy (DATC 6.D.8).
            _unmatch(checked, a, "no_convoy")
    for p, e in list(eff.items()):
        if e.kind == "convoy":
            army = eff[e.target]
            if not (army.kind == "move" and army.convoyed and army.target == e.target2):
                _unmatch(checked, p, "convoy_mismatch", e.target, e.target2 or "")
    for p, e in list(eff.items()):
        if e.kind != "support":
            continue
        other = eff[e.target]
        if e.target2 is None:
            if other.kind == "move":
                _unmatch(checked, p, "support_hold_of_move", e.target)
        elif not (other.kind == "move" and other.target == e.target2):
            _unmatch(checked, p, "support_mismatch", e.target, e.target2)
        elif "/" in e.location and e.location != other.location:
            # A support naming the other coast supports a move that was not made.
            _unmatch(checked, p, "support_mismatch", e.target, e.location)


def _power(position: Position, province: str) -> str:
    unit = position.unit_in(province)
    return unit.power if unit else ""


def route_exists(board: Board, origin: str, dest: str, fleets: set[str]) -> bool:
    """Is there a chain of these fleets' seas from ``origin`` to ``dest``?"""
    fm = board.fleet_moves
    origin_locs = board.provinces[origin].locations
    dest_locs = board.provinces[dest].locations
    frontier = [f for f in fleets if any(loc in fm.get(f, ()) for loc in origin_locs)]
    seen = set(frontier)
    while frontier:
        f = frontier.pop()
        adj = fm.get(f, ())
        if any(loc in adj for loc in dest_locs):
            return True
        for g in fleets:
            if g not in seen and g in adj:
                seen.add(g)
                frontier.append(g)
    return False


def _unmatch(checked: Checked, p: str, reason: str, *detail: str) -> None:
    given = checked.effective[p].given
    checked.effective[p] = _HOLD
    if given is not None:
        checked.results[p] = _void(given[0], given[1], reason, *detail)
