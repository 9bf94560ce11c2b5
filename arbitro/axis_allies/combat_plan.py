"""The ORDINI judged whole: the purchase, the combat moves line by line against the state the
earlier lines left, then what only the whole mail shows (R-AAE-MOVE-5, -7, -8, -13, R-AAE-SBR-1,
-6, R-AAE-PBEM-6, -13). A line found wrong only then is refused and the mail judged again without
it, until nothing changes: the refusals always name the line that breaks a rule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .board import Board
from .economy import Entry, conquer
from .landing import check_landings
from .mobilization import judge_buy
from .movement import AIR_BATTLE, ESCORT_RAID, SEA_SUPPORT, MoveRun, judge_move
from .orders import COMBAT, Attack, Buy, Execute, Move, Order, Reason, Retreat, Submerge
from .selection import take
from .sides import (
    enemy_groups,
    enemy_ships,
    enemy_territory,
    friendly,
    has_enemy_destroyer,
)
from .state import State


@dataclass
class CombatPlan:
    """What the ORDINI's legal lines add up to."""

    state: State                                   # the units where the moves left them
    bought: tuple[tuple[str, int], ...] = ()
    runs: list[tuple[int, MoveRun]] = field(default_factory=list)   # (line index, run)
    attacks: dict[str, int] = field(default_factory=dict)           # zone -> line index
    stalls: dict[str, int] = field(default_factory=dict)
    dives: dict[str, tuple[int, int]] = field(default_factory=dict)  # zone -> (round, line)
    retreats: dict[str, tuple[Retreat, int]] = field(default_factory=dict)
    execute: bool = False
    ledger: list[Entry] = field(default_factory=list)      # a capital blitzed through
    blitzed: list[tuple[str, str | None, str]] = field(default_factory=list)  # (t, before, now)


def sea_battle_zones(board: Board, state: State, power: str) -> list[str]:
    """Zones where ``power`` fights at sea this turn: its units there beside enemy units, with
    one that attacks (a combat ship, an aircraft, a ship that moved in: R-AAE-MOVE-7)."""
    out = []
    for zone in board.zones():
        if not enemy_groups(board, state, power, zone):
            continue
        mine = [g for g in state.at(zone) if g.owner == power and not g.fought]
        if any(g.moved or board.unit_types[g.type].attack for g in mine):
            out.append(zone)
    return out


def land_targets(board: Board, state: State, power: str) -> list[str]:
    """Territories ``power`` attacks or takes this turn: its units arrived there (not raiding)."""
    out = []
    for t in board.passable():
        arrived = [g for g in state.at(t) if g.owner == power and not g.fought
                   and (g.moved or g.landing)]
        if arrived and (enemy_groups(board, state, power, t) or enemy_territory(board, state,
                                                                               power, t)):
            out.append(t)
    return out


def landing_zones(plan: CombatPlan) -> set[str]:
    return {run.end for _, run in plan.runs if run.landing is not None}


def judge_combat(board: Board, state: State, power: str,
                 orders: Sequence[tuple[int, Order]]) -> tuple[CombatPlan, dict[int, Reason]]:
    """The plan of the lines that stand and the refusal of each line that does not."""
    refused: dict[int, Reason] = {}
    while True:
        plan, found = _one_pass(board, state, power, orders, refused)
        found.update(_whole_mail(board, state, power, plan))
        new = {i: r for i, r in found.items() if i not in refused}
        if not new:
            return plan, refused
        # the first newly wrong line goes; the rest are judged again without it
        first = min(new)
        refused[first] = new[first]


def _one_pass(board: Board, state: State, power: str, orders: Sequence[tuple[int, Order]],
              refused: Mapping[int, Reason]) -> tuple[CombatPlan, dict[int, Reason]]:
    plan = CombatPlan(state)
    found: dict[int, Reason] = {}
    bought: dict[str, int] = {}
    for i, order in orders:
        if i in refused:
            continue
        if isinstance(order, Execute):
            plan.execute = True
        elif isinstance(order, Buy):
            got = judge_buy(board, state, power, order.units, bought)
            if isinstance(got, Reason):
                found[i] = got
            else:
                bought = dict(got)
        elif isinstance(order, Move):
            judged = judge_move(board, plan.state, power, order, COMBAT)
            if isinstance(judged, Reason):
                found[i] = judged
                continue
            after, run = judged
            short = check_landings(board, after, power, _fighting_zones(board, after, power))
            if short is not None and check_landings(
                    board, plan.state, power, _fighting_zones(board, plan.state, power)) is None:
                found[i] = Reason("R-AAE-MOVE-13", "suicide",
                                  (short.fighters + short.bombers, short.places))
                continue
            for t in run.blitzed:   # taken on the way (R-AAE-MOVE-4)
                before = after.controller(t)
                after, entries = conquer(board, after, t, power)
                plan.ledger.extend(entries)
                plan.blitzed.append((t, before, after.controller(t) or power))
            plan.state = after
            plan.runs.append((i, run))
        elif isinstance(order, Attack):
            reason = _attack(board, state, plan, power, order)
            if reason is not None:
                found[i] = reason
            else:
                plan.attacks[order.zone] = i
        elif isinstance(order, Submerge):
            if order.zone in plan.stalls or order.zone in plan.dives:
                found[i] = Reason("R-AAE-PBEM-13", "twice_for_one_battle", (order.zone,))
            elif order.from_round is None:
                plan.stalls[order.zone] = i
            else:
                plan.dives[order.zone] = (order.from_round, i)
        elif isinstance(order, Retreat):
            if order.space in plan.retreats:
                found[i] = Reason("R-AAE-PBEM-13", "twice_for_one_battle", (order.space,))
            else:
                plan.retreats[order.space] = (order, i)
    order_of = {t: n for n, t in enumerate(board.unit_types)}
    plan.bought = tuple(sorted(bought.items(), key=lambda tn: order_of[tn[0]]))
    return plan, found


def _fighting_zones(board: Board, state: State, power: str) -> frozenset[str]:
    return frozenset(sea_battle_zones(board, state, power))


def _attack(board: Board, start: State, plan: CombatPlan, power: str,
            order: Attack) -> Reason | None:
    zone = order.zone
    if not board.spaces[zone].sea:
        return Reason("R-AAE-MOVE-7", "attack_is_for_ships", (zone,))
    if not enemy_ships(board, start, power, zone):
        return Reason("R-AAE-MOVE-7", "attack_no_enemy_ships", (zone,))
    if order.zone in plan.attacks:
        return Reason("R-AAE-PBEM-13", "twice_for_one_battle", (zone,))
    for u in order.units or ():
        if not board.unit_types[u.type].sea:
            return Reason("R-AAE-MOVE-7", "attack_is_for_ships", (zone,))
        got = take(plan.state.at(zone), power, u, lambda g: g.moved == 0, zone, "R-AAE-MOVE-7")
        if isinstance(got, Reason):
            return got
    return None


def _whole_mail(board: Board, start: State, power: str, plan: CombatPlan) -> dict[int, Reason]:
    """What only the whole ORDINI shows."""
    found: dict[int, Reason] = {}
    state = plan.state
    sea = set(sea_battle_zones(board, state, power))
    land = set(land_targets(board, state, power))
    raids = {t for t in board.territories()
             if any(g.owner == power and g.fought and g.type == "bomber" for g in state.at(t))}
    landings = landing_zones(plan)
    battles = sea | land
    for i, run in plan.runs:
        end = run.end
        if run.deferred == AIR_BATTLE and end not in battles:
            found[i] = Reason("R-AAE-MOVE-5", "no_battle_there", (end,))
        elif run.deferred == ESCORT_RAID and end not in raids:
            found[i] = Reason("R-AAE-SBR-1", "escort_without_raid", (end,))
        elif run.deferred == SEA_SUPPORT and end not in landings and end not in sea:
            found[i] = Reason("R-AAE-TURN-3", "noncombat_in_combat", (end,))
        if run.order.fallback is not None and run.order.fallback not in battles:
            found[i] = Reason("R-AAE-SBR-6", "fallback_without_battle", (run.order.fallback,))
    for zone, i in plan.attacks.items():
        if zone not in sea:
            found[i] = Reason("R-AAE-MOVE-7", "attack_left_nothing", (zone,))
    for zone, i in plan.stalls.items():
        subs = [g for g in state.at(zone) if g.owner == power and g.type == "submarine"]
        if not subs:
            found[i] = Reason("R-AAE-MOVE-8", "no_submarine_there", (zone,))
        elif not enemy_ships(board, state, power, zone):
            found[i] = Reason("R-AAE-MOVE-8", "stall_no_enemy_ships", (zone,))
        elif has_enemy_destroyer(board, state, power, zone):
            found[i] = Reason("R-AAE-MOVE-8", "stall_enemy_destroyer", (zone,))
    for zone, (_, i) in plan.dives.items():
        if zone not in sea or not any(g.owner == power and g.type == "submarine"
                                      for g in state.at(zone)):
            found[i] = Reason("R-AAE-COMBAT-4", "no_submarine_battle", (zone,))
    for space, (order, i) in plan.retreats.items():
        reason = _retreat(board, start, state, power, space, order, battles)
        if reason is not None:
            found[i] = reason
    return found


def _retreat(board: Board, start: State, state: State, power: str, space: str, order: Retreat,
             battles: set[str]) -> Reason | None:
    """R-AAE-COMBAT-8: into an adjacent space its side held at the start of the turn (at sea: a
    zone without enemy ships) from which at least one attacking unit came."""
    rule = "R-AAE-COMBAT-8"
    if space not in battles:
        return Reason(rule, "retreat_no_battle", (space,))
    to = order.to
    if not board.adjacent(space, to):
        return Reason(rule, "retreat_not_adjacent", (to, space))
    mine = [g for g in state.at(space) if g.owner == power and not g.fought]
    if board.spaces[space].sea:
        if not board.spaces[to].sea or enemy_ships(board, state, power, to):
            return Reason(rule, "retreat_sea_blocked", (to,))
        came = {g.origin for g in mine if board.unit_types[g.type].sea}
    else:
        if not (board.spaces[to].land and friendly(board, start, power, to)):
            return Reason(rule, "retreat_not_held", (to,))
        came = {g.origin for g in mine if board.unit_types[g.type].land and not g.landing}
        if not came and any(g.landing for g in mine):
            return None  # only aircraft may retreat from an assault (A10, A11): any held space
    if to not in came:
        return Reason(rule, "retreat_not_whence", (to, space))
    return None

