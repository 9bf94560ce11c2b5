"""The adjudicator's first pass: each unit gets one effective order.

Each order is checked by :func:`arbitro.diplomacy.legality.validate` (the one legality);
this pass only keeps one order per unit (R-ORD-3) and ties moves, convoys and supports
together. Illegal orders and orders that match nothing become holds, reported void
with a reason; nothing here raises on a player's order.

The effective orders are arrays indexed by province number (``Board.numbers``). An
order's legality depends only on the order and on the units standing where it names
them, so the answer is remembered per board and order (``_Known``) and asked of
``validate`` again only when those units differ: a game repeats most of its orders from
phase to phase.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .board import ARMY, FLEET, Board
from .legality import ILLEGAL, Void, validate
from .orders import UNITLESS, Convoy, Hold, Move, Order, Support
from .outcome import OrderResult, Result, Source
from .position import MOVEMENT, Position, Unit


class Kind(StrEnum):
    """What a unit really does in the adjudication."""

    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"


# Module-level names: the resolver compares kinds by identity on its hot path.
HOLD, MOVE, SUPPORT, CONVOY = Kind.HOLD, Kind.MOVE, Kind.SUPPORT, Kind.CONVOY

# How an order stands after the legality check.
_STANDS = 0  # legal: the unit's effective order
_VOID_HOLDS = 1  # void, for one of the power's units: it holds, and replaces an earlier order
_VOID_APART = 2  # not an order for one of the power's units: it replaces nothing

_MEMO_LIMIT = 1 << 15  # orders remembered per board and coast rule, then forgotten at once


class _Known:
    """One order's legality, as long as the units it names stand as they stood: the
    unit at its location and (support, convoy) the unit it names."""

    __slots__ = (
        "by_convoy",
        "by_player",
        "failures",
        "here",
        "kind",
        "location",
        "other",
        "other_at",
        "p",
        "results",
        "status",
        "target",
        "target2",
        "unit",
        "via",
        "void",
    )

    def __init__(self, status: int, here: str, unit: Unit | None, other_at: str, other: Unit | None) -> None:
        self.status = status
        self.here = here  # the province the order names its unit in
        self.p = -1  # its number (a province of the board)
        self.unit = unit  # the unit found there (None: none)
        self.other_at = other_at  # the province of the unit supported or convoyed ("" none)
        self.other = other
        self.void: Void | None = None
        self.kind = HOLD
        self.target = -1  # move: destination; support, convoy: the other unit's province
        self.target2 = -1  # support: destination (-1: to hold); convoy: destination
        self.location = ""  # move: destination location; support: the location it names
        self.by_convoy = False  # an army's move to a province it cannot walk to
        self.via = False  # the player asked for a convoy
        # The order's result when it is the same whatever the phase: void, or (a legal
        # order) succeeds; the player's, and by other sources.
        self.by_player: OrderResult | None = None
        self.results: dict[str, OrderResult] = {}
        self.failures: dict[tuple[str | None, tuple[str, ...]], OrderResult] = {}  # the player's

    def failure(self, order: Order, source: Source, reason: str | None, detail: tuple[str, ...]) -> OrderResult:
        """The order's result when it fails for ``reason`` (a value: the same each time)."""
        if source is not Source.PLAYER:
            return OrderResult(order, Result.FAILS, reason, detail, source)
        key = (reason, detail)
        found = self.failures.get(key)
        if found is None:
            found = self.failures[key] = OrderResult(order, Result.FAILS, reason, detail, source)
        return found

    def result(self, order: Order, source: Source) -> OrderResult:
        """The order's void result, or (legal) its result when it succeeds."""
        if source is Source.PLAYER and self.by_player is not None:
            return self.by_player
        found = self.results.get(source.value)
        if found is None:
            void = self.void
            if void is None:
                found = OrderResult(order, Result.SUCCEEDS, None, (), source)
            else:
                found = OrderResult(order, Result.VOID, void.reason, void.detail, source)
            if source is Source.PLAYER:
                self.by_player = found
            else:
                self.results[source.value] = found
        return found


def _same(a: Unit | None, b: Unit | None) -> bool:
    return a is b or (
        a is not None and b is not None
        and a.location == b.location and a.power == b.power and a.kind == b.kind
    )


class Checked:
    """The effective orders of one phase: by province number, what each unit does, and
    the results the first pass settled (in the order they are reported)."""

    __slots__ = (
        "board",
        "conditional",
        "convoyed",
        "given",
        "kind",
        "known",
        "position",
        "power",
        "results",
        "size",
        "target",
        "target2",
        "unit",
        "unit_bits",
        "units",
    )

    def __init__(self, board: Board, position: Position) -> None:
        numbers = board.numbers
        of = numbers.of
        n = len(numbers.codes)
        self.board, self.position, self.size = board, position, n
        self.unit: list[Unit | None] = [None] * n
        self.power: list[str] = [""] * n
        units: list[int] = []
        unit, power = self.unit, self.power
        for u in position.units:
            p = of[u.province]
            units.append(p)
            unit[p] = u
            power[p] = u.power
        self.units = units  # the units' provinces, in the position's order
        bits = 0
        for p in units:
            bits |= 1 << p
        self.unit_bits = bits  # the same, as a bitset
        self.kind: list[Kind] = [HOLD] * n
        self.target: list[int] = [-1] * n
        self.target2: list[int] = [-1] * n
        self.convoyed: list[bool] = [False] * n  # a move by convoy (the order's, or _match's)
        # The player's order and its source, while its outcome is the adjudication's, and
        # its legality (where its locations are).
        self.given: list[tuple[Order, Source] | None] = [None] * n
        self.known: list[_Known] = [_NO_ORDER] * n
        # Results by key (a province code, or "#i" for an order of no unit), None for an
        # order whose outcome comes from the adjudication: the report's order.
        self.results: dict[str, OrderResult | None] = {}
        # Supports to hold of a fleet moving to a sea, kept for the house rule that such
        # a fleet bounced by another power's fleet holds (``bounce_holds``); the
        # resolver counts each only if that happens, and voids it otherwise.
        self.conditional: set[int] = set()

    @property
    def effective(self) -> dict[str, Kind]:
        """Each unit's effective kind, by province code (for tests and tools)."""
        codes = self.board.numbers.codes
        return {codes[p]: self.kind[p] for p in self.units}

    def unmatch(self, p: int, reason: str, *detail: str) -> None:
        given = self.given[p]
        self.kind[p] = HOLD
        self.given[p] = None
        if given is not None:
            self.results[self.board.numbers.codes[p]] = _void(given[0], given[1], reason, *detail)


def _void(order: Order, source: Source, reason: str, *detail: str) -> OrderResult:
    return OrderResult(order, Result.VOID, reason, tuple(detail), source)


_UNIT_ORDERS = (Hold, Move, Support, Convoy)
_NO_ORDER = _Known(_STANDS, "", None, "", None)  # where no unit has an order


def check_movement_orders(
    board: Board,
    position: Position,
    orders: Sequence[tuple[Order, Source]],
    infer_single_coast: bool = True,
    bounce_holds: bool = False,
) -> Checked:
    """Each unit's effective order. ``bounce_holds``: the house rule under which a fleet
    bounced over a sea by another power's fleet holds (HouseRules.fleet_bounced_at_sea_holds)."""
    checked = Checked(board, position)
    by_province = position.by_province
    memo = board.memo("first_pass.coast" if infer_single_coast else "first_pass.no_coast")
    results = checked.results
    given_at, known_at = checked.given, checked.known
    kind_at, target_at, target2_at, convoyed_at = checked.kind, checked.target, checked.target2, checked.convoyed
    unit_orders = _UNIT_ORDERS
    for i, given in enumerate(orders):
        order = given[0]
        cls = type(order)
        # The order's fields as the key: cheaper to hash and compare than the order.
        key = (cls, *order.__dict__.values()) if cls in unit_orders else None
        known = memo.get(key) if key is not None else None
        if known is not None:
            unit = by_province.get(known.here)
            if unit is not known.unit and not _same(unit, known.unit):
                known = None
            elif known.other_at:
                other = by_province.get(known.other_at)
                if other is not known.other and not _same(other, known.other):
                    known = None
        if known is None:
            if isinstance(order, UNITLESS):  # a power's order: play() judges those apart
                legal = validate(board, order, position, MOVEMENT, infer_single_coast=infer_single_coast)
                if isinstance(legal, Void) and (legal.level > ILLEGAL or legal.reason == "wrong_phase"):
                    results[f"#{i}"] = OrderResult(order, Result.VOID, legal.reason, legal.detail, given[1])
                else:
                    results[f"#{i}"] = OrderResult(order, Result.VOID, "not_in_rules", (), given[1])
                continue
            known = _judge(board, position, order, infer_single_coast)
            if key is not None:
                if len(memo) >= _MEMO_LIMIT:
                    memo.clear()
                memo[key] = known
        status = known.status
        if status == _VOID_APART:
            results[f"#{i}"] = known.result(order, given[1])
            continue
        prov = known.here
        p = known.p
        if prov in results:
            # One order per unit (R-ORD-3): the later order replaces the earlier one.
            earlier = results.pop(prov)
            first = given_at[p] if earlier is None else (earlier.order, earlier.source)
            assert first is not None
            results[f"{prov}#{i}"] = _void(first[0], first[1], "superseded")
        if status == _VOID_HOLDS:
            kind_at[p] = HOLD
            convoyed_at[p] = False
            given_at[p] = None
            results[prov] = known.result(order, given[1])
            continue
        kind_at[p] = known.kind
        target_at[p] = known.target
        target2_at[p] = known.target2
        convoyed_at[p] = known.by_convoy
        given_at[p] = given
        known_at[p] = known
        results[prov] = None  # its outcome comes from the adjudication
    _match(board, checked, bounce_holds)
    return checked


def _judge(board: Board, position: Position, order: Order, infer: bool) -> _Known:
    """The legality of one order in this position (the one legality, ``validate``)."""
    legal = validate(board, order, position, MOVEMENT, infer_single_coast=infer)
    loc = order.location  # type: ignore[union-attr]  # UNITLESS orders were judged apart
    here = loc if "/" not in loc else loc[: loc.find("/")]
    other_at = ""
    if type(order) is Support:
        other_at = _province(order.supported)
    elif type(order) is Convoy:
        other_at = _province(order.army)
    by_province = position.by_province
    other = by_province.get(other_at) if other_at else None
    if isinstance(legal, Void):
        apart = legal.level > ILLEGAL or legal.reason == "wrong_phase"
        known = _Known(_VOID_APART if apart else _VOID_HOLDS, here, by_province.get(here), other_at, other)
        known.void = legal
        if not apart:
            known.p = board.numbers.of[here]
        return known
    known = _Known(_STANDS, here, by_province.get(here), other_at, other)
    of = board.numbers.of
    known.p = of[here]
    if type(legal) is Move:
        dest = legal.destination
        known.kind = MOVE
        if legal.kind == ARMY:  # an army's destination is a province
            known.target = of[dest]
            known.location = dest
            if dest not in board.army_moves.get(here, ()):
                known.by_convoy = known.via = True
            else:
                # Adjacent: over land unless a convoy is ordered for it (in _match).
                known.via = legal.via_convoy
        else:
            known.target = of[_province(dest)]
            known.location = dest
    elif type(legal) is Support:
        known.kind = SUPPORT
        known.target = of[_province(legal.supported)]
        if legal.destination is not None:
            known.target2 = of[_province(legal.destination)]
            known.location = legal.destination
    elif type(legal) is Convoy:
        known.kind = CONVOY
        known.target = of[_province(legal.army)]
        known.target2 = of[legal.destination]
    return known


def _province(location: str) -> str:
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


def _match(board: Board, checked: Checked, bounce_holds: bool) -> None:
    """Tie moves, convoys and supports together; what matches nothing is void."""
    kind, target, target2 = checked.kind, checked.target, checked.target2
    convoyed, power, unit = checked.convoyed, checked.power, checked.unit
    numbers = board.numbers
    moves: list[int] = []
    others: list[int] = []  # supports and convoys
    convoys: dict[int, list[int]] = {}
    for p in checked.units:
        k = kind[p]
        if k is MOVE:
            moves.append(p)
        elif k is not HOLD:
            others.append(p)
            if k is CONVOY:
                a = target[p]
                if kind[a] is MOVE and target[a] == target2[p]:
                    convoys.setdefault(a, []).append(p)
    if convoys:
        known = checked.known
        for a in moves:
            if convoyed[a]:
                continue
            # An army ordered to an adjacent province goes by convoy only when a fleet is
            # ordered to convoy it and the player wrote "via convoy" or one of its own
            # fleets convoys it (DATC 4.A.3); otherwise over land (DATC 6.G.8).
            fleets = convoys.get(a)
            if (
                fleets
                and (known[a].via or any(power[f] == power[a] for f in fleets))
                and numbers.convoy_route(a, target[a], sum(1 << f for f in fleets))
            ):
                convoyed[a] = True
    at_sea = -1
    for a in moves:
        if not convoyed[a]:
            continue
        if at_sea < 0:
            at_sea = sum(1 << p for p in checked.units) & numbers.seas
        if not numbers.convoy_route(a, target[a], at_sea):
            # Not even a chain of fleets that could convoy it: the order cannot be
            # carried out and the army holds (DATC 6.D.32). With such fleets present
            # the move stands and merely fails if they do not convoy (DATC 6.D.8).
            checked.unmatch(a, "no_convoy")
    # (Unmatching a convoy makes a hold of it, which changes no support's match.)
    codes = numbers.codes
    seas = numbers.seas
    for p in others:
        t = target[p]
        other = kind[t]
        if kind[p] is CONVOY:
            if not (other is MOVE and convoyed[t] and target[t] == target2[p]):
                checked.unmatch(p, "convoy_mismatch", codes[t], codes[target2[p]])
        elif target2[p] < 0:
            if other is not MOVE:
                continue
            helped = unit[t]
            if bounce_holds and (seas >> target[t]) & 1 and helped is not None and helped.kind == FLEET:
                checked.conditional.add(p)
            else:
                checked.unmatch(p, "support_hold_of_move", codes[t])
        elif not (other is MOVE and target[t] == target2[p]):
            checked.unmatch(p, "support_mismatch", codes[t], codes[target2[p]])
        elif "/" in checked.known[p].location and checked.known[p].location != checked.known[t].location:
            # A support naming the other coast supports a move that was not made.
            checked.unmatch(p, "support_mismatch", codes[t], checked.known[p].location)
