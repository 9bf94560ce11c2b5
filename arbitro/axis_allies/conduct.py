"""Conduct combat (R-AAE-TURN-3, phase 3): every battle the combat moves made, in the order of
the dice, fought to its end by the battle engine (``combat.fight``), and its result put back on
the board: AA fire on the way by MOVE line and path (R-AAE-COMBAT-14), then raids, sea battles,
the landings their zones allow (R-AAE-MOVE-15), land battles, each kind in code order; then the
convoy zones (R-AAE-ECON-3). Conquests, captured capitals and raid damage go to the ledger."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from .board import Board
from .combat.battle import AMPHIBIOUS, FLAK, LAND, RAID, SEA, Battle
from .combat.dice import Dice, FixedDice
from .combat.fight import fight
from .combat.report import BattleReport
from .combat_plan import CombatPlan, land_targets, sea_battle_zones
from .economy import Entry, conquer, convoy_control, raid_damage
from .instructions import BattleOrders, Instructions
from .instructions import Retreat as RetreatOrder
from .landing import Landed, land_homeless
from .orders import Retreat
from .sides import air_distances, enemy_groups, enemy_ships, enemy_surface_ships
from .state import State
from .units import Group, merged


@dataclass(frozen=True)
class Conquest:
    territory: str
    by: str
    holder: str            # who holds it now (a liberated territory returns, R-AAE-ECON-6)
    before: str | None
    battle: bool           # taken in a battle, or walked into (R-AAE-MOVE-5)


@dataclass(frozen=True)
class Note:
    """Something the results mail tells that no battle report does."""

    code: str              # aae.note.<code>: landing_blocked, escort_fallback, escort_stays ...
    args: tuple[object, ...] = ()


@dataclass
class Conducted:
    state: State
    reports: list[BattleReport] = field(default_factory=list)
    ledger: list[Entry] = field(default_factory=list)
    conquests: list[Conquest] = field(default_factory=list)
    landed: list[Landed] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    dice: Dice | None = None


def conduct(board: Board, plan: CombatPlan, power: str, dice: Dice) -> Conducted:
    out = Conducted(plan.state, dice=dice)
    _flak(board, plan, power, out)
    for t in board.territories():
        if any(g.owner == power and g.fought and g.type == "bomber" and g.airborne
               for g in out.state.at(t)) or _raid_declared(plan, t):
            _raid(board, plan, power, t, out)
    for zone in sea_battle_zones(board, out.state, power):
        _sea(board, plan, power, zone, out)
    _landings(board, plan, power, out)
    for t in land_targets(board, out.state, power):
        _land(board, plan, power, t, out)
    out.state = convoy_control(board, out.state)
    return out


def _fight(board: Board, battle: Battle, out: Conducted) -> BattleReport:
    assert out.dice is not None
    report = fight(battle, board.unit_types, out.dice, board.turn_order)
    if isinstance(out.dice, FixedDice):
        out.dice = out.dice.after(report.dice_used)
    out.reports.append(report)
    return report


def _instructions(state: State, powers: Iterable[str]) -> Mapping[str, Instructions]:
    return {p: state.instructions[p] for p in sorted(set(powers)) if p in state.instructions}


def _remove(groups: Iterable[Group], lost: Mapping[tuple[str, str], int],
            template: Iterable[Group] = ()) -> list[Group]:
    """The groups less ``lost`` units by (owner, type), taken from groups like ``template``
    first (the aircraft of one move line)."""
    left = dict(lost)
    keys = {g.key() for g in template}
    out = []
    ordered = sorted(groups, key=lambda g: g.key() not in keys)
    for g in ordered:
        n = min(g.count, left.get((g.owner, g.type), 0)) if (not keys or g.key() in keys) else 0
        if n:
            left[(g.owner, g.type)] -= n
        if g.count - n:
            out.append(g.with_count(g.count - n))
    return out


def _losses(before: Iterable[Group], after: Iterable[Group]) -> dict[tuple[str, str], int]:
    count: dict[tuple[str, str], int] = {}
    for g in before:
        count[(g.owner, g.type)] = count.get((g.owner, g.type), 0) + g.count
    for g in after:
        count[(g.owner, g.type)] = count.get((g.owner, g.type), 0) - g.count
    return {k: v for k, v in count.items() if v > 0}


# -- AA fire on the way (R-AAE-COMBAT-14) ---------------------------------------------------------


def _flak(board: Board, plan: CombatPlan, power: str, out: Conducted) -> None:
    for n, (_, run) in enumerate(plan.runs, start=1):
        planes = [g for g in run.groups if board.unit_types[g.type].air]
        if not planes or not run.crossed:
            continue
        alive = list(planes)
        for space in run.crossed:
            if not board.spaces[space].land:
                continue
            guns = [g for g in enemy_groups(board, out.state, power, space) if g.type == "aa_gun"]
            if not guns or not alive:
                continue
            battle = Battle(FLAK, space, power, attacking=tuple(merged(alive)),
                            defending=tuple(guns), id=f"{space}/AA{n}",
                            instructions=_instructions(out.state, [power]))
            report = _fight(board, battle, out)
            lost = _losses(alive, report.result.attacking)
            if lost:
                out.state = out.state.with_units(run.end, _remove(out.state.at(run.end), lost,
                                                                  alive))
                alive = _remove(alive, lost)


# -- raids (R-AAE-SBR) ----------------------------------------------------------------------------


def _raid_declared(plan: CombatPlan, t: str) -> bool:
    return any(run.order.raid and run.end == t for _, run in plan.runs)


def _raid(board: Board, plan: CombatPlan, power: str, t: str, out: Conducted) -> None:
    state = out.state
    here = state.at(t)
    bombers = [g for g in here if g.owner == power and g.fought and g.airborne
               and g.type == "bomber"]
    escorts = [g for g in here if g.owner == power and g.fought and g.airborne
               and g.type == "fighter"]
    defending = [g for g in here if board.enemies(g.owner, power)]
    rest = [g for g in here if g not in bombers and g not in escorts and g not in defending]
    holder = state.controller(t)
    battle = Battle(RAID, t, power, attacking=tuple(bombers), escorts=tuple(escorts),
                    defending=tuple(defending), controller=holder,
                    defender_cash=state.cash.get(holder or "", 0),
                    instructions=_instructions(state, [power, *(g.owner for g in defending)]))
    report = _fight(board, battle, out)
    result = report.result
    state = state.with_units(t, [*rest, *result.attacking, *result.defending])
    if result.damage:
        state, entries = raid_damage(state, t, result.damage)
        out.ledger.extend(entries)
    if not any(g.type == "bomber" for g in result.attacking):
        state = _escorts_go_on(board, plan, power, t, state, out)
    out.state = state


def _escorts_go_on(board: Board, plan: CombatPlan, power: str, t: str, state: State,
                   out: Conducted) -> State:
    """R-AAE-SBR-6: with every bomber fallen, an escort goes on to its fallback battle, or ends
    over the target with no battle."""
    for _, run in plan.runs:
        if not (run.order.escort and run.end == t):
            continue
        fighters = [g for g in state.at(t) if g.owner == power and g.type == "fighter"
                    and g.fought and g.airborne]
        wanted = sum(g.count for g in run.groups)
        have = min(wanted, sum(g.count for g in fighters))
        if not have:
            continue
        if run.order.fallback is None:
            out.notes.append(Note("escort_stays", (t, have)))
            continue
        to = run.order.fallback
        dist = air_distances(board, t, 6).get(to, 0)
        moved = max(g.moved for g in fighters) + dist
        state = state.with_units(t, _remove(state.at(t), {(power, "fighter"): have}, fighters))
        state = state.add_units(to, (Group(power, "fighter", have, origin=t, moved=moved,
                                           airborne=True),))
        out.notes.append(Note("escort_fallback", (t, to, have)))
    return state


# -- sea battles --------------------------------------------------------------------------------


def _battle_orders(board: Board, plan: CombatPlan, space: str) -> BattleOrders:
    retreat = None
    if space in plan.retreats:
        r: Retreat = plan.retreats[space][0]
        retreat = RetreatOrder(r.to, r.after_round, r.below, "land" if r.land_only else "all")
    dive = plan.dives.get(space)
    return BattleOrders(retreat, stall=space in plan.stalls,
                        submerge_from=dive[0] if dive else None)


def _sea(board: Board, plan: CombatPlan, power: str, zone: str, out: Conducted) -> None:
    state = out.state
    here = state.at(zone)
    attacking = [g for g in here if g.owner == power and not g.fought]
    defending = [g for g in here if board.enemies(g.owner, power)]
    bystanders = [g for g in here if g.owner != power and board.allied(g.owner, power)]
    rest = [g for g in here if g not in attacking and g not in defending and g not in bystanders]
    battle = Battle(SEA, zone, power, attacking=tuple(attacking), defending=tuple(defending),
                    bystanders=tuple(bystanders), orders=_battle_orders(board, plan, zone),
                    instructions=_instructions(state, [g.owner for g in here]))
    report = _fight(board, battle, out)
    result = report.result
    staying = [g for g in result.attacking if not g.retreated or board.unit_types[g.type].air]
    gone = [replace(g, origin=zone) for g in result.attacking
            if g.retreated and not board.unit_types[g.type].air]
    state = state.with_units(zone, [*rest, *staying, *result.defending, *result.bystanders])
    if gone and battle.orders.retreat is not None:
        state = state.add_units(battle.orders.retreat.to, gone)
    if result.homeless_fighters:
        state, landed = land_homeless(board, state, zone, result.homeless_fighters)
        out.landed.extend(landed)
    out.state = state


def _landings(board: Board, plan: CombatPlan, power: str, out: Conducted) -> None:
    """R-AAE-MOVE-15: cargo lands once its zone holds no enemy surface ship and no submarine
    that did not submerge; else it stays aboard."""
    wanted: dict[tuple[str, str], dict[str, int]] = {}
    for _, run in plan.runs:
        if run.landing is None:
            continue
        want = wanted.setdefault((run.end, run.landing), {})
        for g in run.landed:
            want[g.type] = want.get(g.type, 0) + g.count
    for (zone, t), want in wanted.items():
        state = out.state
        if enemy_surface_ships(board, state, power, zone) or enemy_ships(board, state, power, zone):
            out.notes.append(Note("landing_blocked", (zone, t)))
            continue
        left = dict(want)
        ships: list[Group] = []
        landed: list[Group] = []
        for g in state.at(zone):
            if g.owner != power or g.unloaded != t or not g.cargo:
                ships.append(g)
                continue
            for _ in range(g.count):
                keep = []
                for c in g.cargo:
                    n = min(c.count, left.get(c.type, 0))
                    left[c.type] = left.get(c.type, 0) - n
                    if n:
                        landed.append(replace(c, count=n, landing=True, origin=zone,
                                              moved=board.unit_types[c.type].move))
                    if c.count - n:
                        keep.append(c.with_count(c.count - n))
                ships.append(replace(g, count=1, cargo=merged(keep)))
        state = state.with_units(zone, ships)
        out.state = state.add_units(t, landed)


# -- land battles -------------------------------------------------------------------------------


def _land(board: Board, plan: CombatPlan, power: str, t: str, out: Conducted) -> None:
    state = out.state
    here = state.at(t)
    mine = [g for g in here if g.owner == power and not g.fought and (g.moved or g.landing)]
    defending = [g for g in here if board.enemies(g.owner, power)]
    rest = [g for g in here if g not in mine and g not in defending]
    before = state.controller(t)
    if not defending:
        if any(board.unit_types[g.type].land for g in mine):
            state, entries = conquer(board, state, t, power)
            out.ledger.extend(entries)
            out.conquests.append(Conquest(t, power, state.controller(t) or power, before, False))
        out.state = state
        return
    landing = [g for g in mine if g.landing]
    attacking = [g for g in mine if not g.landing]
    zones = {g.origin for g in landing if g.origin}
    # a bombarding ship's ``from`` is the zone it fires from (the battle contract's reading)
    bombarding = [replace(g, origin=z) for z in sorted(zones) for g in state.at(z)
                  if g.owner == power and board.unit_types[g.type].bombard and not g.fought]
    battle = Battle(AMPHIBIOUS if landing else LAND, t, power, attacking=tuple(attacking),
                    landing=tuple(landing), bombarding=tuple(bombarding),
                    defending=tuple(defending), bystanders=tuple(rest_allied(board, power, rest)),
                    controller=before, orders=_battle_orders(board, plan, t),
                    instructions=_instructions(state, [power, *(g.owner for g in defending)]))
    report = _fight(board, battle, out)
    result = report.result
    staying = [g for g in result.attacking if not g.retreated or board.unit_types[g.type].air]
    gone = [g for g in result.attacking if g.retreated and not board.unit_types[g.type].air]
    others = [g for g in rest if g not in battle.bystanders]
    if result.conquered:
        guns = [g for g in defending if g.type == "aa_gun"]
        state = state.with_units(t, [*others, *staying, *result.bystanders, *guns])
        state, entries = conquer(board, state, t, power)
        out.ledger.extend(entries)
        out.conquests.append(Conquest(t, power, state.controller(t) or power, before, True))
    else:
        state = state.with_units(t, [*others, *staying, *result.defending, *result.bystanders])
    if gone and battle.orders.retreat is not None:
        state = state.add_units(battle.orders.retreat.to, gone)
    out.state = state


def rest_allied(board: Board, power: str, groups: Iterable[Group]) -> list[Group]:
    return [g for g in groups if g.owner != power and board.allied(g.owner, power)]


__all__ = ["LAND", "SEA", "Conducted", "Conquest", "Note", "conduct"]
