"""Is this order legal for this unit on this board, and what is its normal form?

The one place that answers it (the role of godip's ``Validate``): the order reader's
feedback, the ballots and referee defaults, and the adjudicator's first pass all ask
:func:`validate`. Only what holds whatever the other orders are is checked here: the
map (adjacency, coasts, seas, possible convoy routes), the position (which unit stands
where, whose it is, where a dislodged unit may retreat) and the phase. Whether the other
orders make an order succeed (a convoy actually ordered, a support matched) is the
adjudicator's business.

The answer is the order in *normal form* (power, unit type and exact locations filled in,
a coast inferred where ``infer_single_coast`` allows it, R-ORD-5) or a :class:`Void` with
a reason code (its words: ``reason.<code>`` in the catalogs, :mod:`arbitro.words`).
Without a position (the reader checking a mail before the board is known) the order is
checked against the map alone.
Illegal is data, never an exception.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from .board import ARMY, FLEET, Board, Terrain, province_of
from .orders import (
    POWER_ORDERS,
    Allow,
    Build,
    Confirm,
    Convoy,
    Disband,
    Gift,
    Hold,
    Move,
    Order,
    PowerOrder,
    Retreat,
    Strike,
    Support,
    Treaty,
    Waive,
)
from .position import ADJUSTMENT, MOVEMENT, RETREAT, Dislodged, Position

# How far off an order is (the reader prefers the reading with the lowest level):
# the unit is not there or not the player's; the unit is of the other type; the
# order is impossible on the map or in the phase.
NO_UNIT, WRONG_KIND, ILLEGAL = 3, 2, 1


@dataclass(frozen=True)
class Void:
    reason: str  # a reason code (its words: catalog key reason.<code>, arbitro/words)
    detail: tuple[str, ...] = ()
    level: int = field(default=ILLEGAL, compare=False)


_PHASES_OF: dict[type, tuple[str, ...]] = {
    Hold: (MOVEMENT,), Move: (MOVEMENT,), Support: (MOVEMENT,), Convoy: (MOVEMENT,),
    Retreat: (RETREAT,), Disband: (RETREAT, ADJUSTMENT), Build: (ADJUSTMENT,),
    Waive: (ADJUSTMENT,),
    # Power-level orders of house rules (arbitro/diplomacy/rulesets.py): the strike, gifts and
    # passage go with a movement phase's orders; a treaty may go with any orders.
    Strike: (MOVEMENT,), Gift: (MOVEMENT,), Allow: (MOVEMENT,),
    Treaty: (MOVEMENT, RETREAT, ADJUSTMENT), Confirm: (MOVEMENT, RETREAT, ADJUSTMENT),
}
_WRONG_PHASE = Void("wrong_phase")


def validate(
    board: Board,
    order: Order,
    position: Position | None = None,
    phase: str | None = None,
    *,
    power: str | None = None,
    infer_single_coast: bool = True,
) -> Order | Void:
    """``order`` in normal form, or why it is void.

    ``phase``: the phase kind (M, R, A) or None for any. ``power``: whose order it is
    (ballots: the power voted for); by default the power the order names, and an
    order naming no power ("") is checked for whatever unit stands there.
    ``infer_single_coast``: a fleet moved to a split-coast province without a coast
    goes to the one coast it can reach (on) or the order is void (off, R-ORD-5).
    """
    cls = type(order)
    wrong_phase = phase is not None and phase not in _PHASES_OF[cls]
    if isinstance(order, Waive):
        return _WRONG_PHASE if wrong_phase else order
    if isinstance(order, POWER_ORDERS):
        return _WRONG_PHASE if wrong_phase else validate_power_order(board, order, position)
    owner = power if power is not None else order.power
    loc = order.location
    here = loc if "/" not in loc else province_of(loc)  # inline: asked for every order
    if here not in board.provinces:
        return Void("unknown_province", (loc,), NO_UNIT)
    if type(order) is Build:
        return _WRONG_PHASE if wrong_phase else _build(board, order, position, owner)
    kind = order.kind
    dislodged = None
    if position is not None:
        if phase == RETREAT or (phase is None and type(order) is Retreat):
            dislodged = position.dislodged_in(here)
            if dislodged is None:
                return Void("not_dislodged", (here,), NO_UNIT)
            unit = dislodged.unit
        else:
            found = position.by_province.get(here)
            if found is None:
                return Void("no_unit", (here,), NO_UNIT)
            unit = found
        if owner and unit.power != owner:
            return Void("wrong_power", (here, unit.power), NO_UNIT)
        if kind is not None and kind != unit.kind:
            return Void("wrong_kind", (here, unit.kind), WRONG_KIND)
        kind, loc = unit.kind, unit.location
        owner = owner or unit.power
    elif kind is not None and not can_stand(board, kind, loc):
        return Void("cannot_stand", (kind, here))
    if wrong_phase:  # after the unit: "no unit there" says more than "not now"
        return _WRONG_PHASE
    # The order as given is its own normal form when nothing had to be filled in: most
    # orders are, and a new frozen value costs more than the rest of the check.
    same = owner == order.power and kind == order.kind and loc == order.location
    if type(order) is Move:
        if kind is None:
            return _unknown_kind(board, order, infer_single_coast)
        return _move(board, owner, kind, loc, order.destination, order.via_convoy, infer_single_coast,
                     order if same else None)
    if type(order) is Hold:
        return order if same else Hold(owner, kind, loc)
    if type(order) is Support:
        return _support(board, position, order, owner, kind, loc)
    if type(order) is Convoy:
        return _convoy(board, position, order, owner, kind, loc)
    if type(order) is Disband:
        return order if same else Disband(owner, kind, loc)
    assert isinstance(order, Retreat)
    return _retreat(board, order, owner, kind, loc, dislodged, infer_single_coast)


def check_unit_order(
    board: Board,
    position: Position,
    power: str,
    order: Order,
    infer_single_coast: bool = True,
) -> Hold | Move | Support | Convoy | Void:
    """A movement order given for one of ``power``'s units (ballots, R-ONP-3/5): its
    normal form, so that equal votes compare equal (``A ROM - APU`` and ``ROM - APU``
    are one order), or Void."""
    checked = validate(board, order, position, MOVEMENT, power=power, infer_single_coast=infer_single_coast)
    assert isinstance(checked, (Hold, Move, Support, Convoy, Void))
    return checked


@functools.lru_cache(maxsize=8)
def _standing(board: Board) -> frozenset[tuple[str, str]]:
    """Every (unit type, location) where a unit may be written as standing: where it
    may exist, and a fleet on a split-coast province without its coast."""
    out = set()
    for prov in board.provinces.values():
        for loc in (prov.code, *prov.coasts):
            for kind in (ARMY, FLEET):
                if board.unit_can_stand(kind, loc) or (kind == FLEET and loc == prov.code and prov.coasts):
                    out.add((kind, loc))
    return frozenset(out)


def can_stand(board: Board, kind: str, location: str) -> bool:
    """May a unit of this type be named on this location?"""
    return (kind, location) in _standing(board)


# -- moves and retreats --------------------------------------------------------


def _move(
    board: Board, power: str, kind: str, loc: str, written: str, via: bool, infer: bool,
    given: Move | None = None, convoy: bool = True,
) -> Move | Void:
    """A move (``convoy``: possibly by convoy); ``given``: the order, when its power,
    type and location are already the normal form's."""
    rule = _move_rule(board, kind, loc, written, via, infer, convoy)
    if isinstance(rule, Void):
        return rule
    dest, by_sea = rule
    if given is not None and dest == written and by_sea == via:
        return given
    return Move(power, kind, loc, dest, by_sea)


@functools.lru_cache(maxsize=1 << 16)
def _move_rule(
    board: Board, kind: str, loc: str, written: str, via: bool, infer: bool, convoy: bool
) -> tuple[str, bool] | Void:
    """The destination location and whether the move is by convoy, or why it is void: a
    question about the map alone, so asked once per board and move (a game repeats its
    moves)."""
    here = loc if "/" not in loc else province_of(loc)
    dp = written if "/" not in written else province_of(written)
    target = board.provinces.get(dp)
    if target is None:
        return Void("unknown_province", (written,))
    if dp == here:
        return Void("own_province")
    terrain = target.terrain
    if terrain is Terrain.IMPASSABLE:
        return Void("impassable", (dp,))
    if kind == ARMY:
        if terrain is Terrain.SEA:
            return Void("army_to_sea", (dp,))
        # An army ignores any coast written after its destination (DATC 4.B.6).
        if dp in board.army_moves.get(here, ()):
            return dp, via
        coastal = terrain is Terrain.COAST and board.provinces[here].terrain is Terrain.COAST
        if convoy and coastal and board.convoy_route(here, dp):
            # A move that needs a convoy is a convoy move, written with VIA or not.
            return dp, True
        return Void("cannot_convoy_there" if convoy and coastal else "not_adjacent", (dp, here))
    if via:
        return Void("convoy_not_army")
    if terrain is Terrain.LAND:
        return Void("fleet_inland", (dp,))
    if not target.coasts:
        if not board.reaches(FLEET, loc, dp):
            return Void("not_adjacent", (dp, here))
        return dp, False
    reached = board.fleet_coasts_reached(loc, dp)
    if not reached:
        return Void("not_adjacent", (dp, here))
    if written in target.coasts:
        if written not in reached:
            return Void("coast_unreachable", (loc, written))
        return written, False
    if len(reached) == 1 and infer:
        return reached[0], False
    return Void("coast_needed", (dp, ", ".join(reached)))


def _unknown_kind(board: Board, order: Move, infer: bool) -> Move | Void:
    """A move read without its unit type or a position: legal if some type could make it."""
    here = province_of(order.location)
    voids: list[Void] = []
    for kind in (ARMY, FLEET):
        if can_stand(board, kind, order.location if kind == FLEET else here):
            got = _move(board, order.power, kind, order.location, order.destination, order.via_convoy, infer)
            if not isinstance(got, Void):
                return order
            voids.append(got)
    return voids[0] if voids else Void("cannot_stand", ("?", here))


def _retreat(
    board: Board, order: Retreat, power: str, kind: str | None, loc: str,
    dislodged: Dislodged | None, infer: bool,
) -> Retreat | Void:
    written = order.destination
    if dislodged is not None:
        retreats = dislodged.retreats
        # Where the dislodged unit may go was settled by the movement phase (R-RET-1).
        if written in retreats:
            return Retreat(power, kind, loc, written)
        wp = province_of(written)
        matches = [r for r in retreats if province_of(r) == wp]
        if len(matches) == 1 and (written == wp or matches[0] == written):
            return Retreat(power, kind, loc, matches[0])
        return Void("retreat_invalid", (written, ", ".join(retreats) or "-"))
    if kind is None:
        return order
    got = _move(board, power, kind, loc, written, False, infer, convoy=False)
    if isinstance(got, Void):
        return got
    return Retreat(power, kind, loc, got.destination)


# -- supports and convoys --------------------------------------------------------


def _support(
    board: Board, position: Position | None, order: Support, power: str, kind: str | None, loc: str
) -> Support | Void:
    here = loc if "/" not in loc else province_of(loc)
    sp = order.supported if "/" not in order.supported else province_of(order.supported)
    if sp not in board.provinces:
        return Void("unknown_province", (order.supported,))
    if sp == here:
        return Void("support_self")
    skind, sloc = order.supported_kind, order.supported
    if position is not None:
        helped = position.unit_in(sp)
        if helped is None:
            return Void("no_unit", (sp,))
        if skind is not None and skind != helped.kind:
            # level ILLEGAL: the order's own unit is right, the order is not
            return Void("wrong_kind", (sp, helped.kind))
        skind, sloc = helped.kind, helped.location
    elif skind is not None and not can_stand(board, skind, sloc):
        return Void("cannot_stand", (skind, sp))
    rule = _support_rule(board, kind, loc, sp, skind, sloc, order.destination)
    if isinstance(rule, Void):
        return rule
    return _support_value(order, power, kind, loc, skind, sloc, rule or None)


@functools.lru_cache(maxsize=1 << 16)
def _support_rule(
    board: Board, kind: str | None, loc: str, sp: str, skind: str | None, sloc: str, written: str | None
) -> str | Void:
    """The support's destination in normal form ("" for a support to hold), or why it is
    void: the map's part of the check, asked once per board and support."""
    here = loc if "/" not in loc else province_of(loc)
    if written is None:
        if not _reaches(board, kind, loc, sp):
            return Void("support_unreachable", (here, sp))
        return ""
    dp = province_of(written)
    target = board.provinces.get(dp)
    if target is None:
        return Void("unknown_province", (written,))
    if dp == here:
        return Void("support_own_province")
    if dp == sp:
        return Void("own_province")
    if not _reaches(board, kind, loc, dp):
        return Void("support_unreachable", (here, dp))
    # The supported unit must be able to make the move (by convoy, for an army).
    # Into a province: which coast a supported fleet takes does not matter (DATC 6.B.4).
    kinds = (skind,) if skind is not None else (ARMY, FLEET)
    first: Void | None = None
    for k in kinds:
        if not can_stand(board, k, sloc if k == FLEET else sp):
            continue
        got = _move_rule(board, k, sloc, dp, False, True, True)
        if not isinstance(got, Void) or got.reason == "coast_needed":
            first = None
            break
        first = first or got
    if first is not None:
        return first
    # A coast named in a support of a fleet's move is kept: it supports only the move to
    # that coast (DATC 6.B.9); an army's move ignores coasts (DATC 6.B.12), so its support does.
    return written if written in target.coasts and skind != ARMY else dp


def _support_value(
    order: Support, power: str, kind: str | None, loc: str, skind: str | None, sloc: str, dest: str | None
) -> Support:
    if (power, kind, loc, skind, sloc, dest) == (
        order.power, order.kind, order.location, order.supported_kind, order.supported, order.destination
    ):
        return order
    return Support(power, kind, loc, skind, sloc, dest)


def _reaches(board: Board, kind: str | None, loc: str, province: str) -> bool:
    if kind is not None:
        return board.reaches(kind, loc, province)
    return any(
        can_stand(board, k, loc) and board.reaches(k, loc, province) for k in (ARMY, FLEET)
    )


def _convoy(
    board: Board, position: Position | None, order: Convoy, power: str, kind: str | None, loc: str
) -> Convoy | Void:
    here = province_of(loc)
    if kind == ARMY or board.provinces[here].terrain is not Terrain.SEA:
        return Void("convoy_not_sea", (here,))  # R-ORD-6: only fleets at sea
    ap, dp = province_of(order.army), province_of(order.destination)
    for code, written in ((ap, order.army), (dp, order.destination)):
        if code not in board.provinces:
            return Void("unknown_province", (written,))
    army = ap
    if position is not None:
        carried = position.unit_in(ap)
        if carried is None:
            return Void("no_unit", (ap,))
        if carried.kind != ARMY:
            return Void("convoy_not_army")
        army = carried.location
    if ap == dp:
        return Void("own_province")
    seas = board.convoy_seas(ap, dp)
    if not seas:
        return Void("cannot_convoy_there", (dp, ap))
    if here not in seas:
        # A fleet that could be on no route from the army to its goal (DATC 4.E.1).
        return Void("convoy_impossible", (here, ap, dp))
    if (power, FLEET, loc, army, dp) == (order.power, order.kind, order.location, order.army, order.destination):
        return order
    return Convoy(power, FLEET, loc, army, dp)


# -- builds ---------------------------------------------------------------------------


def _build(board: Board, order: Build, position: Position | None, power: str) -> Build | Void:
    here = province_of(order.location)
    prov = board.provinces[here]
    kind = order.kind
    if kind is not None:
        if not can_stand(board, kind, order.location):
            return Void("cannot_stand", (kind, here))
        if kind == FLEET and prov.coasts and order.location == here:
            return Void("coast_needed", (here, ", ".join(prov.coasts)))
    if power in board.powers and here not in board.build_centres_of(power):
        return Void("not_home_centre", (here, power))
    if position is not None:
        if position.unit_in(here) is not None:
            return Void("occupied", (here,))
        if power in board.powers and position.centres.get(here) != power:
            return Void("centre_not_owned", (here,))
    return Build(power, kind, order.location)


def validate_power_order(board: Board, order: PowerOrder, position: Position | None) -> Order | Void:
    """A power-level order of house rules, checked against the map and the position: who
    it names, what the power owns or occupies, whether its unique weapon is spent.
    Whether the house's rules have such orders at all is the phase's business."""
    power = order.power
    if isinstance(order, Strike):
        for where in (order.target, order.origin):
            if where not in board.provinces:
                return Void("unknown_province", (where,))
        if position is not None:
            if power in position.weapons_used:
                return Void("weapon_spent", (power,))
            unit = position.unit_in(order.origin)
            if unit is None or unit.power != power:
                return Void("strike_not_occupied", (order.origin,))
        if order.target == order.origin or order.target not in board.neighbours(order.origin):
            return Void("strike_not_adjacent", (order.target, order.origin))
        return order
    if isinstance(order, Gift):
        if order.province not in board.provinces:
            return Void("unknown_province", (order.province,))
        if order.to not in board.powers or order.to == power:
            return Void("unknown_power", (order.to,))
        if board.provinces[order.province].is_sea:
            return Void("gift_sea", (order.province,))
        if position is not None and position.owner_of(order.province) != power:
            return Void("gift_not_owned", (order.province,))
        return order
    if isinstance(order, Allow):
        bad = [a for a in order.allies if a not in board.powers or a == power]
        if bad or not order.allies:
            return Void("unknown_power", (", ".join(bad),))
        return order
    if isinstance(order, Treaty):
        bad = [a for a in order.parties if a not in board.powers or a == power]
        if bad or not order.parties:
            return Void("unknown_power", (", ".join(bad),))
        return order
    assert isinstance(order, Confirm)
    if order.proposer not in board.powers or order.proposer == power:
        return Void("unknown_power", (order.proposer,))
    return order
