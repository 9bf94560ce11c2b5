"""``arbitro aae verify`` (AAE_CONTRACT.md (c)): the dice of a game checked from its revealed
keys alone, with no state and no map: each key hashes to the one before it (key 1 to the head),
no key serves two steps, each digest is the hash of its orders, and every recorded die is the
die R-AAE-PBEM-9 derives for its fields."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..fairness.chain import ChainError, check_key, links
from ..fairness.dice import ROLLS, DieName, die, orders_digest
from .shapes import ContractError, array, number, obj, only, text


def verify_json(data: Any) -> dict[str, Any]:
    d = obj(data, "the input")
    only(d, ("game", "chains", "keys", "steps"), "the input")
    game = text(d.get("game"), "game")
    problems: list[dict[str, Any]] = []
    heads = _chains(d.get("chains"))
    checked, keys = _keys(d.get("keys"), heads, problems)
    served: dict[tuple[int, int], str] = {}
    count = 0
    for i, item in enumerate(array(d.get("steps"), "steps", optional=True)):
        count += _step(obj(item, f"steps[{i}]"), f"steps[{i}]", game, keys, served, problems)
    return {"ok": not problems, "keys": checked, "dice": count, "problems": problems}


def _hex(value: Any, what: str) -> str:
    try:
        return check_key(text(value, what))
    except ChainError as exc:
        raise ContractError(f"{what}: {exc}") from exc


def _chains(data: Any) -> dict[int, tuple[str, int]]:
    heads: dict[int, tuple[str, int]] = {}
    for i, item in enumerate(array(data, "chains")):
        c = obj(item, f"chains[{i}]")
        only(c, ("chain", "head", "length"), f"chains[{i}]")
        chain = number(c.get("chain"), f"chains[{i}].chain", least=1)
        if chain in heads:
            raise ContractError(f"chains[{i}]: chain {chain} is listed twice")
        heads[chain] = (_hex(c.get("head"), f"chains[{i}].head"),
                        number(c.get("length"), f"chains[{i}].length", least=1))
    return heads


def _keys(data: Any, heads: Mapping[int, tuple[str, int]],
          problems: list[dict[str, Any]]) -> tuple[int, dict[tuple[int, int], str]]:
    """How many keys were checked, and those that belong to their chain (a key that does not
    is a problem)."""
    given: dict[tuple[int, int], str] = {}
    for i, item in enumerate(array(data, "keys", optional=True)):
        k = obj(item, f"keys[{i}]")
        only(k, ("chain", "index", "key"), f"keys[{i}]")
        chain = number(k.get("chain"), f"keys[{i}].chain", least=1)
        index = number(k.get("index"), f"keys[{i}].index", least=1)
        key = _hex(k.get("key"), f"keys[{i}].key")
        where = f"chain {chain} key {index}"
        if chain not in heads:
            raise ContractError(f"keys[{i}]: chain {chain} is not in chains")
        if index > heads[chain][1]:
            problems.append({"where": where, "recorded": key, "computed": None,
                             "problem": f"beyond the chain's {heads[chain][1]} keys"})
            continue
        if given.get((chain, index), key) != key:
            problems.append({"where": where, "recorded": key, "computed": given[(chain, index)],
                             "problem": "two different keys for one index"})
            continue
        given[(chain, index)] = key
    good: dict[tuple[int, int], str] = {}
    for (chain, index), key in sorted(given.items()):
        before = max((j for (c, j) in good if c == chain and j < index), default=0)
        earlier = heads[chain][0] if before == 0 else good[(chain, before)]
        if links(key, earlier, steps=index - before):
            good[(chain, index)] = key
        else:
            problems.append({
                "where": f"chain {chain} key {index}", "recorded": key, "computed": None,
                "problem": f"does not hash to {'the head' if before == 0 else f'key {before}'}"})
    return len(given), good


def _step(s: Mapping[str, Any], what: str, game: str, keys: Mapping[tuple[int, int], str],
          served: dict[tuple[int, int], str], problems: list[dict[str, Any]]) -> int:
    """One step's checks; the number of dice checked."""
    only(s, ("chain", "index", "step", "digest", "canonical", "rolls"), what)
    at = (number(s.get("chain"), f"{what}.chain", least=1),
          number(s.get("index"), f"{what}.index", least=1))
    step = text(s.get("step"), f"{what}.step")
    digest = text(s.get("digest"), f"{what}.digest")
    rolls = array(s.get("rolls"), f"{what}.rolls", optional=True)
    where_key = f"chain {at[0]} key {at[1]}"
    if at in served:
        problems.append({"where": f"{step} key", "recorded": where_key, "computed": None,
                         "problem": f"the key already served {served[at]}"})
    served.setdefault(at, step)
    if "canonical" in s and s["canonical"] is not None:
        hashed = orders_digest(s["canonical"])
        if hashed != digest:
            problems.append({"where": f"{step} digest", "recorded": digest, "computed": hashed,
                             "problem": "the digest is not the hash of the orders"})
    key = keys.get(at)
    if key is None:
        problems.append({"where": f"{step} key", "recorded": where_key, "computed": None,
                         "problem": "no good revealed key for this step"})
    count = 0
    for j, item in enumerate(rolls):
        r = obj(item, f"{what}.rolls[{j}]")
        only(r, ("battle", "round", "roll", "dice"), f"{what}.rolls[{j}]")
        battle = text(r.get("battle"), f"{what}.rolls[{j}].battle")
        round_ = number(r.get("round"), f"{what}.rolls[{j}].round")
        roll = text(r.get("roll"), f"{what}.rolls[{j}].roll")
        if roll not in ROLLS:
            raise ContractError(f"{what}.rolls[{j}].roll: one of {', '.join(ROLLS)}")
        for n, recorded in enumerate(array(r.get("dice"), f"{what}.rolls[{j}].dice"), start=1):
            if type(recorded) is not int:
                raise ContractError(f"{what}.rolls[{j}].dice: dice are whole numbers")
            count += 1
            if key is None:
                continue
            computed = die(DieName(key, game, step, battle, round_, roll, n, digest))
            if computed != recorded:
                problems.append({"where": f"{step} {battle} {round_} {roll} n={n}",
                                 "recorded": recorded, "computed": computed,
                                 "problem": "the die is not the one its fields give"})
    return count
