"""The adjudicator's first pass: each unit gets one effective order.

Each order is checked by :func:`arbitro.diplomacy.legality.validate` (the one legality);
this pass only keeps one order per unit (R-ORD-3) and ties moves, convoys and supports
together. Illegal orders and orders that match nothing become holds, reported void
with a reason; nothing here raises on a player's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .board import ARMY, FLEET, Board, province_of
from .legality import ILLEGAL, Void, validate
from .orders import UNITLESS, Convoy, Move, Order, Support, Waive
from .outcome import OrderResult, Result, Source
from .position import MOVEMENT, Position


class Kind(StrEnum):
    """What a unit really does in the adjudication."""

    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"


# Module-level names: the resolver compares kinds by identity on its hot path.
HOLD, MOVE, SUPPORT, CONVOY = Kind.HOLD, Kind.MOVE, Kind.SUPPORT, Kind.CONVOY


@dataclass(slots=True)
class Effective:
    """The order a unit really executes (internal to adjudication)."""

    kind: Kind
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
    # Supports to hold of a fleet moving to a sea, kept for the house rule that such a
    # fleet bounced by another power's fleet holds (``bounce_holds``); the resolver
    # counts each only if that happens, and voids it otherwise.
    conditional: set[str] = field(default_factory=set)


# Placeholder keeping a legal order's place in the results until it is adjudicated.
_PENDING = OrderResult(Waive(""), Result.SUCCEEDS)

# Every unit without a (legal) order of its own holds; they share one value, which
# nothing mutates (only moves are marked "convoyed" in _match).
_HOLDING = Effective(HOLD)


def _void(order: Order, source: Source, reason: str, *detail: str) -> OrderResult:
    return OrderResult(order, Result.VOID, reason, tuple(detail), source)


def check_movement_orders(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
    bounce_holds: bool = False,
) -> Checked:
    """Each unit's effective order. ``bounce_holds``: the house rule under which a fleet
    bounced over a sea by another power's fleet holds (HouseRules.fleet_bounced_at_sea_holds)."""
    eff: dict[str, Effective] = dict.fromkeys(position.by_province, _HOLDING)
    checked = Checked(eff)
    results = checked.results
    for i, given in enumerate(orders):
        order, source = given
        legal = validate(board, order, position, MOVEMENT, infer_single_coast=infer_single_coast)
        if isinstance(legal, Void) and (legal.level > ILLEGAL or legal.reason == "wrong_phase"):
            # Not an order for one of the power's units: it replaces nothing.
            results[f"#{i}"] = OrderResult(order, Result.VOID, legal.reason, legal.detail, source)
            continue
        if isinstance(order, UNITLESS):  # a power's order: play() judges those apart
            results[f"#{i}"] = OrderResult(order, Result.VOID, "not_in_rules", (), source)
            continue
        loc = order.location
        prov = loc if "/" not in loc else province_of(loc)
        if prov in results:
            # One order per unit (R-ORD-3): the later order replaces the earlier one.
            earlier = results.pop(prov)
            first = eff[prov].given if earlier is _PENDING else (earlier.order, earlier.source)
            assert first is not None
            results[f"{prov}#{i}"] = _void(first[0], first[1], "superseded")
        if isinstance(legal, Void):
            eff[prov] = _HOLDING
            results[prov] = OrderResult(order, Result.VOID, legal.reason, legal.detail, source)
            continue
        eff[prov] = _effective(board, legal, prov, given)
        results[prov] = _PENDING  # its outcome comes from the adjudication
    _match(board, position, checked, bounce_holds)
    return checked


def _effective(board: Board, order: Order, here: str, given: tuple[Order, Source]) -> Effective:
    """The adjudicator's view of an order in normal form (of the unit in ``here``)."""
    if type(order) is Move:
        dest = order.destination
        if order.kind == ARMY:  # an army's destination is a province
            if dest not in board.army_moves.get(here, ()):
                return Effective(MOVE, dest, None, dest, True, True, given)
            # Adjacent: over land unless a convoy is ordered for it (in _match).
            return Effective(MOVE, dest, None, dest, False, order.via_convoy, given)
        target = dest if "/" not in dest else province_of(dest)
        return Effective(MOVE, target, None, dest, False, False, given)
    if type(order) is Support:
        sp = province_of(order.supported)
        if order.destination is None:
            return Effective(SUPPORT, sp, given=given)
        return Effective(SUPPORT, sp, province_of(order.destination), order.destination, given=given)
    if type(order) is Convoy:
        return Effective(CONVOY, province_of(order.army), order.destination, given=given)
    return Effective(HOLD, given=given)  # its own value: it carries the player's order


def _match(board: Board, position: Position, checked: Checked, bounce_holds: bool = False) -> None:
    """Tie moves, convoys and supports together; what matches nothing is void."""
    eff = checked.effective
    moves: list[str] = []
    others: list[str] = []  # supports and convoys
    convoys: dict[str, list[str]] = {}
    for p, e in eff.items():
        kind = e.kind
        if kind is MOVE:
            moves.append(p)
        elif kind is not HOLD:
            others.append(p)
            if kind is CONVOY and eff[e.target].kind is MOVE and eff[e.target].target == e.target2:
                convoys.setdefault(e.target, []).append(p)
    for a in moves:
        e = eff[a]
        if e.convoyed:
            continue
        # An army ordered to an adjacent province goes by convoy only when a fleet is
        # ordered to convoy it and the player wrote "via convoy" or one of its own
        # fleets convoys it (DATC 4.A.3); otherwise over land (DATC 6.G.8).
        fleets = convoys.get(a)
        if (
            fleets
            and (e.via or any(_power(position, f) == _power(position, a) for f in fleets))
            and board.convoy_route(a, e.target, {position.by_province[f].location for f in fleets})
        ):
            e.convoyed = True
    at_sea: set[str] | None = None
    for a in moves:
        e = eff[a]
        if not e.convoyed:
            continue
        if at_sea is None:
            seas = board.seas
            at_sea = {u.location for u in position.units if u.province in seas}
        if not board.convoy_route(a, e.target, at_sea):
            # Not even a chain of fleets that could convoy it: the order cannot be
            # carried out and the army holds (DATC 6.D.32). With such fleets present
            # the move stands and merely fails if they do not convoy (DATC 6.D.8).
            _unmatch(checked, a, "no_convoy")
    # (Unmatching a convoy makes a hold of it, which changes no support's match.)
    for p in others:
        e = eff[p]
        other = eff[e.target]
        if e.kind is CONVOY:
            if not (other.kind is MOVE and other.convoyed and other.target == e.target2):
                _unmatch(checked, p, "convoy_mismatch", e.target, e.target2 or "")
        elif e.target2 is None:
            if other.kind is not MOVE:
                continue
            if (
                bounce_holds
                and other.target in board.seas
                and position.by_province[e.target].kind == FLEET
            ):
                checked.conditional.add(p)
            else:
                _unmatch(checked, p, "support_hold_of_move", e.target)
        elif not (other.kind is MOVE and other.target == e.target2):
            _unmatch(checked, p, "support_mismatch", e.target, e.target2)
        elif "/" in e.location and e.location != other.location:
            # A support naming the other coast supports a move that was not made.
            _unmatch(checked, p, "support_mismatch", e.target, e.location)


def _power(position: Position, province: str) -> str:
    unit = position.unit_in(province)
    return unit.power if unit else ""


def _unmatch(checked: Checked, p: str, reason: str, *detail: str) -> None:
    given = checked.effective[p].given
    checked.effective[p] = _HOLDING
    if given is not None:
        checked.results[p] = _void(given[0], given[1], reason, *detail)
