"""The one translation between the rules' values and the database's JSON columns: one
writer and one reader per column.

| column | writer | reader |
|---|---|---|
| ``phases.position_before`` / ``position_after`` | ``position_json`` | ``position_of`` |
| ``phases.results`` (a processed phase) | ``phase_result_json`` | ``played_of`` (``powers_before_of`` its rollback part) |
| ``order_submissions.parsed`` | ``submission_json`` | ``submission_orders`` |
| ``ballots.orders`` | ``order_json`` | ``orders_of`` |

Positions keep the ``adjudicate`` shape (phase, units, dislodged, centers) that databases
already hold; orders are kept as canonical texts ("A PAR - BUR") and read back here, once,
when they are loaded. Codes and their details are stored, never words: the words of a
reason or of a line's notes are made when a mail or a page is rendered, in its reader's
language (rows written before migration 0013 carried English reasons and the player's
words; that migration took them out). Nothing above the store reads or writes these
shapes itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

# The stored position is the documented adjudicate shape: one writer and reader for both.
from ..contract import next_json, position_from_json, position_to_json
from ..diplomacy.board import Board
from ..diplomacy.notation import read_order
from ..diplomacy.orders import Order, format_order
from ..diplomacy.outcome import OrderResult, PhaseOutcome, Result, Source
from ..diplomacy.position import RETREAT, Phase, Position, make_position
from ..diplomacy.reading.reports import LineStatus, ParseReport
from .status import PowerStatus


def position_json(position: Position) -> dict[str, Any]:
    return position_to_json(position)


def position_of(board: Board, data: Mapping[str, Any]) -> Position:
    return position_from_json(board, data)


def order_json(order: Order) -> str:
    return format_order(order)


def orders_of(board: Board, power: str, texts: Iterable[object]) -> list[Order]:
    """Stored canonical order texts as orders; a text that no longer reads is left out."""
    out: list[Order] = []
    for text in texts:
        order = read_order(board, power, str(text))
        if not isinstance(order, str):
            out.append(order)
    return out


def submission_json(report: ParseReport) -> list[dict[str, Any]]:
    """The ``parsed`` column of an order mail: each line as the reader judged it, with its
    notes as codes and arguments (``words/lines.py`` writes them out for a reader)."""
    return [
        {
            "line": r.line,
            "text": r.text,
            "status": r.status.value,
            "code": r.code,
            "notes": [[code, list(details)] for code, details in r.notes],
            "suggestion": r.suggestion,
            "order": order_json(r.order) if r.order is not None else None,
        }
        for r in report.lines
    ]


def submission_orders(board: Board, power: str, parsed: Iterable[object]) -> list[Order]:
    """The orders that count in a stored submission: the lines read as ok."""
    return orders_of(board, power, (
        line["order"] for line in parsed
        if isinstance(line, Mapping) and line.get("status") == LineStatus.OK and line.get("order")
    ))


def result_json(r: OrderResult) -> dict[str, Any]:
    return {
        "power": r.order.power,
        "order": format_order(r.order),
        "result": r.result.value,
        "code": r.reason,
        "detail": list(r.detail),
        "source": r.source.value,
    }


@dataclass(frozen=True)
class PowerBefore:
    """A power's state before a phase was played: what a rollback restores."""

    status: PowerStatus
    onp_streak: int
    holder: int | None  # the player holding it, by id


def powers_before_of(results: Mapping[str, Any] | None) -> dict[str, PowerBefore]:
    """The powers' states kept in a processed phase's ``results`` column."""
    raw = (results or {}).get("powers_before") or {}
    return {
        power: PowerBefore(PowerStatus(state["status"]), int(state["onp_streak"]),
                           None if state.get("holder") is None else int(state["holder"]))
        for power, state in raw.items()
    }


def phase_result_json(
    phase_code: str,
    outcome: PhaseOutcome,
    *,
    nmr: Mapping[str, str],
    eliminated: Iterable[str],
    winner: str | None,
    powers_before: Mapping[str, PowerBefore],
    lateness: Mapping[str, object],
) -> dict[str, Any]:
    """The ``results`` column of a processed phase (its shape is what databases hold)."""
    return {
        "phase": phase_code,
        "results": [result_json(r) for r in outcome.results],
        "next": next_json(outcome),
        "nmr": dict(nmr),
        "eliminated": list(eliminated),
        "winner": winner,
        "powers_before": {
            p: {"status": v.status.value, "onp_streak": v.onp_streak, "holder": v.holder}
            for p, v in powers_before.items()
        },
        "lateness": dict(lateness),
    }


@dataclass(frozen=True)
class PlayedPhase:
    """A processed phase read back from its ``results`` column: the rules' outcome (every
    order with its result, reason and source) and the service's decisions around it."""

    outcome: PhaseOutcome
    nmr: Mapping[str, str]  # power -> first | abandoned | civil_disorder
    eliminated: tuple[str, ...]
    winner: str | None


def played_of(board: Board, before: Position, results: Mapping[str, Any],
              position_after: Mapping[str, Any] | None = None) -> PlayedPhase:
    """The reader of ``phase_result_json``: every order with its result, reason code,
    details and source, and the service's decisions. An order text that no longer reads is
    left out (as in ``orders_of``). The position after is the ``position_after`` column
    when the caller has it (the units dislodged with nowhere to go then stand in the
    position right after the phase, ``PhaseOutcome.after``, as its results mail and map
    showed them); else the ``next`` the results show; else the position before."""
    lines: list[OrderResult] = []
    for line in results.get("results") or ():
        order = read_order(board, str(line.get("power", "")), str(line.get("order", "")))
        if isinstance(order, str):
            continue
        result = Result(line.get("result", Result.SUCCEEDS.value))
        source = Source(line.get("source") or Source.PLAYER.value)
        code = line.get("code") or None
        lines.append(OrderResult(order, result, code, tuple(str(d) for d in line.get("detail") or ()),
                                 source))
    shown = results.get("next")
    shown = shown if isinstance(shown, Mapping) else None
    after = None
    if position_after is not None:
        nxt = position_of(board, position_after)
        if shown and shown.get("dislodged") and any(shown["dislodged"].values()) \
                and nxt.phase.kind != RETREAT:
            # Units dislodged with nowhere to go, their retreat phase skipped: the position
            # right after the phase held them (PhaseOutcome.after).
            played = Phase.parse(str(results["phase"]))
            skipped = Phase(played.year, played.season, RETREAT)
            extra = position_of(board, {**shown, "phase": str(skipped)})
            after = make_position(skipped, extra.units, extra.centres,
                                  [d for d in extra.dislodged if d not in nxt.dislodged])
    else:
        nxt = position_from_json(board, shown) if shown is not None else before
    adjustments = (shown or {}).get("adjustments") or {}
    winner = (shown or {}).get("winner")
    outcome = PhaseOutcome(tuple(lines), nxt, {str(p): int(n) for p, n in adjustments.items()},
                           str(winner) if winner else None, after)
    return PlayedPhase(outcome, dict(results.get("nmr") or {}),
                       tuple(results.get("eliminated") or ()), results.get("winner"))
