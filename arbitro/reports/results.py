"""A processed phase as template context: orders with outcomes, retreats, centres, adjustments."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..diplomacy.board import Board, province_of
from ..diplomacy.defaults import ABANDONED, CIVIL_DISORDER, FIRST
from ..diplomacy.orders import (
    Allow,
    Build,
    Confirm,
    Disband,
    Gift,
    Retreat,
    Strike,
    Treaty,
    Waive,
    unit_letter,
)
from ..diplomacy.outcome import OrderResult, PhaseOutcome, Result, Source
from ..diplomacy.position import ADJUSTMENT, MOVEMENT, NEUTRAL, RETREAT, Phase, Position
from ..words import say
from ..words.names import display, place_noun, power_noun
from .readiness import unit_words
from .words import order_text, power_name, reason_text, result_word, source_word


@dataclass(frozen=True)
class PhaseReport:
    """One played phase as the results and end mails tell it: the rules' outcome, the
    position it was played from, and what the service decided around it."""

    phase: Phase
    before: Position
    outcome: PhaseOutcome
    nmr: Mapping[str, str] = field(default_factory=dict)  # power -> first | abandoned | civil_disorder
    eliminated: tuple[str, ...] = ()
    winner: str | None = None  # the service's end check (R-END-1); the rules' own is outcome.winner


def _centres_by_power(centres: Mapping[str, str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for centre, owner in centres.items():
        out.setdefault(owner, set()).add(centre)
    return out


def centre_table(
    board: Board, before: Position | None, after: Position, lang: str
) -> list[dict[str, Any]]:
    """One row per power that owns a centre or just lost its last one, most centres first."""
    old = _centres_by_power(before.centres if before is not None else {})
    new = _centres_by_power(after.centres)
    rows: list[dict[str, Any]] = []
    for power in sorted(set(old) | set(new)):
        if power == NEUTRAL:
            continue
        had, has = old.get(power, set()), new.get(power, set())
        if not had and not has:
            continue
        rows.append(
            {
                "power": power,
                "name": power_name(board, power, lang),
                "count": len(has),
                "change": len(has) - len(had),
                "gained": [display(board, c, lang) for c in sorted(has - had)],
                "lost": [display(board, c, lang) for c in sorted(had - has)],
            }
        )
    rows.sort(key=lambda r: (-r["count"], r["name"]))
    return rows


def _details(board: Board, detail: Iterable[str], lang: str) -> list[object]:
    """Province codes in a reason become names the player reads ("Kiel (Kie)"), with the
    gender and article the catalog's grammar asks for."""
    out: list[object] = []
    for code in detail:
        if board.is_location(code):
            out.append(place_noun(board, code, lang))
        elif code in board.powers:
            out.append(power_noun(board, code, lang))
        else:
            out.append(_units(board, code, lang) or code)
    return out


def _units(board: Board, text: str, lang: str) -> str | None:
    """Units named in a reason ("A GAL, F NTH": what the unique weapon destroyed) as the
    player writes them ("А Галиция (Гал)"); None when the text is not such a list."""
    units = [part.strip().split(" ", 1) for part in text.split(",")]
    if not all(len(u) == 2 and u[0] in ("A", "F") and board.is_location(u[1]) for u in units):
        return None
    return ", ".join(f"{unit_letter(kind, lang)} {display(board, loc, lang)}" for kind, loc in units)


def default_kind(r: OrderResult, phase_kind: str, nmr: Mapping[str, str]) -> str:
    """Which of the referee's defaults gave an order, named as the Italian seed names them:
    the tacit retreat, the automatic build or disband, the first NMR's holds with mutual
    support, a hold where no vote won (``source.default.<kind>``; "" for the general word)."""
    order = r.order
    if phase_kind == RETREAT:
        return "retreat" if isinstance(order, Retreat) else ""
    if phase_kind == ADJUSTMENT:
        return "build" if isinstance(order, Build) else "disband" if isinstance(order, Disband) else ""
    why = nmr.get(order.power)
    return "onp" if why == FIRST else "no_vote" if why in (ABANDONED, CIVIL_DISORDER) else ""


def order_groups(board: Board, results: Iterable[OrderResult], lang: str, phase_kind: str = MOVEMENT,
                 nmr: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        power = r.order.power
        source = r.source.value
        if r.source is Source.DEFAULT:
            kind = default_kind(r, phase_kind, nmr or {})
            source = f"{source}.{kind}" if kind else source
        groups.setdefault(power, []).append(
            {
                "order": order_text(board, r.order, lang),
                "result": result_word(r.result.value, lang),
                "ok": r.result is Result.SUCCEEDS,
                "reason": reason_text(r.reason, _details(board, r.detail, lang), lang),
                "source": source_word(source, lang),
            }
        )
    return [
        {"power": p, "name": power_name(board, p, lang), "lines": groups[p]}
        for p in sorted(groups, key=lambda p: power_name(board, p, lang))
    ]


def unordered_units(board: Board, report: PhaseReport, lang: str) -> list[dict[str, Any]]:
    """Per power, the units that had no order in a movement phase (they held): the
    results say so, so a player sees what the referee did with a half-written set."""
    if report.before.phase.kind != MOVEMENT:
        return []  # retreats and winter: the referee's defaults are listed as orders
    ordered = {(r.order.power, province_of(r.order.location)) for r in report.outcome.results
               if not isinstance(r.order, (Waive, Strike, Gift, Allow, Treaty, Confirm))}
    out: dict[str, list[str]] = {}
    for u in report.before.units:
        if u.power != NEUTRAL and (u.power, u.province) not in ordered:
            out.setdefault(u.power, []).append(unit_words(board, u, lang))
    return [{"name": power_name(board, p, lang), "units": units}
            for p, units in sorted(out.items(), key=lambda kv: power_name(board, kv[0], lang))]


def dislodged_units(board: Board, outcome: PhaseOutcome, lang: str) -> list[dict[str, Any]]:
    rows = []
    listed = sorted(outcome.listed_dislodged(), key=lambda d: (d.unit.power, str(d.unit)))
    for d in listed:
        rows.append(
            {
                "name": power_name(board, d.unit.power, lang),
                "unit": unit_words(board, d.unit, lang),
                "retreats": [display(board, o, lang) for o in d.retreats],
            }
        )
    return rows


def adjustment_rows(board: Board, adjustments: Mapping[str, int], lang: str) -> list[dict[str, Any]]:
    return [
        {"name": power_name(board, p, lang), "count": abs(n), "build": n > 0}
        for p, n in sorted(adjustments.items())
        if n
    ]


def results_context(board: Board, report: PhaseReport, lang: str) -> dict[str, Any]:
    """Everything the results template shows about one processed phase."""
    outcome = report.outcome
    nxt = outcome.next
    winner = outcome.winner or report.winner
    return {
        "orders": order_groups(board, outcome.results, lang, report.phase.kind, report.nmr),
        "dislodged": dislodged_units(board, outcome, lang),
        "unordered": unordered_units(board, report, lang),
        "centres": centre_table(board, report.before, nxt, lang),
        "centres_changed": nxt.phase.season in ("W", "S") and report.phase.season == "F",
        "adjustments": adjustment_rows(board, outcome.adjustments, lang),
        "nmr": [
            {"name": power_name(board, p, lang), "reason": why}
            for p, why in sorted(report.nmr.items())
        ],
        "eliminated": [power_name(board, p, lang) for p in report.eliminated],
        "winner": power_name(board, winner, lang) if winner else None,
        "treaties": treaty_rows(board, outcome, lang),
        "territories": territory_rows(board, report, lang),
    }


def territory_rows(board: Board, report: PhaseReport, lang: str) -> list[dict[str, Any]]:
    """Under rules that own every land province (forum_ru, R-RU-1): per power, the provinces
    other than centres that changed hands in the phase, each with how it was taken (by
    holding, by the unique weapon, as a gift); the map draws them, the mail says them."""
    before, after = report.before.territories, report.outcome.next.territories
    if not before and not after:
        return []
    how: dict[str, tuple[str, str]] = {}  # province -> (how, the giver)
    for r in report.outcome.results:
        if r.result is not Result.SUCCEEDS:
            continue
        if isinstance(r.order, Gift):
            how[r.order.province] = ("gift", r.order.power)
        elif isinstance(r.order, Strike):
            how[r.order.target] = ("weapon", r.order.power)
    gained: dict[str, list[str]] = {}
    lost: dict[str, list[str]] = {}
    for province in sorted(set(before) | set(after)):
        old, new = before.get(province), after.get(province)
        if old == new:
            continue
        place = display(board, province, lang)
        if new is not None:
            way, giver = how.get(province, ("held", ""))
            giver_name = power_name(board, giver, lang) if giver else ""
            gained.setdefault(new, []).append(
                say(lang, f"mail.results.territory.{way}", place=place, giver=giver_name))
        if old is not None:
            lost.setdefault(old, []).append(place)
    return [{"name": power_name(board, p, lang), "gained": gained.get(p, []), "lost": lost.get(p, [])}
            for p in sorted(set(gained) | set(lost), key=lambda p: power_name(board, p, lang))]


def treaty_rows(board: Board, outcome: PhaseOutcome, lang: str) -> list[dict[str, Any]]:
    """Treaties announced with the phase's orders and who confirmed them (house rules, R-RU-3)."""
    return [
        {
            "name": power_name(board, t.power, lang),
            "parties": [power_name(board, p, lang) for p in t.parties],
            "text": t.text,
            "confirmed": [power_name(board, p, lang) for p in t.confirmed],
            "unconfirmed": [power_name(board, p, lang) for p in t.parties if p not in t.confirmed],
        }
        for t in outcome.treaties
    ]
