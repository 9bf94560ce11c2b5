"""The JSON shapes of the command-line contracts (docs: ../shared/docs/CONTRACTS.md).

Converts between the documented JSON and the rules core's values. Input that is
not of the documented shape raises ContractError with one line saying what is
wrong; orders, however bad, never raise: they come back void with a reason.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from .diplomacy.board import Board
from .diplomacy.notation import read_order
from .diplomacy.orders import Order, format_order
from .diplomacy.outcome import OrderResult, PhaseOutcome, Result, Source
from .diplomacy.phases import NMR_REASONS, play
from .diplomacy.position import (
    NEUTRAL,
    Dislodged,
    Phase,
    PhaseError,
    Position,
    Unit,
    home_territories,
    make_position,
    start_position,
)
from .diplomacy.rules import HOLD_SUPPORT_CUTS, ITALIAN, STANDARD, Rules
from .diplomacy.rulesets import RULESETS, STANDARD_RULESET, HouseRules, house_rules
from .words.reasons import explain


class ContractError(ValueError):
    pass


def _mapping(data: Any, what: str) -> Mapping[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ContractError(f"{what} must be an object")
    return data


def _power(board: Board, name: Any, what: str) -> str:
    if type(name) is str and name in board.powers:  # already in normal form (most names)
        return name
    if not isinstance(name, str):
        raise ContractError(f"{what}: power names are strings")
    power = name.strip().upper()
    if power not in board.powers and power != NEUTRAL:
        raise ContractError(f"{what}: unknown power {name!r}")
    return power


def _unit(board: Board, power: str, text: Any, what: str) -> Unit:
    if not isinstance(text, str):
        raise ContractError(f"{what}: units are strings like \"A PAR\"")
    unit = _unit_value(board, power, text)
    if unit is None:
        raise ContractError(f"{what}: {text!r} is not a unit that can stand on this map")
    return unit


@functools.lru_cache(maxsize=8192)
def _unit_value(board: Board, power: str, text: str) -> Unit | None:
    """Units are values: one per text (a --jsonl stream names the same units again and again)."""
    kind, _, loc = text.strip().upper().partition(" ")
    loc = loc.strip().replace("(", "/").replace(")", "")
    kind = {"ARMY": "A", "FLEET": "F"}.get(kind, kind)
    if kind not in ("A", "F") or not board.unit_can_stand(kind, loc):
        return None
    return Unit(power, kind, loc)


def position_from_json(board: Board, data: Mapping[str, Any]) -> Position:
    """The ``adjudicate`` input shape (phase, units, dislodged, centers) as a Position."""
    data = _mapping(data, "the input")
    try:
        phase = _phase(str(data.get("phase", f"S{board.start_year}M")))
    except PhaseError as exc:
        raise ContractError(str(exc)) from exc
    units: list[Unit] = []
    if "units" not in data and "centers" not in data and "centres" not in data:
        # No board given at all: the variant's start (neutral armies included).
        units.extend(start_position(board).units)
    for name, texts in _mapping(data.get("units"), "units").items():
        power = _power(board, name, "units")
        if not isinstance(texts, list):
            raise ContractError(f"units.{name} must be a list")
        what = f"units.{name}"
        units.extend([_unit(board, power, t, what) for t in texts])
    dislodged = []
    for name, entries in _mapping(data.get("dislodged"), "dislodged").items():
        power = _power(board, name, "dislodged")
        for text, options in _mapping(entries, f"dislodged.{name}").items():
            unit = _unit(board, power, text, f"dislodged.{name}")
            if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
                raise ContractError(f"dislodged.{name}.{text} must be a list of provinces")
            legal = tuple(sorted(o.strip().upper() for o in options if board.is_location(o.strip().upper())))
            dislodged.append(Dislodged(unit, legal))
    raw_centres = data.get("centers", data.get("centres"))
    if raw_centres is None:
        centres = {c: p.name for p in board.powers.values() for c in p.home_centres}
    else:
        centres = {}
        for name, provs in _mapping(raw_centres, "centers").items():
            power = _power(board, name, "centers")
            if not isinstance(provs, list):
                raise ContractError(f"centers.{name} must be a list")
            for c in provs:
                code = c if isinstance(c, str) and c in board.supply_centres else str(c).strip().upper()
                if code not in board.supply_centres:
                    raise ContractError(f"centers.{name}: {c!r} is not a supply centre")
                centres[code] = power
    house = house_rules(ruleset_of(data))
    territories = _territories(board, data, house)
    for p in [p for p in territories if board.provinces[p].supply_centre]:
        # a centre listed among the territories: owned as a centre (``centers`` first)
        centres.setdefault(p, territories.pop(p))
    weapons = data.get("weapons_used") or []
    if not isinstance(weapons, list):
        raise ContractError("weapons_used must be a list of powers")
    spent = [_power(board, w, "weapons_used") for w in weapons]
    try:
        return make_position(phase, units, centres, dislodged, territories, spent)
    except PhaseError as exc:
        raise ContractError(str(exc)) from exc


def ruleset_of(data: Mapping[str, Any]) -> str:
    """``options.ruleset``: "standard" (default) or a house's rules ("forum_ru")."""
    options = _mapping(data.get("options"), "options")
    name = options.get("ruleset", STANDARD_RULESET)
    if name not in RULESETS:
        raise ContractError(f"options.ruleset must be one of {', '.join(sorted(RULESETS))}")
    return str(name)


def _territories(board: Board, data: Mapping[str, Any], house: HouseRules) -> dict[str, str]:
    """``territories``: owned land provinces that are not centres; when absent under a
    ruleset that owns every land province, each power's home provinces."""
    raw = data.get("territories")
    if raw is None:
        return home_territories(board) if house.capture_by_holding else {}
    out: dict[str, str] = {}
    for name, provs in _mapping(raw, "territories").items():
        power = _power(board, name, "territories")
        if not isinstance(provs, list):
            raise ContractError(f"territories.{name} must be a list")
        for p in provs:
            code = board.code_for(str(p).strip().upper().partition("/")[0])
            if code is None or board.provinces[code].is_sea:
                raise ContractError(f"territories.{name}: {p!r} is not a land province")
            out[code] = power
    return out


@functools.lru_cache(maxsize=256)
def _phase(text: str) -> Phase:
    return Phase.parse(text)  # a value: one per text


def position_to_json(position: Position, house: HouseRules | None = None) -> dict[str, Any]:
    """The position in the ``adjudicate`` shape; ``territories`` and ``weapons_used`` are
    written under a ruleset that has them (``house``), or whenever they are not empty."""
    units: dict[str, list[str]] = {}
    for u in position.units:
        units.setdefault(u.power, []).append(str(u))
    dislodged: dict[str, dict[str, list[str]]] = {}
    for d in position.dislodged:
        dislodged.setdefault(d.unit.power, {})[str(d.unit)] = list(d.retreats)
    centres: dict[str, list[str]] = {}
    for c, owner in sorted(position.centres.items()):
        centres.setdefault(owner, []).append(c)
    out: dict[str, Any] = {
        "phase": str(position.phase),
        "units": dict(sorted(units.items())),
        "dislodged": dict(sorted(dislodged.items())),
        "centers": dict(sorted(centres.items())),
    }
    if position.territories or (house is not None and house.capture_by_holding):
        territories: dict[str, list[str]] = {}
        for p, owner in sorted(position.territories.items()):
            territories.setdefault(owner, []).append(p)
        out["territories"] = dict(sorted(territories.items()))
    if position.weapons_used or (house is not None and house.unique_weapon):
        out["weapons_used"] = sorted(position.weapons_used)
    return out


@functools.lru_cache(maxsize=1 << 15)
def _order_text(order: Order) -> str:
    return format_order(order)  # orders recur from phase to phase, as their texts do


def rules_from_json(data: Mapping[str, Any]) -> Rules:
    """``options``: ``defaults``, and the two flags it implies unless given one by one."""
    options = _mapping(data.get("options"), "options")
    defaults = options.get("defaults", ITALIAN)
    if defaults not in (ITALIAN, STANDARD):
        raise ContractError(f"options.defaults must be \"{ITALIAN}\" or \"{STANDARD}\"")
    flags: dict[str, bool] = {}
    for name in ("infer_single_coast", "strict_support", "automatic_builds"):
        if options.get(name) is not None:
            flags[name] = bool(options[name])
    cut = options.get("hold_support_cut")
    if cut is not None and cut not in HOLD_SUPPORT_CUTS:
        raise ContractError(f"options.hold_support_cut must be one of {', '.join(HOLD_SUPPORT_CUTS)}")
    return Rules(defaults=defaults, ruleset=ruleset_of(data), hold_support_cut=cut, **flags)


def read_orders(
    board: Board, data: Mapping[str, Any], position: Position | None = None,
    rules: Rules | None = None,
) -> tuple[dict[str, list[Order]], list[tuple[str, str, str]]]:
    """Orders per power, and the texts that could not be read (power, text, why)."""
    rules = rules or rules_from_json(data)
    orders: dict[str, list[Order]] = {}
    unreadable: list[tuple[str, str, str]] = []
    for name, texts in _mapping(data.get("orders"), "orders").items():
        power = _power(board, name, "orders")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list):
            raise ContractError(f"orders.{name} must be a list of order strings")
        orders.setdefault(power, [])
        for text in texts:
            got = read_one(board, power, str(text), position, rules)
            if isinstance(got, str):
                unreadable.append((power, str(text), got))
            else:
                orders[power].append(got)
    return orders, unreadable


@functools.lru_cache(maxsize=1 << 15)
def _read_notation(board: Board, power: str, text: str) -> Order | str:
    """``read_order``, remembered: orders are values, and a --jsonl stream of a game's
    phases repeats most order texts."""
    return read_order(board, power, text)


def read_one(
    board: Board, power: str, text: str, position: Position | None, rules: Rules
) -> Order | str:
    """One order text: the canonical notation, else any text the mail parser reads, with
    the game's R-ORD-4/R-ORD-5 options. When neither reads it, the mail parser's reason:
    it reads further ("A Prussia APP A Berlino" is an unclear support, not an unknown
    province PRUSSIA)."""
    got = _read_notation(board, power, text)
    if not isinstance(got, str):
        return got
    # The mail reader only for what the notation does not read: a start that reads
    # canonical orders does not import it.
    from .diplomacy.reading.lines import parse_one
    from .diplomacy.reading.reports import LineReport
    from .words.lines import line_message

    free = parse_one(
        board, text, power=power, position=position,
        strict_support=rules.support_strict, infer_single_coast=rules.coast_inferred,
    )
    if free is None:
        return got
    if not isinstance(free, LineReport):
        return free
    why = line_message(board, free, "en") or free.code
    return why.replace("\u00ab", "").replace("\u00bb", "")  # «XYZ»: mail style, not JSON's


def adjudicate_json(board: Board, data: Mapping[str, Any]) -> dict[str, Any]:
    """One ``arbitro adjudicate`` document in, one out."""
    data = _mapping(data, "the input")
    position = position_from_json(board, data)
    rules = rules_from_json(data)
    orders, unreadable = read_orders(board, data, position, rules)
    nmr: dict[str, str] = {}
    for name, why in _mapping(data.get("nmr"), "nmr").items():
        if why not in NMR_REASONS:
            raise ContractError(f"nmr.{name} must be one of {', '.join(NMR_REASONS)}")
        nmr[_power(board, name, "nmr")] = why
    ballots: dict[str, dict[str, list[Order]]] = {}
    for name, votes in _mapping(data.get("ballots"), "ballots").items():
        target = _power(board, name, "ballots")
        for voter_name, texts in _mapping(votes, f"ballots.{name}").items():
            voter = _power(board, voter_name, f"ballots.{name}")
            if not isinstance(texts, list):
                raise ContractError(f"ballots.{name}.{voter_name} must be a list")
            read = [read_one(board, target, str(t), position, rules) for t in texts]
            ballots.setdefault(target, {})[voter] = [o for o in read if not isinstance(o, str)]
    outcome = play(board, position, orders, rules, nmr, ballots)
    results = [_result_json(r) for r in outcome.results]
    for power, text, why in unreadable:
        results.append({"power": power, "order": text, "result": "void", "reason": why})
    return {"phase": str(position.phase), "results": results, "next": next_json(outcome, rules.house)}


def _result_json(r: OrderResult) -> dict[str, Any]:
    if r.result is Result.SUCCEEDS and r.source is Source.PLAYER:  # most results: no reason
        return {"power": r.order.power, "order": _order_text(r.order), "result": "succeeds"}
    out: dict[str, Any] = {
        "power": r.order.power,
        "order": _order_text(r.order),
        "result": r.result.value,
    }
    if r.reason and (r.result is not Result.SUCCEEDS or r.source is not Source.PLAYER):
        out["reason"] = explain(r.reason, r.detail)
    elif r.result is not Result.SUCCEEDS:
        out["reason"] = r.result.value
    if r.source is not Source.PLAYER:
        out["source"] = r.source.value
    return out


def next_json(outcome: PhaseOutcome, house: HouseRules | None = None) -> dict[str, Any]:
    body = position_to_json(outcome.next, house)
    # Units dislodged with nowhere to go: listed (empty) though their phase is skipped.
    for d in outcome.listed_dislodged():
        body["dislodged"].setdefault(d.unit.power, {})[str(d.unit)] = list(d.retreats)
    body["adjustments"] = dict(outcome.adjustments)
    body["winner"] = outcome.winner
    if outcome.treaties or (house is not None and house.treaties):
        body["treaties"] = [
            {"power": t.power, "with": list(t.parties), "text": t.text, "confirmed": list(t.confirmed)}
            for t in outcome.treaties
        ]
    return body


def outcome_from_json(board: Board, position: Position, data: Mapping[str, Any]) -> PhaseOutcome:
    """An ``adjudicate`` output read back for drawing (``arbitro render --orders``): its
    readable order lines and the position after ``position``'s phase. Lines that do not
    read, and a ``next`` that is not a position, are left out: the map shows what it can."""
    data = _mapping(data, "the results")
    results: list[OrderResult] = []
    for line in data.get("results", ()) or ():
        if not isinstance(line, Mapping):
            continue
        got = _read_notation(board, str(line.get("power", "")).upper(), str(line.get("order", "")))
        if isinstance(got, str):
            continue
        word = line.get("result", Result.SUCCEEDS.value)
        result = Result(word) if word in {r.value for r in Result} else Result.FAILS
        results.append(OrderResult(got, result))
    nxt = data.get("next")
    shown = position
    if isinstance(nxt, Mapping):
        try:
            shown = position_from_json(board, nxt)
        except ContractError:
            pass
    else:
        nxt = {}
    adjustments = nxt.get("adjustments") or {}
    winner = nxt.get("winner")
    return PhaseOutcome(
        tuple(results), shown,
        {str(p): int(n) for p, n in adjustments.items()} if isinstance(adjustments, Mapping) else {},
        str(winner) if winner else None,
    )


__all__ = [
    "ContractError",
    "adjudicate_json",
    "next_json",
    "outcome_from_json",
    "position_from_json",
    "position_to_json",
    "read_one",
    "rules_from_json",
    "ruleset_of",
]

