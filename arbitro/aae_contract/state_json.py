"""The state of a game as the contract's JSON (AAE_CONTRACT.md (b), "State"): its one writer and
one reader, for the ``step`` command and for the store alike. ``read_state(write_state(s))`` is
``s`` (tests/axis_allies/test_state_json.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..axis_allies.board import Board
from ..axis_allies.orders import COMBAT, NONCOMBAT
from ..axis_allies.state import (
    ALLIES_WIN,
    AXIS_WINS,
    CapitalTaken,
    KeyChain,
    State,
    Victory,
    frozen_map,
    initial_state,
)
from ..axis_allies.units import Group, merged
from .shapes import (
    ContractError,
    array,
    number,
    obj,
    only,
    read_group,
    read_instructions,
    text,
    write_group,
    write_instructions,
)

STATE_FIELDS = ("variant", "game", "round", "power", "step", "control", "cash", "units",
                "purchase", "conquered", "capitals_taken", "victory", "instructions",
                "allied_orders", "keys")


def write_state(board: Board, state: State) -> dict[str, Any]:
    order = list(board.spaces)
    return {
        "variant": state.variant, "game": state.game, "round": state.round,
        "power": state.power, "step": state.step,
        "control": {s: state.control[s] for s in order if s in state.control},
        "cash": {p: state.cash.get(p, 0) for p in board.turn_order},
        "units": {s: [_write_group(g) for g in state.units[s]] for s in order
                  if s in state.units},
        "purchase": [{"type": t, "count": n} for t, n in state.purchase],
        "conquered": list(state.conquered),
        "capitals_taken": {c: {"by": t.by, "step": t.step}
                           for c, t in sorted(state.capitals_taken.items())},
        "victory": {"pending": None if state.victory.pending_side is None else
                    {"side": state.victory.pending_side, "since": state.victory.pending_since},
                    "winner": state.victory.winner},
        "instructions": {p: write_instructions(i) for p, i in sorted(state.instructions.items())},
        "allied_orders": {"middle_east_payers": None if state.middle_east_payers is None
                          else list(state.middle_east_payers)},
        "keys": None if state.keys is None else {
            "chain": state.keys.chain, "head": state.keys.head, "length": state.keys.length,
            "used": state.keys.used},
    }


def _write_group(g: Group) -> dict[str, Any]:
    out = write_group(g)
    if g.unloaded is not None:
        out["unloaded"] = g.unloaded
    return out


def read_state(board: Board, data: Any, what: str = "state") -> State:
    """The state of the JSON; what it leaves out is the start's (control, cash and units
    default to the set-up's; no state at all is the start of the game)."""
    d = obj(data, what, optional=True)
    only(d, STATE_FIELDS, what)
    if d.get("variant", board.name) != board.name:
        raise ContractError(f"{what}.variant: only {board.name!r}")
    game = text(d.get("game", "aae"), f"{what}.game")
    if "|" in game:
        raise ContractError(f"{what}.game cannot hold '|' (it separates a die's fields)")
    start = initial_state(board, game)
    powers = board.turn_order
    holders = (*powers, *board.holders)
    power = d.get("power", start.power)
    if power not in powers:
        raise ContractError(f"{what}.power: unknown power {power!r}")
    step = d.get("step", COMBAT)
    if step not in (COMBAT, NONCOMBAT):
        raise ContractError(f"{what}.step must be {COMBAT!r} or {NONCOMBAT!r}")
    control = dict(start.control)
    for space, holder in obj(d.get("control"), f"{what}.control", optional=True).items():
        if space not in control:
            raise ContractError(f"{what}.control: {space!r} is no passable territory or convoy zone")
        if holder not in holders:
            raise ContractError(f"{what}.control.{space}: unknown holder {holder!r}")
        control[space] = holder
    cash = dict(start.cash)
    for p, amount in obj(d.get("cash"), f"{what}.cash", optional=True).items():
        if p not in powers:
            raise ContractError(f"{what}.cash: unknown power {p!r}")
        cash[p] = number(amount, f"{what}.cash.{p}")
    units: dict[str, tuple[Group, ...]] = dict(start.units) if "units" not in d else {}
    for space, groups in obj(d.get("units"), f"{what}.units", optional=True).items():
        if space not in board.spaces:
            raise ContractError(f"{what}.units: unknown space {space!r}")
        read = [_read_group(board, g, f"{what}.units.{space}[{i}]")
                for i, g in enumerate(array(groups, f"{what}.units.{space}"))]
        _check_place(board, space, read, f"{what}.units.{space}")
        if read:
            units[space] = merged(read)
    return State(
        variant=board.name, game=game, round=number(d.get("round", 1), f"{what}.round", least=1),
        power=power, step=step, control=frozen_map(control), cash=frozen_map(cash),
        units=frozen_map(units), purchase=_purchase(board, d.get("purchase"), what),
        conquered=_conquered(board, d.get("conquered"), what),
        capitals_taken=_capitals(board, d.get("capitals_taken"), what),
        victory=_victory(d.get("victory"), what),
        instructions=frozen_map({p: read_instructions(i, f"{what}.instructions.{p}")
                                 for p, i in _powers_map(board, d.get("instructions"),
                                                         f"{what}.instructions").items()}),
        middle_east_payers=_payers(board, d.get("allied_orders"), what),
        keys=_keys(d.get("keys"), what))


def _read_group(board: Board, data: Any, what: str) -> Group:
    g = dict(obj(data, what))
    unloaded = g.pop("unloaded", None)
    group = read_group(g, board.unit_types, board.turn_order, what)
    if unloaded is not None:
        unloaded = text(unloaded, f"{what}.unloaded")
        if unloaded not in board.spaces or not board.spaces[unloaded].land:
            raise ContractError(f"{what}.unloaded: {unloaded!r} is no territory")
        group = replace(group, unloaded=unloaded)
    return group


def _check_place(board: Board, space: str, groups: list[Group], what: str) -> None:
    where = board.spaces[space]
    for g in groups:
        kind = board.unit_types[g.type]
        if kind.domain == "fixed":
            raise ContractError(f"{what}: a complex is its territory's flag, not a unit")
        if where.sea and kind.land:
            raise ContractError(f"{what}: {g.type} at sea must be a transport's cargo")
        if where.land and kind.sea:
            raise ContractError(f"{what}: {g.type} cannot stand on land")
        if where.impassable:
            raise ContractError(f"{what}: no unit enters {space} (R-AAE-MOVE-2)")
        for c in g.cargo:
            ck = board.unit_types[c.type]
            if kind.capacity and not ck.land or kind.fighters and not ck.air or not (
                    kind.capacity or kind.fighters):
                raise ContractError(f"{what}: {g.type} cannot carry {c.type}")


def _powers_map(board: Board, data: Any, what: str) -> Mapping[str, Any]:
    m = obj(data, what, optional=True)
    for p in m:
        if p not in board.turn_order:
            raise ContractError(f"{what}: unknown power {p!r}")
    return m


def _purchase(board: Board, data: Any, what: str) -> tuple[tuple[str, int], ...]:
    out = []
    for i, item in enumerate(array(data, f"{what}.purchase", optional=True)):
        p = obj(item, f"{what}.purchase[{i}]")
        only(p, ("type", "count"), f"{what}.purchase[{i}]")
        kind = text(p.get("type"), f"{what}.purchase[{i}].type")
        if kind not in board.unit_types or board.unit_types[kind].cost is None:
            raise ContractError(f"{what}.purchase[{i}].type: {kind!r} is not for sale")
        out.append((kind, number(p.get("count"), f"{what}.purchase[{i}].count", least=1)))
    return tuple(out)


def _conquered(board: Board, data: Any, what: str) -> tuple[str, ...]:
    out = []
    for i, t in enumerate(array(data, f"{what}.conquered", optional=True)):
        if t not in board.spaces or not board.spaces[t].land:
            raise ContractError(f"{what}.conquered[{i}]: {t!r} is no territory")
        out.append(t)
    return tuple(out)


def _capitals(board: Board, data: Any, what: str) -> Mapping[str, CapitalTaken]:
    out = {}
    for c, taken in obj(data, f"{what}.capitals_taken", optional=True).items():
        if c not in board.capitals():
            raise ContractError(f"{what}.capitals_taken: {c!r} is no capital")
        t = obj(taken, f"{what}.capitals_taken.{c}")
        only(t, ("by", "step"), f"{what}.capitals_taken.{c}")
        by = text(t.get("by"), f"{what}.capitals_taken.{c}.by")
        if by not in board.turn_order:
            raise ContractError(f"{what}.capitals_taken.{c}.by: unknown power {by!r}")
        out[c] = CapitalTaken(by, text(t.get("step"), f"{what}.capitals_taken.{c}.step"))
    return frozen_map(out)


def _victory(data: Any, what: str) -> Victory:
    v = obj(data, f"{what}.victory", optional=True)
    only(v, ("pending", "winner"), f"{what}.victory")
    winner = v.get("winner")
    if winner not in (None, AXIS_WINS, ALLIES_WIN):
        raise ContractError(f"{what}.victory.winner must be null, 'axis' or 'allies'")
    pending = v.get("pending")
    if pending is None:
        return Victory(winner=winner)
    p = obj(pending, f"{what}.victory.pending")
    only(p, ("side", "since"), f"{what}.victory.pending")
    side = p.get("side")
    if side not in (AXIS_WINS, ALLIES_WIN):
        raise ContractError(f"{what}.victory.pending.side must be 'axis' or 'allies'")
    return Victory(side, text(p.get("since"), f"{what}.victory.pending.since"), winner)


def _payers(board: Board, data: Any, what: str) -> tuple[str, ...] | None:
    a = obj(data, f"{what}.allied_orders", optional=True)
    only(a, ("middle_east_payers",), f"{what}.allied_orders")
    payers = a.get("middle_east_payers")
    if payers is None:
        return None
    out = []
    for i, p in enumerate(array(payers, f"{what}.allied_orders.middle_east_payers")):
        if p not in board.turn_order or board.side(p) != "allies" or p in out:
            raise ContractError(f"{what}.allied_orders.middle_east_payers[{i}]: "
                                f"{p!r} is not an Allied power named once")
        out.append(p)
    return tuple(out)


def _keys(data: Any, what: str) -> KeyChain | None:
    if data is None:
        return None
    k = obj(data, f"{what}.keys")
    only(k, ("chain", "head", "length", "used"), f"{what}.keys")
    head = text(k.get("head"), f"{what}.keys.head")
    if len(head) != 64 or any(c not in "0123456789abcdef" for c in head):
        raise ContractError(f"{what}.keys.head must be 64 lower-case hex digits")
    length = number(k.get("length"), f"{what}.keys.length", least=1)
    used = number(k.get("used", 0), f"{what}.keys.used")
    if used > length:
        raise ContractError(f"{what}.keys.used is beyond the chain's length")
    return KeyChain(number(k.get("chain", 1), f"{what}.keys.chain", least=1), head, length, used)
