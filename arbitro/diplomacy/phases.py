"""Play one phase: orders in, results and the next position out (R-SEQ).

``play`` is the single entry point for movement, retreat and adjustment phases.
Empty retreat and adjustment phases are skipped; centres change after autumn;
victory is checked after autumn (R-END-1).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from operator import attrgetter
from types import MappingProxyType

from .adjudicator import adjudicate_movement
from .board import ARMY, FLEET, Board, province_of
from .defaults import default_orders, free_home_centres
from .house import (
    Aftermath,
    PowerOrders,
    after_movement,
    foreign_centres,
    judge_power_orders,
    split_power_orders,
)
from .legality import ILLEGAL, Void, validate
from .orders import Build, Disband, Move, Order, Retreat, Waive
from .outcome import OrderResult, PhaseOutcome, Result, Source
from .position import (
    ADJUSTMENT,
    FALL,
    MOVEMENT,
    NEUTRAL,
    RETREAT,
    Dislodged,
    Phase,
    Position,
    Unit,
    in_phase,
    make_position,
    unit_at,
)
from .rules import Rules
from .victory import solo_winner

NMR_REASONS = ("first", "abandoned", "civil_disorder")


DEFAULT_RULES = Rules()  # frozen: one shared default is safe
_NO_POWER_ORDERS = PowerOrders()

def play(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules = DEFAULT_RULES,
    nmr: Mapping[str, str] | None = None,
    ballots: Mapping[str, Mapping[str, Sequence[Order]]] | None = None,
) -> PhaseOutcome:
    """Adjudicate the phase of ``position`` with the orders given per power.

    ``nmr`` names powers whose orders did not arrive and why (``first``,
    ``abandoned``, ``civil_disorder``); ``ballots`` are the other players' votes
    for such a power (R-ONP-3, R-ONP-5). Powers simply missing from ``orders``
    hold. In retreat and winter phases the referee's defaults of ``rules`` are given
    unit by unit, whatever else the power ordered (R-RET-3, R-ADJU-2, R-ADJU-3).
    """
    nmr = dict(nmr or {})
    ballots = ballots or {}
    if position.phase.kind == RETREAT:
        position = usable_retreats(board, position, rules.house.no_retreat_into_foreign_centre)
    # Power-level orders (house rules: strike, gift, passage, treaties) are judged apart.
    orders, power_orders = split_power_orders(orders)
    house = rules.house
    if power_orders or house.power_orders or house.capture_by_holding:
        judged = judge_power_orders(board, position, house, power_orders)
    else:
        judged = _NO_POWER_ORDERS  # the standard rules, no such order: nothing reads it
    given = _given_orders(board, position, orders, rules, nmr, ballots)
    kind = position.phase.kind
    if kind == MOVEMENT:
        out = _play_movement(board, position, given, rules, judged)
    elif kind == RETREAT:
        out = _play_retreats(board, position, given, rules, nmr)
    else:
        out = _play_adjustments(board, position, given, rules, nmr)
    if not power_orders:
        return out
    return replace(out, results=out.results + tuple(judged.results), treaties=tuple(judged.treaties))


def _given_orders(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    rules: Rules,
    nmr: Mapping[str, str],
    ballots: Mapping[str, Mapping[str, Sequence[Order]]],
) -> list[tuple[Order, Source]]:
    """Players' orders, then, in movement phases, the referee's for silent powers (R-ONP).

    Retreat and winter defaults depend on which of a power's orders stand, so
    ``_play_retreats`` and ``_play_adjustments`` add them after judging the players'."""
    given: list[tuple[Order, Source]] = []
    player = Source.PLAYER
    for power, power_orders in orders.items():
        if power_orders:
            given.extend([(o, player) for o in power_orders])
    if position.phase.kind != MOVEMENT:
        return given
    silent = {u.power for u in position.units}.difference(p for p, o in orders.items() if o)
    silent.discard(NEUTRAL)
    for power in sorted(silent):
        given.extend(
            _referee_orders(board, position, power, rules, nmr, ballots.get(power, {}))
        )
    return given


def _referee_orders(
    board: Board,
    position: Position,
    power: str,
    rules: Rules,
    nmr: Mapping[str, str],
    ballots: Mapping[str, Sequence[Order]] = MappingProxyType({}),
    standing: Sequence[Order] = (),
) -> list[tuple[Order, Source]]:
    return default_orders(
        board,
        position,
        power,
        nmr.get(power, "missing"),
        rules.defaults,
        ballots,
        infer_single_coast=rules.coast_inferred,
        given=standing,
        builds_made=rules.builds_automatic,
    )


# -- movement ----------------------------------------------------------------

_LOCATION = attrgetter("location")
_UNIT_LOCATION = attrgetter("unit.location")


def _play_movement(
    board: Board, position: Position, given: Sequence[tuple[Order, Source]], rules: Rules,
    judged: PowerOrders,
) -> PhaseOutcome:
    house = rules.house
    res = adjudicate_movement(board, position, given, rules.coast_inferred, house)
    units: list[Unit] = []
    dislodged_units: list[Unit] = []
    moved, lost = res.moved, res.dislodged
    for u in position.units:
        p = u.province
        if p in moved:
            units.append(unit_at(u.power, u.kind, moved[p]))
        elif p in lost:
            dislodged_units.append(u)
        else:
            units.append(u)
    centres, territories, spent = position.centres, position.territories, position.weapons_used
    if house.power_orders or house.capture_by_holding:
        work = Aftermath(units, dislodged_units, dict(centres), dict(territories), set(spent))
        after_movement(board, house, judged, res.held, work)
        units, dislodged_units = work.units, work.dislodged
        centres, territories = dict(sorted(work.centres.items())), dict(sorted(work.territories.items()))
        spent = frozenset(work.weapons_used)
    occupied = {u.province for u in units} if dislodged_units else set()
    dislodged = []
    for u in dislodged_units:
        origin, by_convoy = res.dislodged[u.province]
        closed: frozenset[str] = frozenset()
        if house.no_retreat_into_foreign_centre:
            closed = foreign_centres(centres, u.power)
        options = retreat_options(board, occupied | closed, u, origin, by_convoy, res.standoffs)
        dislodged.append(Dislodged(u, options))
    # make_position's work, less what a movement phase cannot change under the
    # standard rules (the centres).
    units.sort(key=_LOCATION)
    dislodged.sort(key=_UNIT_LOCATION)
    after = Position(
        _retreat_phase(position.phase),
        tuple(units),
        centres,
        tuple(dislodged),
        territories=territories,
        weapons_used=spent,
    )
    return _advance(board, after, res.results, house.capture_by_holding)


@functools.lru_cache(maxsize=256)
def _retreat_phase(phase: Phase) -> Phase:
    return Phase(phase.year, phase.season, RETREAT)  # a value: one per phase


@functools.lru_cache(maxsize=256)
def _following(phase: Phase) -> Phase:
    return phase.following()  # a value: one per phase


def retreat_options(
    board: Board,
    occupied: Iterable[str],
    unit: Unit,
    attacker_from: str,
    by_convoy: bool,
    standoffs: Iterable[str],
) -> tuple[str, ...]:
    """Where a dislodged unit may retreat (R-RET-1).

    Not to an occupied province, nor to one left empty by a standoff, nor to the
    attacker's origin unless the attacker came by convoy (DATC 4.A.5). A neutral
    unit is destroyed when dislodged (R-IMP-3).
    """
    if unit.power == NEUTRAL:
        return ()
    blocked = set(occupied) | set(standoffs)
    if not by_convoy:
        blocked.add(attacker_from)
    return tuple(sorted(t for t in _next_to(board, unit) if province_of(t) not in blocked))


def _next_to(board: Board, unit: Unit) -> Iterable[str]:
    if unit.kind == ARMY:
        return board.army_moves.get(unit.province, ())
    return board.fleet_moves.get(unit.location, ())


def usable_retreats(board: Board, position: Position, no_foreign_centres: bool = False) -> Position:
    """The position with each dislodged unit's retreats kept only where it can go.

    A retreat phase may come from outside (the contract's input lists the options);
    an option the unit cannot reach, or a province another unit holds, is dropped
    rather than letting a retreat put two units in one province (R-RET-1); with
    ``no_foreign_centres`` (R-RU-1) another great power's centre is dropped too.
    """
    occupied = {u.province for u in position.units}
    kept = []
    for d in position.dislodged:
        near = set(_next_to(board, d.unit))
        closed = foreign_centres(position.centres, d.unit.power) if no_foreign_centres else frozenset()
        ok = tuple(
            o for o in d.retreats
            if o in near and province_of(o) not in occupied and province_of(o) not in closed
        )
        kept.append(d if ok == d.retreats else Dislodged(d.unit, ok))
    if all(a is b for a, b in zip(kept, position.dislodged)):
        return position
    return replace(position, dislodged=tuple(kept))


# -- retreats ----------------------------------------------------------------


def _play_retreats(
    board: Board,
    position: Position,
    given: Sequence[tuple[Order, Source]],
    rules: Rules,
    nmr: Mapping[str, str],
) -> PhaseOutcome:
    pending = {d.unit.province: d for d in position.dislodged}
    chosen: dict[str, tuple[int, str]] = {}  # dislodged province -> (result index, destination)
    results: list[OrderResult] = []

    def judge(order: Order, source: Source) -> None:
        if isinstance(order, Move):  # the DATC files write retreats as moves
            order = Retreat(order.power, order.kind, order.location, order.destination)
        legal = validate(board, order, position, RETREAT)
        if isinstance(legal, Void) and (legal.level > ILLEGAL or legal.reason == "wrong_phase"):
            results.append(OrderResult(order, Result.VOID, legal.reason, legal.detail, source))
            return
        assert isinstance(order, (Retreat, Disband))  # other orders: wrong_phase above
        prov = province_of(order.location)
        if prov in chosen:
            i, _ = chosen.pop(prov)
            old = results[i]
            results[i] = OrderResult(old.order, Result.VOID, "superseded", (), old.source)
        if isinstance(legal, Void):
            results.append(OrderResult(order, Result.VOID, legal.reason, legal.detail, source))
            return
        dest = legal.destination if isinstance(legal, Retreat) else ""
        chosen[prov] = (len(results), dest)
        results.append(OrderResult(order, Result.SUCCEEDS, None, (), source))

    for order, source in given:
        judge(order, source)
    # R-RET-3, unit by unit: every dislodged unit still without a valid order gets the
    # referee's, chosen knowing where the power's own retreats go.
    unordered = {d.unit.power for p, d in pending.items() if p not in chosen and d.retreats}
    for power in sorted(unordered - {NEUTRAL}):
        standing = [
            _standing_retreat(pending[p].unit, dest)
            for p, (_, dest) in chosen.items()
            if pending[p].unit.power == power
        ]
        for order, source in _referee_orders(board, position, power, rules, nmr, standing=standing):
            judge(order, source)
    # R-RET-2: units retreating to one province are all disbanded.
    by_target: dict[str, list[str]] = {}
    for prov, (_, dest) in chosen.items():
        if dest:
            by_target.setdefault(province_of(dest), []).append(prov)
    units = list(position.units)
    for prov, (i, dest) in chosen.items():
        if not dest:
            continue
        clash = by_target[province_of(dest)]
        if len(clash) > 1:
            r = results[i]
            results[i] = OrderResult(
                r.order, Result.FAILS, "retreat_clash", (province_of(dest),), r.source
            )
        else:
            u = pending[prov].unit
            units.append(Unit(u.power, u.kind, dest))
    for prov, d in pending.items():
        if prov not in chosen and d.retreats:
            order = Disband(d.unit.power, d.unit.kind, d.unit.location)
            results.append(OrderResult(order, Result.SUCCEEDS, "no_retreat", (), Source.DEFAULT))
    after = make_position(
        Phase(position.phase.year, position.phase.season, RETREAT), units, position.centres,
        territories=position.territories, weapons_used=position.weapons_used,
    )
    return _advance(board, after, tuple(results), rules.house.capture_by_holding)


def _standing_retreat(unit: Unit, destination: str) -> Order:
    """A retreat or disband that stands, as the referee's defaults read it."""
    if not destination:
        return Disband(unit.power, unit.kind, unit.location)
    return Retreat(unit.power, unit.kind, unit.location, destination)


# -- adjustments -------------------------------------------------------------


def adjustment_counts(board: Board, position: Position) -> dict[str, int]:
    """Builds (+) or disbands (-) each power has to make this winter (R-ADJU-1)."""
    # A power with as many centres as units has nothing to adjust; a power with more
    # builds only where it can (adjustment_count's rule, counted here in one pass).
    balance: dict[str, int] = {}
    for owner in position.centres.values():
        balance[owner] = balance.get(owner, 0) + 1
    for u in position.units:
        balance[u.power] = balance.get(u.power, 0) - 1
    counts = {}
    for power in sorted(board.powers):
        delta = balance.get(power, 0)
        if delta > 0:
            delta = min(delta, len(free_home_centres(board, position, power)))
        if delta:
            counts[power] = delta
    return counts


def free_build_sites(board: Board, position: Position, power: str) -> tuple[str, ...]:
    """Unoccupied build centres the power owns: its home centres, or more (R-IMP-4)."""
    return tuple(free_home_centres(board, position, power))


def _play_adjustments(
    board: Board,
    position: Position,
    given: Sequence[tuple[Order, Source]],
    rules: Rules,
    nmr: Mapping[str, str],
) -> PhaseOutcome:
    counts = adjustment_counts(board, position)
    left = dict(counts)
    built: set[str] = set()
    removed: set[str] = set()
    standing: dict[str, list[Order]] = {}
    units = list(position.units)
    results: list[OrderResult] = []

    def judge(order: Order, source: Source) -> None:
        void = adjustment_void(board, position, order, counts, left, built, removed)
        if void is not None:
            results.append(OrderResult(order, Result.VOID, void[0], void[1:], source))
            return
        power = order.power
        if isinstance(order, Build):
            left[power] -= 1
            built.add(province_of(order.location))
            units.append(Unit(power, order.kind or ARMY, order.location))
        elif isinstance(order, Disband):
            left[power] += 1
            removed.add(province_of(order.location))
        else:  # Waive
            left[power] -= 1
        standing.setdefault(power, []).append(order)
        results.append(OrderResult(order, Result.SUCCEEDS, None, (), source))

    for order, source in given:
        judge(order, source)
    # R-ADJU-2/3, build by build: what is still owed, whatever the power sent.
    for power in sorted(p for p, n in left.items() if n):
        for order, source in _referee_orders(
            board, position, power, rules, nmr, standing=standing.get(power, [])
        ):
            judge(order, source)
    # Disbands still owed when the referee's defaults gave none (rules "standard"):
    # the DATC civil-disorder rule removes them (DATC 4.D.8).
    for power, n in sorted(left.items()):
        if n < 0:
            for unit in civil_disorder_disbands(board, position, power, -n, removed):
                removed.add(unit.province)
                order = Disband(power, unit.kind, unit.location)
                results.append(
                    OrderResult(order, Result.SUCCEEDS, "civil_disorder", (), Source.DEFAULT)
                )
    units = [u for u in units if u.province not in removed]
    after = make_position(
        position.phase, units, position.centres,
        territories=position.territories, weapons_used=position.weapons_used,
    )
    return _advance(board, after, tuple(results))


def adjustment_void(
    board: Board,
    position: Position,
    order: Order,
    counts: Mapping[str, int],
    left: Mapping[str, int],
    built: set[str],
    removed: set[str],
) -> tuple[str, ...] | None:
    """Why a winter order is void, as (reason, *detail), or None when it stands: judged
    against the counts owed (``counts``), what is still owed after the orders judged
    before it (``left``, which the caller updates) and the provinces already built on or
    disbanded. Used by the phase itself and by the readiness check (``readiness.py``)."""
    power = order.power
    if isinstance(order, (Build, Waive)):
        if counts.get(power, 0) <= 0:
            return ("no_builds", power)
        if left[power] <= 0:
            return ("too_many_builds",)
        if isinstance(order, Waive):
            return None
        # An unnamed unit type is an army.
        legal = validate(board, order if order.kind else Build(power, ARMY, order.location), position, ADJUSTMENT)
        if isinstance(legal, Void):
            return (legal.reason, *legal.detail)
        prov = province_of(order.location)
        if prov in built:
            return ("occupied", prov)
        return None
    if isinstance(order, Disband):
        if counts.get(power, 0) >= 0:
            return ("no_disbands", power)
        legal = validate(board, order, position, ADJUSTMENT)
        if isinstance(legal, Void):
            return (legal.reason, *legal.detail)
        prov = province_of(order.location)
        if prov in removed:
            return ("disband_twice", prov)
        if left[power] >= 0:
            return ("too_many_disbands",)
        return None
    return ("wrong_phase",)


def civil_disorder_disbands(
    board: Board, position: Position, power: str, count: int, already: Iterable[str] = ()
) -> list[Unit]:
    """DATC civil-disorder disbands: farthest from the home centres first.

    Distance is counted over land and sea alike to the nearest home centre, owned
    or not; ties go to fleets before armies, then to the first province code.
    """
    homes = board.powers[power].home_centres if power in board.powers else frozenset()
    dist = board.distances_from(homes) if homes else {}
    skip = set(already)
    candidates = [u for u in position.units_of(power) if u.province not in skip]
    candidates.sort(key=lambda u: (-dist.get(u.province, 999), u.kind != FLEET, u.province))
    return candidates[:count]


# -- what comes next ---------------------------------------------------------


def _advance(
    board: Board, after: Position, results: tuple[OrderResult, ...], captured_by_holding: bool = False
) -> PhaseOutcome:
    """From the position right after a phase to the next phase that needs playing.

    ``captured_by_holding``: the house rule took provinces at the end of the movement
    (house.py), so no centre changes hands after the autumn by a unit merely there."""
    phase = after.phase
    centres = dict(after.centres)
    winner = None
    if phase.kind == RETREAT and not any(d.retreats for d in after.dislodged):
        # Nothing to retreat: skip the retreat phase (units with no retreat are lost).
        if phase.season == FALL:
            if not captured_by_holding:
                centres = update_centres(board, after)
            winner = solo_winner(board, centres)
        nxt = _next(after, _following(phase), centres)
        return _skip_empty_winter(board, nxt, after, results, winner)
    if phase.kind == RETREAT:
        return PhaseOutcome(results, after, after=after)
    return _skip_empty_winter(board, _next(after, _following(phase), centres), after, results, None)


def _next(after: Position, phase: Phase, centres: Mapping[str, str]) -> Position:
    """The next phase's position: the units (already sorted) and what the house rules own."""
    return in_phase(after, phase, centres)


def _skip_empty_winter(
    board: Board,
    nxt: Position,
    after: Position,
    results: tuple[OrderResult, ...],
    winner: str | None,
) -> PhaseOutcome:
    if nxt.phase.kind == ADJUSTMENT:
        counts = adjustment_counts(board, nxt)
        if not counts or winner is not None:
            if winner is None:
                nxt = _next(nxt, _following(nxt.phase), nxt.centres)
            return PhaseOutcome(results, nxt, {}, winner, after)
        return PhaseOutcome(results, nxt, counts, winner, after)
    return PhaseOutcome(results, nxt, {}, winner, after)


def update_centres(board: Board, position: Position) -> dict[str, str]:
    """After autumn a unit standing on a centre takes it (R-SEQ)."""
    centres = dict(position.centres)
    supply = board.supply_centres
    for u in position.units:
        if u.province in supply and u.power != NEUTRAL:
            centres[u.province] = u.power
    return centres
