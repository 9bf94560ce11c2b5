"""``fight``: one battle fought to its end, the entry point the turn (and the contract) calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..units import Group, UnitType
from .aa import flak
from .battle import AMPHIBIOUS, FLAK, KINDS, LAND, RAID, SEA, Battle
from .dice import Dice
from .firing import Fight
from .melee import melee
from .pieces import ATTACKING, BYSTANDING, DEFENDING, take_apart
from .raid import ESCORTING, raid
from .report import BattleReport


class BattleError(ValueError):
    """A battle that cannot be fought as given (a unit where it cannot fight): an input error."""


def fight(battle: Battle, types: Mapping[str, UnitType], dice: Dice,
          turn_order: Sequence[str]) -> BattleReport:
    """Fight ``battle`` to its end with ``dice`` (R-AAE-COMBAT, R-AAE-SBR). ``types`` is the
    board's unit table, ``turn_order`` its powers in turn order (R-AAE-PBEM-9's die order, the
    ties of R-AAE-PBEM-5). Raises BattleError for an impossible battle and OutOfDice when a
    fixed sequence runs out; every rule's outcome is in the report."""
    problem = battle_problem(battle, types)
    if problem is not None:
        raise BattleError(problem)
    run = Fight(battle, types, dice, turn_order)
    take_apart(battle.attacking, ATTACKING, types, run.pieces)
    take_apart((replace(g, landing=True) for g in battle.landing), ATTACKING, types, run.pieces)
    take_apart(battle.escorts, ESCORTING, types, run.pieces)
    take_apart(battle.defending, DEFENDING, types, run.pieces, cargo_defends=True)
    take_apart(battle.bystanders, BYSTANDING, types, run.pieces)
    if battle.kind == FLAK:
        outcome = flak(run)
    elif battle.kind == RAID:
        outcome = raid(run)
    else:
        outcome = melee(run)
    return BattleReport(battle.battle_id, battle.kind, tuple(run.rolls), tuple(run.casualties),
                        tuple(run.events), outcome, tuple(run.defaults), run.roller.used)


# What may stand in each list of each kind of battle, by domain (R-AAE-COMBAT-1, -2).
_AIR, _LAND, _SEA = frozenset({"air"}), frozenset({"land"}), frozenset({"sea"})
_ALLOWED: Mapping[str, Mapping[str, frozenset[str]]] = {
    LAND: {"attacking": _LAND | _AIR, "defending": _LAND | _AIR, "bystanders": _LAND | _AIR},
    AMPHIBIOUS: {"attacking": _LAND | _AIR, "landing": _LAND, "bombarding": _SEA,
                 "defending": _LAND | _AIR, "bystanders": _LAND | _AIR},
    SEA: {"attacking": _SEA | _AIR, "defending": _SEA | _AIR, "bystanders": _SEA | _AIR},
    RAID: {"attacking": _AIR, "escorts": _AIR, "defending": _LAND | _AIR},
    FLAK: {"attacking": _AIR, "defending": _LAND | _AIR},
}


def battle_problem(battle: Battle, types: Mapping[str, UnitType]) -> str | None:
    """Why ``battle`` cannot be fought as given, or None."""
    if battle.kind not in KINDS:
        return f"unknown kind of battle {battle.kind!r}: one of {', '.join(KINDS)}"
    allowed = _ALLOWED[battle.kind]
    lists = {"attacking": battle.attacking, "landing": battle.landing,
             "bombarding": battle.bombarding, "escorts": battle.escorts,
             "defending": battle.defending, "bystanders": battle.bystanders}
    for name, groups in lists.items():
        for group in groups:
            problem = _group_problem(group, types, name)
            if problem is not None:
                return problem
            if types[group.type].domain not in allowed.get(name, frozenset()):
                return (f"{name}: no {group.type} in a {battle.kind} battle"
                        + (" (A9: a transport is never in the land battle of its cargo)"
                           if group.type == "transport" else ""))
            if name in ("attacking", "landing", "escorts", "bombarding") and group.owner != battle.attacker:
                return f"{name}: the units are the attacker's ({battle.attacker}), not {group.owner}'s"
            if name in ("defending",) and group.owner == battle.attacker:
                return f"defending: {battle.attacker} attacks and cannot defend here"
    if battle.kind == RAID and any(not types[g.type].raid_dice for g in battle.attacking):
        return "attacking: a raid's attackers are bombers"
    if battle.kind == RAID and any(not types[g.type].escort for g in battle.escorts):
        return "escorts: a raid's escorts are fighters"
    if battle.defender_cash is not None and battle.defender_cash < 0:
        return "defender_cash cannot be negative"
    units = sum(g.count * (1 + sum(c.count for c in g.cargo)) for gs in lists.values() for g in gs)
    if units > MOST_UNITS:
        return f"a battle of {units} units: no board holds more than {MOST_UNITS} in one space"
    return None


# More units than the whole board's set-up in one space is no battle but a typo (or an attempt
# to make the referee count forever).
MOST_UNITS = 1000


def _group_problem(group: Group, types: Mapping[str, UnitType], where: str,
                   carrier: UnitType | None = None) -> str | None:
    if group.type not in types:
        return f"{where}: unknown unit type {group.type!r}"
    unit = types[group.type]
    if group.count < 1:
        return f"{where}: a group holds at least one unit"
    if group.damaged and unit.hits < 2:
        return f"{where}: only a unit that takes two hits can be damaged, not a {group.type}"
    if carrier is not None:
        if group.cargo:
            return f"{where}: cargo carries no cargo of its own"
        if carrier.capacity and unit.cargo is None:
            return f"{where}: a transport carries land units, not a {group.type}"
        if carrier.fighters and unit.carrier_space is None:
            return f"{where}: a carrier carries fighters, not a {group.type}"
    elif group.cargo and not (unit.capacity or unit.fighters):
        return f"{where}: only transports and carriers carry units, not a {group.type}"
    for aboard in group.cargo:
        problem = _group_problem(aboard, types, f"{where} cargo", unit)
        if problem is not None:
            return problem
    return None
