"""``arbitro aae battle`` (AAE_CONTRACT.md (a)): one battle's JSON in, fought, its report out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..axis_allies.board import MIDDLE_EAST, Board
from ..axis_allies.combat import (
    FLAK,
    KINDS,
    RAID,
    Battle,
    BattleError,
    BattleReport,
    Casualty,
    Dice,
    Event,
    FixedDice,
    Outcome,
    Roll,
    fight,
)
from ..axis_allies.combat.dice import OutOfDice
from .board_file import VARIANT, load_board
from .shapes import (
    ContractError,
    number,
    obj,
    only,
    read_battle_orders,
    read_dice,
    read_groups,
    read_instructions,
    text,
    write_groups,
)

_FIELDS = ("variant", "kind", "space", "attacker", "controller", "attacking", "landing",
           "bombarding", "escorts", "defending", "bystanders", "defender_cash", "orders",
           "instructions", "dice")
_LISTS = ("attacking", "landing", "bombarding", "escorts", "defending", "bystanders")


def battle_json(data: Any) -> dict[str, Any]:
    """The contract's output for one input document; ContractError when it is not of shape."""
    board = load_board()
    battle, dice = read_battle(obj(data, "the input"), board)
    try:
        report = fight(battle, board.unit_types, dice, board.turn_order)
    except (BattleError, OutOfDice) as exc:
        raise ContractError(str(exc)) from exc
    return write_report(report)


def read_battle(data: Mapping[str, Any], board: Board) -> tuple[Battle, Dice]:
    only(data, _FIELDS, "the input")
    variant = data.get("variant", VARIANT)
    if variant != VARIANT:
        raise ContractError(f"variant must be {VARIANT!r}")
    kind = text(data.get("kind"), "kind")
    if kind not in KINDS:
        raise ContractError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    powers = board.turn_order
    attacker = text(data.get("attacker"), "attacker")
    if attacker not in powers:
        raise ContractError(f"attacker: unknown power {attacker!r} (one of {', '.join(powers)})")
    lists = {name: read_groups(data.get(name), board.unit_types, powers, name) for name in _LISTS}
    controller = data.get("controller")
    if controller is not None:
        controller = text(controller, "controller")
        if controller not in (*powers, *board.holders):
            raise ContractError(f"controller: unknown power {controller!r}")
    elif kind in ("land", "amphibious", RAID):
        owners = sorted({g.owner for g in lists["defending"]})
        if len(owners) > 1:
            raise ContractError(f"controller is needed: the defending units are of {len(owners)} "
                                f"powers ({', '.join(owners)})")
        controller = owners[0] if owners else None
    cash = data.get("defender_cash")
    dice, battle_id = read_dice(data.get("dice"), "dice")
    if kind == FLAK and battle_id is None and not isinstance(dice, FixedDice):
        raise ContractError("dice.battle is needed for AA fire on the way (like NLB/AA4)")
    instructions = obj(data.get("instructions"), "instructions", optional=True)
    for power in instructions:
        if power not in (*powers, MIDDLE_EAST):
            raise ContractError(f"instructions: unknown power {power!r}")
    battle = Battle(
        kind=kind, space=text(data.get("space"), "space"), attacker=attacker,
        controller=controller,
        defender_cash=None if cash is None else number(cash, "defender_cash"),
        orders=read_battle_orders(data.get("orders"), "orders"),
        instructions={p: read_instructions(i, f"instructions.{p}") for p, i in instructions.items()},
        id=battle_id, **lists)
    return battle, dice


# -- the output --------------------------------------------------------------------------


def write_report(report: BattleReport) -> dict[str, Any]:
    return {
        "battle": report.battle,
        "kind": report.kind,
        "rolls": [write_roll(r) for r in report.rolls],
        "casualties": [write_casualty(c) for c in report.casualties],
        "events": [write_event(e) for e in report.events],
        "result": write_outcome(report.result),
        "defaults": list(report.defaults),
    }


def write_roll(roll: Roll) -> dict[str, Any]:
    return {
        "round": roll.round, "roll": roll.roll, "by": roll.by,
        "dice": [{"n": d.n, "owner": d.owner, "type": d.type, "value": d.value, "die": d.die,
                  "hit": d.hit} for d in roll.dice],
        "hits": dict(roll.hits),
        **({"total": roll.total} if roll.roll == "damage" else {}),
    }


def write_casualty(c: Casualty) -> dict[str, Any]:
    return {"round": c.round, "roll": c.roll, "owner": c.owner, "type": c.type, "count": c.count,
            "place": c.place, "removed": c.removed, "why": c.why}


def write_event(e: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"event": e.event, "round": e.round, "side": e.side,
                           "units": write_groups(e.units), "why": e.why}
    if e.to is not None:
        out["to"] = e.to
    return out


def write_outcome(o: Outcome) -> dict[str, Any]:
    return {
        "end": o.end, "rounds": o.rounds, "winner": o.winner, "conquered": o.conquered,
        "attacking": write_groups(o.attacking), "defending": write_groups(o.defending),
        "bystanders": write_groups(o.bystanders), "submerged": write_groups(o.submerged),
        "homeless_fighters": write_groups(o.homeless_fighters),
        "damage": o.damage, "damage_rolled": o.damage_rolled,
    }


def battle_digest_input(data: Mapping[str, Any]) -> dict[str, Any]:
    """What a GM battle's digest covers: its input without ``dice`` (R-AAE-PBEM-9)."""
    return {k: v for k, v in data.items() if k != "dice"}
