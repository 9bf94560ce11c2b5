"""Movement orders against the board: each unit gets one effective order.

Illegal orders become holds and are reported void with a reason (R-ORD-3);
nothing here raises on a player's order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from .board import ARMY, FLEET, Board, Terrain, province_of
from .orders import Convoy, Hold, Move, Order, Support
from .outcome import OrderResult, Result, Source
from .position import Position, Unit

_KIND_NAME = {ARMY: "an army", FLEET: "a fleet"}


@dataclass
class Effective:
    """The order a unit really executes (internal to adjudication)."""

    kind: str  # "hold" | "move" | "support" | "convoy"
    target: str = ""  # move: destination province; support/convoy: the other unit's province
    target2: str | None = None  # support: destination province (None = hold); convoy: dest
    location: str = ""  # move: destination location, coast included
    convoyed: bool = False  # move: goes by convoy
    via: bool = False  # move: the player asked for a convoy
    result: OrderResult | None = None  # the player's order, once legal


@dataclass
class Checked:
    effective: dict[str, Effective]
    results: dict[str, OrderResult] = field(default_factory=dict)


def _void(order: Order, source: Source, reason: str, *detail: str) -> OrderResult:
    return OrderResult(order, Result.VOID, reason, tuple(detail), source)


def check_movement_orders(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
) -> Checked:
    eff: dict[str, Effective] = {u.province: Effective("hold") for u in position.units}
    checked = Checked(eff)
    results = checked.results
    for i, (order, source) in enumerate(orders):
        key = f"#{i}"
        if not isinstance(order, (Hold, Move, Support, Convoy)):
            results[key] = _void(order, source, "wrong_phase")
            continue
        prov = province_of(order.location)
        unit = position.unit_in(prov)
        if unit is None:
            results[key] = _void(order, source, "no_unit", order.location)
            continue
        if unit.power != order.power:
            results[key] = _void(order, source, "wrong_power", prov, unit.power)
            continue
        if order.kind is not None and order.kind != unit.kind:
            results[key] = _void(order, source, "wrong_kind", prov, _KIND_NAME[order.kind])
            continue
        if prov in results:
            # One order per unit (R-ORD-3): the later order replaces the earlier one.
            earlier = results.pop(prov)
            results[f"{prov}#{i}"] = _void(earlier.order, earlier.source, "superseded")
        e, void = _check_one(board, position, unit, order, infer_single_coast)
        if void is not None:
            eff[prov] = Effective("hold")
            results[prov] = _void(order, source, *void)
        else:
            e.result = OrderResult(order, Result.SUCCEEDS, source=source)
            eff[prov] = e
            results[prov] = e.result
    _match(board, position, checked)
    return checked


def _check_one(
    board: Board, position: Position, unit: Unit, order: Order, infer: bool
) -> tuple[Effective, tuple[str, ...] | None]:
    here = unit.province
    hold = Effective("hold")
    if isinstance(order, Hold):
        return hold, None
    if isinstance(order, Move):
        return _check_move(board, unit, order, infer)
    if isinstance(order, Support):
        sp = province_of(order.supported)
        if sp not in board.provinces:
            return hold, ("unknown_province", order.supported)
        if sp == here:
            return hold, ("support_self",)
        if position.unit_in(sp) is None:
            return hold, ("no_unit", sp)
        if order.destination is None:
            if not board.reaches(unit.kind, unit.location, sp):
                return hold, ("support_unreachable", here, sp)
            return Effective("support", target=sp), None
        dp = province_of(order.destination)
        if dp not in board.provinces:
            return hold, ("unknown_province", order.destination)
        if dp == here:
            return hold, ("support_own_province",)
        if dp == sp:
            return hold, ("own_province",)
        if not board.reaches(unit.kind, unit.location, dp):
            return hold, ("support_unreachable", here, dp)
        return Effective("support", target=sp, target2=dp), None
    assert isinstance(order, Convoy)
    if board.provinces[here].terrain is not Terrain.SEA or unit.kind != FLEET:
        return hold, ("convoy_from_coast", here)
    ap, dp = province_of(order.army), province_of(order.destination)
    if ap not in board.provinces:
        return hold, ("unknown_province", order.army)
    if dp not in board.provinces:
        return hold, ("unknown_province", order.destination)
    army = position.unit_in(ap)
    if army is None:
        return hold, ("no_unit", ap)
    if army.kind != ARMY:
        return hold, ("convoy_not_army",)
    return Effective("convoy", target=ap, target2=dp), None


def _check_move(
    board: Board, unit: Unit, order: Move, infer: bool
) -> tuple[Effective, tuple[str, ...] | None]:
    hold = Effective("hold")
    here = unit.province
    dp = province_of(order.destination)
    target = board.provinces.get(dp)
    if target is None:
        return hold, ("unknown_province", order.destination)
    if dp == here:
        return hold, ("own_province",)
    if target.terrain is Terrain.IMPASSABLE:
        return hold, ("impassable", dp)
    if unit.kind == ARMY:
        if target.is_sea:
            return hold, ("army_to_sea", dp)
        # An army ignores any coast written after its destination (DATC 4.B.6).
        if board.can_move(ARMY, here, dp) and not order.via_convoy:
            return Effective("move", target=dp, location=dp, via=False), None
        if board.convoyable(here, dp):
            return Effective("move", target=dp, location=dp, convoyed=True, via=True), None
        return hold, ("cannot_convoy_there", dp, here)
    if target.terrain is Terrain.LAND:
        return hold, ("fleet_inland", dp)
    reached = board.fleet_coasts_reached(unit.location, dp)
    if not reached:
        return hold, ("not_adjacent", dp, unit.location)
    if target.coasts:
        dest = order.destination
        if dest in target.coasts:
            if dest not in reached:
                return hold, ("coast_unreachable", unit.location, dest)
        elif len(reached) == 1 and infer:
            dest = reached[0]
        else:
            return hold, ("coast_needed", dp, ", ".join(reached))
        return Effective("move", target=dp, location=dest), None
    return Effective("move", target=dp, location=dp), None


def _match(board: Board, position: Position, checked: Checked) -> None:
    """Tie supports and convoys to the orders they name; unmatched ones are void."""
    eff = checked.effective
    # Convoy intent (DATC 4.A.3): an army ordered to an adjacent province goes by
    # convoy when a fleet of its own power is ordered to convoy it there.
    for p, e in eff.items():
        if e.kind == "convoy":
            army = eff[e.target]
            if (
                army.kind == "move"
                and not army.convoyed
                and army.target == e.target2
                and position.unit_in(p).power == position.unit_in(e.target).power  # type: ignore[union-attr]
                and board.provinces[army.target].terrain is Terrain.COAST
                and board.provinces[e.target].terrain is Terrain.COAST
            ):
                army.convoyed = True
    for p, e in eff.items():
        if e.kind == "convoy":
            army = eff[e.target]
            if not (army.kind == "move" and army.convoyed and army.target == e.target2):
                _unmatch(checked, p, "convoy_mismatch", e.target, e.target2 or "")
        elif e.kind == "support":
            other = eff[e.target]
            if e.target2 is None:
                if other.kind == "move":
                    _unmatch(checked, p, "support_hold_of_move", e.target)
            elif not (other.kind == "move" and other.target == e.target2):
                _unmatch(checked, p, "support_mismatch", e.target, e.target2)


def _unmatch(checked: Checked, p: str, reason: str, *detail: str) -> None:
    given = checked.effective[p].result
    checked.effective[p] = Effective("hold")
    if given is not None:
        checked.results[p] = _void(given.order, given.source, reason, *detail)
