"""The contract's common shapes (AAE_CONTRACT.md, "Common shapes"): unit groups, standing
instructions, battle orders and dice, JSON <-> the rules' values, for every command.

Input that is not of the documented shape raises ContractError with one line naming the field
and what it should be; the commands turn it into exit status 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..axis_allies.combat import Dice, FixedDice, KeyedDice
from ..axis_allies.instructions import (
    AFTER_ROUND,
    ALL,
    COUNT_ALL,
    COUNT_LAND,
    LOSS_KINDS,
    NEVER,
    WHEN_ALONE,
    BattleOrders,
    Instructions,
    Intercept,
    Retreat,
    SubmergePolicy,
    loss_list_problem,
)
from ..axis_allies.units import Group, UnitType
from ..fairness.chain import ChainError, check_key


class ContractError(ValueError):
    """Input not of the contract's shape; its text is the one line the command prints."""


# -- plain JSON values -----------------------------------------------------------------


def obj(data: Any, what: str, *, optional: bool = False) -> Mapping[str, Any]:
    if data is None and optional:
        return {}
    if not isinstance(data, Mapping):
        raise ContractError(f"{what} must be an object")
    return data


def array(data: Any, what: str, *, optional: bool = False) -> Sequence[Any]:
    if data is None and optional:
        return ()
    if not isinstance(data, list):
        raise ContractError(f"{what} must be a list")
    return data


def text(data: Any, what: str) -> str:
    if not isinstance(data, str) or not data:
        raise ContractError(f"{what} must be a non-empty string")
    return data


def number(data: Any, what: str, *, least: int = 0) -> int:
    if type(data) is not int or data < least:
        raise ContractError(f"{what} must be a whole number, {least} or more")
    return data


def flag(data: Any, what: str) -> bool:
    if type(data) is not bool:
        raise ContractError(f"{what} must be true or false")
    return data


def only(data: Mapping[str, Any], fields: Sequence[str], what: str) -> None:
    """Unknown fields are refused, so a misspelt one is never silently ignored."""
    extra = sorted(set(data) - set(fields))
    if extra:
        raise ContractError(f"{what}: unknown field {extra[0]!r} (fields: {', '.join(fields)})")


# -- unit groups -----------------------------------------------------------------------

_GROUP_FIELDS = ("owner", "type", "count", "damaged", "cargo", "from", "landing", "moved",
                 "fought", "submerged", "airborne", "retreated")
_GROUP_FLAGS = ("damaged", "landing", "fought", "submerged", "airborne", "retreated")


def read_group(data: Any, types: Mapping[str, UnitType], powers: Sequence[str],
               what: str) -> Group:
    g = obj(data, what)
    only(g, _GROUP_FIELDS, what)
    owner = text(g.get("owner"), f"{what}.owner")
    if owner not in powers:
        raise ContractError(f"{what}.owner: unknown power {owner!r} (one of {', '.join(powers)})")
    kind = text(g.get("type"), f"{what}.type")
    if kind not in types:
        raise ContractError(f"{what}.type: unknown unit type {kind!r}")
    origin = g.get("from")
    flags = {name: flag(g.get(name, False), f"{what}.{name}") for name in _GROUP_FLAGS}
    return Group(
        owner=owner, type=kind, count=number(g.get("count"), f"{what}.count", least=1),
        cargo=read_groups(g.get("cargo"), types, powers, f"{what}.cargo"),
        origin=None if origin is None else text(origin, f"{what}.from"),
        moved=number(g.get("moved", 0), f"{what}.moved"),
        damaged=flags["damaged"], landing=flags["landing"], fought=flags["fought"],
        submerged=flags["submerged"], airborne=flags["airborne"], retreated=flags["retreated"])


def read_groups(data: Any, types: Mapping[str, UnitType], powers: Sequence[str],
                what: str) -> tuple[Group, ...]:
    return tuple(read_group(item, types, powers, f"{what}[{i}]")
                 for i, item in enumerate(array(data, what, optional=True)))


def write_group(group: Group) -> dict[str, Any]:
    """A group as the contract writes it: the optional fields only when they say something."""
    out: dict[str, Any] = {"owner": group.owner, "type": group.type, "count": group.count}
    if group.damaged:
        out["damaged"] = True
    if group.cargo:
        out["cargo"] = write_groups(group.cargo)
    if group.origin is not None:
        out["from"] = group.origin
    for name in ("landing", "moved", "fought", "submerged", "airborne", "retreated"):
        if getattr(group, name):
            out[name] = getattr(group, name)
    return out


def write_groups(groups: Sequence[Group]) -> list[dict[str, Any]]:
    return [write_group(g) for g in groups]


# -- standing instructions (R-AAE-PBEM-4) ----------------------------------------------


def read_instructions(data: Any, what: str) -> Instructions:
    i = obj(data, what, optional=True)
    only(i, ("losses", "losses_at", "submerge", "intercept"), what)
    losses = _read_losses(i.get("losses"), f"{what}.losses")
    losses_at = {text(space, f"{what}.losses_at"): _read_losses(kinds, f"{what}.losses_at.{space}")
                 for space, kinds in obj(i.get("losses_at"), f"{what}.losses_at",
                                         optional=True).items()}
    submerge = obj(i.get("submerge"), f"{what}.submerge", optional=True)
    only(submerge, ("default", "at"), f"{what}.submerge")
    intercept = obj(i.get("intercept"), f"{what}.intercept", optional=True)
    only(intercept, ("default", "at"), f"{what}.intercept")
    return Instructions(
        losses=losses, losses_at=losses_at,
        submerge=None if submerge.get("default") is None
        else read_submerge(submerge["default"], f"{what}.submerge.default"),
        submerge_at={space: read_submerge(p, f"{what}.submerge.at.{space}")
                     for space, p in obj(submerge.get("at"), f"{what}.submerge.at",
                                         optional=True).items()},
        intercept=None if intercept.get("default") is None
        else read_intercept(intercept["default"], f"{what}.intercept.default"),
        intercept_at={space: read_intercept(n, f"{what}.intercept.at.{space}")
                      for space, n in obj(intercept.get("at"), f"{what}.intercept.at",
                                          optional=True).items()})


def _read_losses(data: Any, what: str) -> dict[str, tuple[str, ...]]:
    kinds = obj(data, what, optional=True)
    only(kinds, LOSS_KINDS, what)
    out = {}
    for kind, items in kinds.items():
        names = tuple(text(x, f"{what}.{kind}") for x in array(items, f"{what}.{kind}"))
        problem = loss_list_problem(names)
        if problem is not None:
            raise ContractError(f"{what}.{kind}: {problem}")
        out[kind] = names
    return out


def read_submerge(data: Any, what: str) -> SubmergePolicy:
    word = text(data, what)
    if word in (NEVER, WHEN_ALONE):
        return SubmergePolicy(word)
    head, _, n = word.partition(":")
    if head == AFTER_ROUND and n.isdigit() and n.isascii():
        return SubmergePolicy(AFTER_ROUND, int(n))
    raise ContractError(f"{what}: {word!r} is not never, after_round:N or when_alone")


def read_intercept(data: Any, what: str) -> Intercept:
    if data == ALL:
        return ALL
    if data == "none":
        return 0
    if type(data) is int and data >= 0:
        return data
    raise ContractError(f"{what}: 'all', 'none' or a number of fighters, not {data!r}")


def write_instructions(i: Instructions) -> dict[str, Any]:
    """Only what the power set: a default stays a default when the state goes round."""
    out: dict[str, Any] = {}
    if i.losses:
        out["losses"] = {k: list(v) for k, v in i.losses.items()}
    if i.losses_at:
        out["losses_at"] = {s: {k: list(v) for k, v in kinds.items()}
                            for s, kinds in i.losses_at.items()}
    submerge: dict[str, Any] = {}
    if i.submerge is not None:
        submerge["default"] = i.submerge.text()
    if i.submerge_at:
        submerge["at"] = {s: p.text() for s, p in i.submerge_at.items()}
    if submerge:
        out["submerge"] = submerge
    intercept: dict[str, Any] = {}
    if i.intercept is not None:
        intercept["default"] = _intercept_word(i.intercept)
    if i.intercept_at:
        intercept["at"] = {s: _intercept_word(n) for s, n in i.intercept_at.items()}
    if intercept:
        out["intercept"] = intercept
    return out


def _intercept_word(n: Intercept) -> Intercept:
    return "none" if n == 0 else n


# -- the attacker's battle orders (R-AAE-PBEM-6) ---------------------------------------


def read_battle_orders(data: Any, what: str) -> BattleOrders:
    o = obj(data, what, optional=True)
    only(o, ("retreat", "submerge"), what)
    retreat = None
    if o.get("retreat") is not None:
        r = obj(o["retreat"], f"{what}.retreat")
        only(r, ("after_round", "below", "count", "to"), f"{what}.retreat")
        count = r.get("count", COUNT_ALL)
        if count not in (COUNT_ALL, COUNT_LAND):
            raise ContractError(f"{what}.retreat.count must be 'all' or 'land'")
        if r.get("after_round") is None and r.get("below") is None:
            raise ContractError(f"{what}.retreat needs after_round, below, or both")
        retreat = Retreat(
            to=text(r.get("to"), f"{what}.retreat.to"),
            after_round=None if r.get("after_round") is None
            else number(r["after_round"], f"{what}.retreat.after_round", least=1),
            below=None if r.get("below") is None
            else number(r["below"], f"{what}.retreat.below", least=1),
            count=count)
    submerge = o.get("submerge")
    if submerge is None:
        return BattleOrders(retreat=retreat)
    if submerge == "stall":
        return BattleOrders(retreat=retreat, stall=True)
    s = obj(submerge, f"{what}.submerge")
    only(s, ("from_round",), f"{what}.submerge")
    return BattleOrders(retreat=retreat,
                        submerge_from=number(s.get("from_round"), f"{what}.submerge.from_round",
                                             least=2))


def write_battle_orders(orders: BattleOrders) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if orders.retreat is not None:
        r = orders.retreat
        retreat: dict[str, Any] = {"to": r.to}
        if r.after_round is not None:
            retreat["after_round"] = r.after_round
        if r.below is not None:
            retreat["below"] = r.below
            retreat["count"] = r.count
        out["retreat"] = retreat
    if orders.stall:
        out["submerge"] = "stall"
    elif orders.submerge_from is not None:
        out["submerge"] = {"from_round": orders.submerge_from}
    return out


# -- dice (R-AAE-PBEM-9) ---------------------------------------------------------------


def read_dice(data: Any, what: str) -> tuple[Dice, str | None]:
    """Keyed dice and the battle id they name (if any), or a fixed sequence."""
    d = obj(data, what)
    if "fixed" in d:
        only(d, ("fixed",), what)
        values = array(d["fixed"], f"{what}.fixed")
        for i, v in enumerate(values):
            if type(v) is not int or not 1 <= v <= 6:
                raise ContractError(f"{what}.fixed[{i}]: a die is a whole number from 1 to 6")
        return FixedDice(tuple(values)), None
    only(d, ("key", "game", "step", "battle", "digest"), what)
    key = text(d.get("key"), f"{what}.key")
    try:
        check_key(key)
    except ChainError as exc:
        raise ContractError(f"{what}.key: {exc}") from exc
    fields = {name: text(d.get(name), f"{what}.{name}") for name in ("game", "step", "digest")}
    for name, value in fields.items():
        if "|" in value:
            raise ContractError(f"{what}.{name} cannot hold '|' (it separates a die's fields)")
    battle = d.get("battle")
    if battle is not None and "|" in text(battle, f"{what}.battle"):
        raise ContractError(f"{what}.battle cannot hold '|'")
    return KeyedDice(key, fields["game"], fields["step"], fields["digest"]), battle
