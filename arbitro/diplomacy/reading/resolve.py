"""A draft on the board: each reading of its names, the order it gives and what the
board (and the position, when known) finds wrong with it.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

from ..board import ARMY, FLEET, Board, province_of
from ..legality import NO_UNIT, Void, validate
from ..order_words import BUILD, CONVOY, DISBAND, HOLD, MOVE, RETREAT, SUPPORT, WAIVE, Token
from ..orders import UNITLESS, Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from ..position import ADJUSTMENT, Unit
from ..position import RETREAT as RETREAT_PHASE
from .grammar import Draft
from .reports import Context, Note


class _Error(NamedTuple):
    code: str
    details: tuple[str, ...]


class Reading(NamedTuple):
    order: Order | None
    problems: tuple[Void, ...]
    notes: tuple[Note, ...]
    error: tuple[str, tuple[str, ...]] | None = None  # a syntax error (no order)

    @property
    def level(self) -> int:
        if self.order is None:
            return 9
        level = 0
        for p in self.problems:  # a loop, not max(generator): cheaper on a few problems
            level = max(level, p.level)
        return level


def _check(ctx: Context, order: Order) -> list[Void]:
    """Why the order read is void on this board, position and phase (the one legality)."""
    legal = validate(ctx.board, order, ctx.position, ctx.phase, infer_single_coast=ctx.infer)
    return [legal] if isinstance(legal, Void) else []


_Built = tuple[Order, list[Void], list[Note]]


def readings_of(ctx: Context, d: Draft) -> list[Reading]:
    slots: list[Token] = []
    pick: dict[int, str] = {}
    for t in (d.loc, d.tloc, d.dest, *d.hops):
        if t is not None:
            slots.append(t)
            if len(t.codes) == 1:
                pick[id(t)] = t.codes[0]
    if len(pick) == len(slots):  # the usual case: every name has one province, one reading
        return [_reading(ctx, d, pick)]
    choices = list(itertools.islice(itertools.product(*(t.codes for t in slots)), 32))
    out = []
    for choice in choices or [()]:
        pick = {id(t): c for t, c in zip(slots, choice)}
        out.append(_reading(ctx, d, pick))
    return out


def _reading(ctx: Context, d: Draft, pick: dict[int, str]) -> Reading:
    board, pos = ctx.board, ctx.position
    power = ctx.power or d.power or ctx.header_power
    notes: list[tuple[str, tuple[str, ...]]] = []
    for t in (d.loc, d.tloc, d.dest, *d.hops):
        if t is not None and t.guessed:
            notes.append(("spelled", (t.text, pick[id(t)])))
    if d.verb == WAIVE:
        order: Order = Waive(power or "")
        return Reading(order, tuple(_check(ctx, order)), tuple(notes))
    assert d.loc is not None
    here = pick[id(d.loc)]
    verb = d.verb
    if verb is None:
        if ctx.mode in (BUILD, DISBAND):
            verb = ctx.mode
        elif ctx.phase == ADJUSTMENT:
            if pos is None:
                return Reading(None, (), (), ("build_or_disband", ()))
            verb = DISBAND if pos.unit_in(here) is not None else BUILD
        else:
            return Reading(None, (), (), ("no_order", (here,)))
    if verb == MOVE and (ctx.phase == RETREAT_PHASE or (ctx.phase is None and ctx.mode == RETREAT)):
        verb = RETREAT
    unit = None
    if pos is not None and verb != BUILD:
        if ctx.phase == RETREAT_PHASE:
            dl = pos.dislodged_in(here)
            unit = dl.unit if dl else None
        else:
            unit = pos.unit_in(here)
    if power is None and unit is not None:
        power = unit.power
    problems: list[Void] = []
    if ctx.power and d.power and d.power != ctx.power:
        problems.append(Void("other_power", (d.power, ctx.power), NO_UNIT))
    kinds: list[str | None]
    if d.kind:
        kinds = [d.kind]
    elif unit is not None:
        kinds = [unit.kind]
    else:
        kinds = [k for k in (ARMY, FLEET) if _stands(board, k, here)] or [None]
    tkinds: list[str | None] = [None]
    if verb in (SUPPORT, CONVOY) and d.tloc is not None:
        other = pos.unit_in(pick[id(d.tloc)]) if pos is not None else None
        if d.tkind:
            tkinds = [d.tkind]
        elif verb == CONVOY:
            tkinds = [ARMY]
        elif other is not None:
            tkinds = [other.kind]
        else:
            tkinds = [k for k in (ARMY, FLEET) if _stands(board, k, pick[id(d.tloc)])] or [None]
    if len(kinds) == 1 and len(tkinds) == 1:  # the usual case: one unit type each
        built = _build(ctx, d, pick, verb, power or "", kinds[0], tkinds[0], unit)
        if isinstance(built, _Error):
            return Reading(None, (), (), (built.code, built.details))
        order, extra, more = built
        return Reading(order, tuple(problems + extra + _check(ctx, order)), tuple(notes + more))
    tried: list[_Built] = []
    for kind, tkind in itertools.product(kinds, tkinds):
        built = _build(ctx, d, pick, verb, power or "", kind, tkind, unit)
        if isinstance(built, _Error):
            return Reading(None, (), (), (built.code, built.details))
        order, extra, more_notes = built
        probs = extra + _check(ctx, order)
        tried.append((order, probs, more_notes))
    good = [t for t in tried if not t[1]]
    if len(good) == 1 or (good and len(tried) == 1):
        order, probs, more = good[0]
    elif len(good) > 1:
        # both unit types would do: keep what was written (or nothing)
        order, probs, more = _unkinded(ctx, d, pick, verb, power or "", unit, good)
    else:
        order, probs, more = tried[0]
        if len(tried) > 1:
            order, probs, more = _unkinded(ctx, d, pick, verb, power or "", unit, tried)
    return Reading(order, tuple(problems + probs), tuple(notes + more))


def _unkinded(
    ctx: Context, d: Draft, pick: dict[int, str], verb: str, power: str, unit: Unit | None,
    options: list[_Built],
) -> _Built:
    """Among several unit-type readings, the one leaving unsaid what the player left unsaid."""
    kinds = {o[0].kind for o in options if not isinstance(o[0], UNITLESS)}
    tkinds = {getattr(o[0], "supported_kind", None) for o in options}
    kind = kinds.pop() if len(kinds) == 1 else d.kind
    tkind = tkinds.pop() if len(tkinds) == 1 else d.tkind
    built = _build(ctx, d, pick, verb, power, kind, tkind, unit)
    if isinstance(built, _Error):
        return options[0]
    order, extra, notes = built
    return order, extra + _check(ctx, order), notes


def _stands(board: Board, kind: str, code: str) -> bool:
    prov = board.provinces.get(code)
    if prov is None:
        return False
    return any(board.unit_can_stand(kind, loc) for loc in prov.locations)


def _location(ctx: Context, tok: Token, code: str, kind: str | None) -> tuple[str, list[Void], list[tuple[str, tuple[str, ...]]]]:
    """A written province (+ coast) as a location: coasts only for fleets on split provinces."""
    prov = ctx.board.provinces[code]
    if tok.coast is None or not prov.coasts:
        return code, [], []
    if kind == ARMY:
        return code, [], [("army_coast", ())]
    loc = f"{code}/{tok.coast}"
    if loc not in prov.coasts:
        return code, [Void("no_coast", (code, tok.coast_text or tok.coast))], []
    return loc, [], []


def _build(
    ctx: Context, d: Draft, pick: dict[int, str], verb: str, power: str, kind: str | None,
    tkind: str | None, unit: Unit | None,
) -> _Built | _Error:
    board, pos = ctx.board, ctx.position
    assert d.loc is not None
    here = pick[id(d.loc)]
    # no coast written: the province itself (what _location says, without the call)
    loc, probs, notes = (here, [], []) if d.loc.coast is None else _location(ctx, d.loc, here, kind)
    if unit is not None and (kind is None or kind == unit.kind):
        loc = unit.location
    if verb == HOLD:
        return Hold(power, kind, loc), probs, notes
    if verb == DISBAND:
        return Disband(power, kind, loc), probs, notes
    if verb == BUILD:
        return Build(power, kind, loc), probs, notes
    if verb in (MOVE, RETREAT):
        if d.dest is None:
            return _Error("incomplete", ("destination",))
        dest, p2, n2 = _destination_location(ctx, d.dest, pick[id(d.dest)], kind, loc, verb)
        probs, notes = probs + p2, notes + n2
        if verb == RETREAT:
            return Retreat(power, kind, loc, dest), probs, notes
        via = d.via
        for h in d.hops:
            if not board.provinces[pick[id(h)]].is_sea:
                probs.append(Void("convoy_not_sea", (pick[id(h)],)))
        if kind == ARMY and not via:
            there = province_of(dest)
            if not board.can_move(ARMY, here, there) and board.convoy_route(here, there):
                notes.append(("needs_convoy", (here, there)))
        return Move(power, kind, loc, dest, via), probs, notes
    # support or convoy
    assert d.tloc is not None
    there = pick[id(d.tloc)]
    other = pos.unit_in(there) if pos is not None else None
    tloc, p2, n2 = _location(ctx, d.tloc, there, tkind)
    if other is not None and (tkind is None or tkind == other.kind):
        tloc = other.location
    probs, notes = probs + p2, notes + n2
    target: str | None = None
    if d.dest is not None:
        target, p3, _ = _location(ctx, d.dest, pick[id(d.dest)], tkind)
        probs = probs + p3
    if verb == CONVOY:
        if tkind == FLEET:
            probs.append(Void("convoy_not_army"))
        if target is None:
            return _Error("incomplete", ("destination",))
        return Convoy(power, kind, loc, province_of(tloc), province_of(target)), probs, notes
    if d.tmove and target is None:
        return _Error("incomplete", ("destination",))
    return Support(power, kind, loc, tkind, tloc, target if d.tmove else None), probs, notes


def _destination_location(
    ctx: Context, tok: Token, code: str, kind: str | None, origin: str, verb: str
) -> tuple[str, list[Void], list[Note]]:
    board = ctx.board
    prov = board.provinces[code]
    if not prov.coasts:
        return code, [], []
    if kind == ARMY:
        return code, [], ([("army_coast", ())] if tok.coast else [])
    loc, probs, notes = _location(ctx, tok, code, kind)
    if loc != code or probs:
        return loc, probs, notes
    if kind is None:
        return code, [], []
    # a fleet to a split-coast province without a coast (R-ORD-5)
    if verb == RETREAT and ctx.position is not None:
        dl = ctx.position.dislodged_in(province_of(origin))
        reached = tuple(r for r in (dl.retreats if dl else ()) if province_of(r) == code)
    else:
        reached = board.fleet_coasts_reached(origin, code)
    if len(reached) == 1 and ctx.infer:
        return reached[0], [], [("coast_inferred", (reached[0],))]
    if not reached:
        return code, [], []  # the move is impossible anyway; check() says why
    return code, [Void("coast_needed", (code, ", ".join(reached)))], []
