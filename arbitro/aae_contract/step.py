"""``arbitro aae step`` (AAE_CONTRACT.md (b)): one step of a power's turn, checked or run.

The input's orders are mail lines (Italian, English or canonical, R-AAE-PBEM-13); each comes back
answered. A ``run`` with a refused line runs nothing unless the orders say ``EXECUTE`` or the
deadline has come (R-AAE-PBEM-2). Refusals, defaults and ledger lines are worded from the
catalogs (``aae.reason.*``, ``aae.default.*``, ``aae.ledger.*``) in the mail's ``lang``, each
reason after its rule's id."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..axis_allies.board import Board
from ..axis_allies.combat import BattleError, Dice, FixedDice, KeyedDice
from ..axis_allies.combat.dice import OutOfDice
from ..axis_allies.conduct import Conquest, Note
from ..axis_allies.economy import Entry
from ..axis_allies.landing import Landed
from ..axis_allies.movement import MoveRun
from ..axis_allies.notation import order_text
from ..axis_allies.orders import COMBAT, NONCOMBAT, Reason
from ..axis_allies.state import KeyChain, State
from ..axis_allies.turn import CHECK, RUN, Default, Line, StepOutcome, play_step
from ..axis_allies.units import Group
from ..fairness.chain import ChainError, check_key, links
from ..words import say
from .battle import write_report
from .board_file import VARIANT, load_board
from .shapes import ContractError, array, flag, number, obj, only, text, write_group
from .state_json import read_state, write_state

_FIELDS = ("variant", "power", "step", "mode", "lang", "orders", "at_deadline", "dice", "state")
LANGS = ("it", "en")


def step_json(data: Any) -> dict[str, Any]:
    board = load_board()
    d = obj(data, "the input")
    only(d, _FIELDS, "the input")
    if d.get("variant", VARIANT) != VARIANT:
        raise ContractError(f"variant must be {VARIANT!r}")
    state = read_state(board, d.get("state"))
    power = d.get("power", state.power)
    if power != state.power:
        raise ContractError(f"power: the state has {state.power} due, not {power!r}")
    step = d.get("step", state.step)
    if step not in (COMBAT, NONCOMBAT):
        raise ContractError(f"step must be {COMBAT!r} or {NONCOMBAT!r}")
    if step != state.step:
        raise ContractError(f"step: the state has {state.power}'s {state.step} step due, "
                            f"not {step!r}")
    mode = d.get("mode", RUN)
    if mode not in (CHECK, RUN):
        raise ContractError(f"mode must be {CHECK!r} or {RUN!r}")
    lang = d.get("lang", "en")
    if lang not in LANGS:
        raise ContractError(f"lang must be one of {', '.join(LANGS)}")
    lines = []
    for i, line in enumerate(array(d.get("orders"), "orders", optional=True)):
        if not isinstance(line, str):
            raise ContractError(f"orders[{i}] must be a string (one line of the mail)")
        if "\n" in line.strip() or "\r" in line.strip():
            raise ContractError(f"orders[{i}] holds a line break: give one line per item")
        lines.append(line)
    at_deadline = flag(d.get("at_deadline", False), "at_deadline")
    dice: Dice | None = None
    key: dict[str, Any] | None = None
    if mode == RUN and step == COMBAT:
        dice, key = _dice(board, state, d.get("dice"), lines)
    elif d.get("dice") is not None:
        obj(d.get("dice"), "dice")
    try:
        outcome = play_step(board, state, lines, mode=mode, at_deadline=at_deadline, dice=dice)
    except (BattleError, OutOfDice) as exc:
        raise ContractError(str(exc)) from exc
    if isinstance(dice, KeyedDice) and outcome.ran and outcome.state is not None:
        assert key is not None
        chain_used: KeyChain = key.pop("keys")
        outcome = replace(outcome, state=replace(outcome.state, keys=replace(
            chain_used, used=key["index"])))
    elif key is not None:
        key.pop("keys")
    return write_outcome(board, outcome, lang, key if outcome.ran else None)


def _dice(board: Board, state: State, data: Any, lines: list[str]) -> tuple[Dice, dict[str, Any] | None]:
    """The step's dice: fixed (tests), or the next unused key of the state's chain, checked to
    hash down to its head (R-AAE-PBEM-8); the digest is filled in once the orders are read."""
    d = obj(data, "dice")
    if "fixed" in d:
        only(d, ("fixed",), "dice")
        values = array(d["fixed"], "dice.fixed")
        for i, v in enumerate(values):
            if type(v) is not int or not 1 <= v <= 6:
                raise ContractError(f"dice.fixed[{i}]: a die is a whole number from 1 to 6")
        return FixedDice(tuple(values)), None
    only(d, ("chain", "index", "key", "head", "length"), "dice")
    if state.keys is None:
        raise ContractError("dice: the state has no key chain (state.keys); give fixed dice")
    chain = number(d.get("chain", state.keys.chain), "dice.chain", least=1)
    index = number(d.get("index"), "dice.index", least=1)
    key = text(d.get("key"), "dice.key")
    try:
        check_key(key)
    except ChainError as exc:
        raise ContractError(f"dice.key: {exc}") from exc
    keys: KeyChain = state.keys
    if chain == keys.chain + 1 and keys.used == keys.length:
        # the chain is spent: the mail that revealed its last key committed the next one's
        # head (R-AAE-PBEM-8), which comes with the first key of the new chain
        head = text(d.get("head"), "dice.head")
        try:
            check_key(head)
        except ChainError as exc:
            raise ContractError(f"dice.head: {exc}") from exc
        keys = KeyChain(chain, head, number(d.get("length"), "dice.length", least=1), 0)
    elif "head" in d or "length" in d:
        raise ContractError("dice.head and dice.length come only with a new chain's first key")
    if chain != keys.chain:
        raise ContractError(f"dice.chain: the state's chain is {keys.chain}, not {chain}")
    if index != keys.used + 1:
        raise ContractError(f"dice.index: the next unused key is {keys.used + 1}, not {index} "
                            "(R-AAE-PBEM-8, -11: no key serves two steps)")
    if index > keys.length:
        raise ContractError("dice.index: the chain is spent; a new chain's head must be committed")
    if not links(key, keys.head, index):
        raise ContractError(f"dice.key does not hash down to the chain's head in {index} steps")
    digest = _digest(board, state, lines)
    return KeyedDice(key, state.game, state.step_id, digest), {"chain": chain, "index": index,
                                                               "value": key, "keys": keys}


def _digest(board: Board, state: State, lines: list[str]) -> str:
    """The digest of the orders that will run: judged once in check mode (no dice needed)."""
    checked = play_step(board, state, lines, mode=CHECK)
    return checked.digest


# -- the output --------------------------------------------------------------------------


def reason_text(reason: Reason, lang: str) -> str:
    return f"{reason.rule}: {say(lang, f'aae.reason.{reason.code}', *reason.args)}"


def _line(line: Line, lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {"line": line.number, "text": line.text, "status": line.status}
    if line.order is not None:
        out["order"] = order_text(line.order)
    if line.reason is not None:
        out["reason"] = reason_text(line.reason, lang)
        out["rule"] = line.reason.rule
        out["code"] = line.reason.code
    return out


def _entry(e: Entry, lang: str) -> dict[str, Any]:
    why = say(lang, f"aae.ledger.{e.cause}", e.space or "-", e.other or "-")
    return {"power": e.power, "ipc": e.ipc, "why": f"{why} ({e.rule})"}


def _default(d: Default, lang: str) -> str:
    return f"{d.power}: {say(lang, f'aae.default.{d.code}', *(a if a is not None else '-' for a in d.args))}"


def _move(run: MoveRun) -> dict[str, Any]:
    out: dict[str, Any] = {"order": order_text(run.order), "end": run.end,
                           "units": [write_group(g) for g in run.groups]}
    if run.landing:
        out["landing"] = run.landing
        out["landed"] = [write_group(g) for g in run.landed]
    if run.blitzed:
        out["blitzed"] = list(run.blitzed)
    return out


def _conquest(c: Conquest) -> dict[str, Any]:
    return {"space": c.territory, "by": c.by, "holder": c.holder, "before": c.before,
            "battle": c.battle}


def _note(n: Note, lang: str) -> dict[str, Any]:
    return {"note": n.code, "args": list(n.args), "text": say(lang, f"aae.note.{n.code}", *n.args)}


def _placed(space: str, g: Group) -> dict[str, Any]:
    return {"space": space, **write_group(g)}


def _landed(one: Landed) -> dict[str, Any]:
    return {"from": one.space, "type": one.type, "count": one.count, "to": one.to}


def write_outcome(board: Board, o: StepOutcome, lang: str,
                  key: dict[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": o.id, "step": o.step, "ran": o.ran,
        "orders": [_line(line, lang) for line in o.lines],
        "canonical": list(o.canonical),
        "digest": o.digest,
        "missing": [{"rule": r.rule, "code": r.code, "reason": reason_text(r, lang)}
                    for r in o.missing],
        "battles": [write_report(r) for r in o.battles],
        "defaults": [_default(d, lang) for d in o.defaults]
        + [d for r in o.battles for d in r.defaults],
        "key": key,
    }
    if o.ran and o.state is not None:
        assert o.next is not None and o.production is not None
        out.update({
            "moves": [_move(run) for run in o.moves],
            "conquests": [_conquest(c) for c in o.conquests],
            "notes": [_note(n, lang) for n in o.notes],
            "placed": [_placed(s, g) for s, g in o.placed],
            "converted": [_placed(s, g) for s, g in o.converted],
            "landed": [_landed(one) for one in o.landed],
            "lost": [_placed(s, g) for s, g in o.lost],
            "ledger": [_entry(e, lang) for e in o.ledger],
            "production": dict(o.production),
            "victory": {"pending": None if o.state.victory.pending_side is None else
                        {"side": o.state.victory.pending_side,
                         "since": o.state.victory.pending_since},
                        "winner": o.state.victory.winner},
            "next": {"round": o.next[0], "power": o.next[1], "step": o.next[2]},
            "state": write_state(board, o.state),
        })
    return out
