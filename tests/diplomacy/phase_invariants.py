"""What must hold after any phase, whatever the orders: the resolver's invariants.

``play_round`` plays one random movement phase and what follows it (retreats,
adjustments) and returns the problems found; an exception from the engine is a
problem too. Shared by the property tests and the long run.
"""

from __future__ import annotations

import random
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from random_phases import hostile_adjustments, hostile_orders, hostile_retreats, random_position

from arbitro.diplomacy.board import ARMY, FLEET, Board, province_of
from arbitro.diplomacy.orders import Convoy, Move, Order, Retreat, format_order
from arbitro.diplomacy.outcome import PhaseOutcome, Result, Source
from arbitro.diplomacy.phases import adjustment_counts, play
from arbitro.diplomacy.position import ADJUSTMENT, FALL, NEUTRAL, RETREAT, Position, Unit
from arbitro.diplomacy.rules import Rules

# The reasons of a move that failed without keeping anyone out (prevent strength 0).
_CONVOY_FAILED = ("convoy_disrupted", "no_convoy", "convoy_paradox")


@dataclass
class Tally:
    phases: dict[str, int] = field(default_factory=lambda: {"M": 0, "R": 0, "A": 0})
    dislodged: int = 0
    standoffs: int = 0
    paradoxes: int = 0
    problems: list[str] = field(default_factory=list)


def play_round(board: Board, rng: random.Random, tally: Tally) -> None:
    """One random movement phase on ``board`` and the phases it leads to."""
    rules = Rules(defaults=rng.choice(("standard", "italian")))
    position = random_position(board, rng)
    orders = hostile_orders(board, position, rng)
    out = _play(board, position, orders, rules, tally)
    if out is None:
        return
    tally.phases["M"] += 1
    tally.paradoxes += sum(1 for r in out.results if r.reason == "convoy_paradox")
    _report(tally, position, orders, check_movement(board, position, orders, out))
    nxt = out.next
    if nxt.phase.kind == RETREAT:
        tally.dislodged += len(nxt.dislodged)
        orders = hostile_retreats(nxt, board, rng)
        position, out = nxt, _play(board, nxt, orders, rules, tally)
        if out is None:
            return
        tally.phases["R"] += 1
        _report(tally, position, orders, check_retreats(board, position, orders, out))
        nxt = out.next
    if nxt.phase.kind == ADJUSTMENT:
        counts = adjustment_counts(board, nxt)
        orders = hostile_adjustments(board, nxt, counts, rng)
        position, out = nxt, _play(board, nxt, orders, rules, tally)
        if out is None:
            return
        tally.phases["A"] += 1
        _report(tally, position, orders, check_adjustments(board, position, counts, out))


def _play(
    board: Board, position: Position, orders: Mapping[str, Sequence[Order]], rules: Rules, tally: Tally
) -> PhaseOutcome | None:
    try:
        return play(board, position, orders, rules)
    except Exception:  # noqa: BLE001 — every failure is a finding to report, whatever it is
        tally.problems.append(_describe(board, position, orders, traceback.format_exc()))
        return None


def _report(tally: Tally, position: Position, orders: Mapping[str, Sequence[Order]], found: list[str]) -> None:
    if found:
        tally.problems.append(_describe(None, position, orders, "\n".join(found)))


def _describe(board: Board | None, position: Position, orders: Mapping[str, Sequence[Order]], what: str) -> str:
    units = ", ".join(f"{u.power} {u}" for u in position.units)
    dislodged = ", ".join(f"{d.unit.power} {d.unit} -> {list(d.retreats)}" for d in position.dislodged)
    given = "; ".join(format_order(o) for os in orders.values() for o in os)
    name = board.name if board is not None else "?"
    return f"{name} {position.phase}: {what}\n  units: {units}\n  dislodged: {dislodged}\n  orders: {given}"


# -- movement ------------------------------------------------------------------


def check_movement(
    board: Board, position: Position, orders: Mapping[str, Sequence[Order]], out: PhaseOutcome
) -> list[str]:
    bad: list[str] = []
    after = out.after
    if after is None:
        return ["no position right after the phase"]
    given = sum(len(v) for v in orders.values())
    players = [r for r in out.results if r.source is Source.PLAYER]
    if len(players) != given:
        bad.append(f"{given} orders given, {len(players)} player results")
    for u in after.units:
        if not board.unit_can_stand(u.kind, u.location):
            bad.append(f"{u} cannot stand there")
    moved: dict[str, str] = {}  # origin province -> destination province
    failed: dict[str, list[tuple[str, str | None]]] = {}  # target -> [(origin, reason)]
    for r in out.results:
        if isinstance(r.order, Move) and r.result is not Result.VOID:
            origin, dest = province_of(r.order.location), province_of(r.order.destination)
            if r.result is Result.SUCCEEDS:
                if origin in moved:
                    bad.append(f"two successful moves from {origin}")
                moved[origin] = dest
            else:
                failed.setdefault(dest, []).append((origin, r.reason))
    dislodged = {d.unit.province: d for d in after.dislodged}
    if len(after.units) + len(after.dislodged) != len(position.units):
        bad.append(f"{len(position.units)} units before, {len(after.units)} + {len(after.dislodged)} after")
    for u in position.units:
        if u.province in moved:
            there = after.unit_in(moved[u.province])
            if there is None or (there.power, there.kind) != (u.power, u.kind):
                bad.append(f"{u} moved to {moved[u.province]} but {there} stands there")
            if u.province in dislodged:
                bad.append(f"{u} both moved and was dislodged")
        elif u.province in dislodged:
            if dislodged[u.province].unit != u:
                bad.append(f"{u} dislodged as {dislodged[u.province].unit}")
        elif after.unit_in(u.province) != u:
            bad.append(f"{u} neither moved nor was dislodged, yet is not there (bounced in?)")
    for prov, d in dislodged.items():
        attackers = [o for o, dest in moved.items() if dest == prov]
        if len(attackers) != 1:
            bad.append(f"{d.unit} dislodged by {len(attackers)} successful moves")
            continue
        attacker = position.unit_in(attackers[0])
        if attacker is None or attacker.power == d.unit.power:
            bad.append(f"{d.unit} dislodged by its own power's {attacker}")
        bad += _check_retreats(board, position, orders, after, d.unit, d.retreats, attackers[0], moved, failed)
    bad += _check_standoff_free(board, position, orders, after, moved, failed, dislodged)
    if position.phase.season == FALL and out.next.phase.kind != RETREAT:
        bad += _check_centres(board, position.centres, out.next)
    return bad


def _attacker_certainly_not_convoyed(position: Position, orders: Mapping[str, Sequence[Order]], origin: str) -> bool:
    attacker = position.unit_in(origin)
    if attacker is None:
        return False
    if attacker.kind == FLEET:
        return True
    for os in orders.values():
        for o in os:
            if isinstance(o, Convoy) and province_of(o.army) == origin:
                return False
            if isinstance(o, Move) and province_of(o.location) == origin and o.via_convoy:
                return False
    return True


def _blocking(failed: Mapping[str, list[tuple[str, str | None]]], moved: Mapping[str, str], target: str) -> bool:
    """Did a failed move into ``target`` keep others out (prevent strength above 0)?"""
    for origin, reason in failed.get(target, ()):
        if reason in _CONVOY_FAILED:
            continue
        if moved.get(target) == origin:
            continue  # beaten head to head by the unit that left ``target``
        return True
    return False


def _check_retreats(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    after: Position,
    unit: Unit,
    retreats: Sequence[str],
    attacker_from: str,
    moved: Mapping[str, str],
    failed: Mapping[str, list[tuple[str, str | None]]],
) -> list[str]:
    bad = []
    if unit.power == NEUTRAL and retreats:
        bad.append(f"neutral {unit} may retreat")
    for r in retreats:
        p = province_of(r)
        if not board.can_move(unit.kind, unit.location, r):
            bad.append(f"{unit} may retreat to {r}, which it cannot reach")
        if after.unit_in(p) is not None:
            bad.append(f"{unit} may retreat to occupied {r}")
        if p == attacker_from and _attacker_certainly_not_convoyed(position, orders, attacker_from):
            bad.append(f"{unit} may retreat to {r}, where its attacker came from")
        if _blocking(failed, moved, p):
            bad.append(f"{unit} may retreat to {r}, left empty by a standoff")
    return bad


def _check_standoff_free(
    board: Board,
    position: Position,
    orders: Mapping[str, Sequence[Order]],
    after: Position,
    moved: Mapping[str, str],
    failed: Mapping[str, list[tuple[str, str | None]]],
    dislodged: Mapping[str, object],
) -> list[str]:
    """DATC 6.H.9: a province whose failed moves kept no one out stays open to retreats."""
    bad = []
    for target in failed:
        if after.unit_in(target) is not None or _blocking(failed, moved, target):
            continue
        for prov, d in dislodged.items():
            unit = d.unit  # type: ignore[attr-defined]
            if unit.power == NEUTRAL:
                continue
            places = (target, *board.provinces[target].coasts)
            reach = [loc for loc in places if board.can_move(unit.kind, unit.location, loc)]
            if not reach:
                continue
            attacker_from = next(o for o, dest in moved.items() if dest == prov)
            if target == attacker_from:
                continue
            if not any(loc in d.retreats for loc in reach):  # type: ignore[attr-defined]
                bad.append(f"{unit} may not retreat to {target}, which no standoff closed")
    return bad


def _check_centres(board: Board, before: Mapping[str, str], nxt: Position) -> list[str]:
    """After autumn a unit on a centre takes it; any other centre keeps its owner."""
    bad = []
    for c in sorted(board.supply_centres):
        u = nxt.unit_in(c)
        want = u.power if u is not None and u.power != NEUTRAL else before.get(c)
        if nxt.centres.get(c) != want:
            bad.append(f"centre {c}: owner {nxt.centres.get(c)}, expected {want}")
    if sum(len(nxt.centres_of(p)) for p in board.powers) != len(nxt.centres):
        bad.append("centre counts per power do not sum to the centres owned")
    return bad


# -- retreats ------------------------------------------------------------------


def check_retreats(
    board: Board, position: Position, orders: Mapping[str, Sequence[Order]], out: PhaseOutcome
) -> list[str]:
    bad: list[str] = []
    nxt = out.next
    options = {d.unit.province: d.retreats for d in position.dislodged}
    done: dict[str, str] = {}
    for r in out.results:
        if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS:
            origin = province_of(r.order.location)
            if origin not in options:
                bad.append(f"{r.order} succeeded for a unit not dislodged")
                continue
            dest = next((o for o in options[origin] if province_of(o) == province_of(r.order.destination)), None)
            if dest is None:
                bad.append(f"{r.order} succeeded to a place not among {list(options[origin])}")
            done[origin] = province_of(r.order.destination)
    targets = list(done.values())
    for origin, dest in done.items():
        if targets.count(dest) > 1:
            bad.append(f"two successful retreats to {dest}")
    if len(nxt.units) != len(position.units) + len(done):
        bad.append(f"{len(position.units)} units + {len(done)} retreats, {len(nxt.units)} after")
    if nxt.phase.kind == RETREAT or nxt.dislodged:
        bad.append("dislodged units left after the retreat phase")
    if position.phase.season == FALL:
        bad += _check_centres(board, position.centres, nxt)
    return bad


# -- adjustments ---------------------------------------------------------------


def check_adjustments(board: Board, position: Position, counts: Mapping[str, int], out: PhaseOutcome) -> list[str]:
    bad: list[str] = []
    nxt = out.next
    for power in set(board.powers) | {u.power for u in position.units}:
        before, now = len(position.units_of(power)), len(nxt.units_of(power))
        n = counts.get(power, 0)
        if n < 0 and now != before + n:
            bad.append(f"{power} owed {-n} disbands: {before} units, {now} after")
        if n >= 0 and not before <= now <= before + n:
            bad.append(f"{power} owed {n} builds: {before} units, {now} after")
    for u in nxt.units:
        if position.unit_in(u.province) is None:
            if u.province not in board.build_centres_of(u.power) or position.centres.get(u.province) != u.power:
                bad.append(f"{u.power} built {u} off its own build centres")
            if u.kind not in (ARMY, FLEET) or not board.unit_can_stand(u.kind, u.location):
                bad.append(f"{u} built where it cannot stand")
    return bad
