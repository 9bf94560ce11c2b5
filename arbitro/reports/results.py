"""A processed phase as template context: orders with outcomes, retreats, centres, adjustments."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..game.board import Board
from ..game.names import display
from ..game.position import NEUTRAL
from ..words.names import place_noun, power_noun
from .words import order_text, power_name, reason_text, result_word, source_word


def _centres_by_power(doc: Mapping[str, Any] | None) -> dict[str, set[str]]:
    centres = (doc or {}).get("centers") or {}
    return {power: set(provs) for power, provs in centres.items()}


def centre_table(
    board: Board, before: Mapping[str, Any] | None, after: Mapping[str, Any], lang: str
) -> list[dict[str, Any]]:
    """One row per power that owns a centre or just lost its last one, most centres first."""
    old = _centres_by_power(before)
    new = _centres_by_power(after)
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


def _details(board: Board, detail: list[str], lang: str) -> list[object]:
    """Province codes in a reason become names the player reads ("Kiel (Kie)"), with the
    gender and article the catalog's grammar asks for."""
    out: list[object] = []
    for d in detail:
        code = str(d)
        if board.is_location(code):
            out.append(place_noun(board, code, lang))
        elif code in board.powers:
            out.append(power_noun(board, code, lang))
        else:
            out.append(code)
    return out


def order_groups(board: Board, results: list[Mapping[str, Any]], lang: str) -> list[dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for r in results:
        power = str(r.get("power", ""))
        groups.setdefault(power, []).append(
            {
                "order": order_text(board, power, str(r.get("order", "")), lang),
                "result": result_word(str(r.get("result", "")), lang),
                "ok": r.get("result") == "succeeds",
                "reason": reason_text(r.get("code"), _details(board, r.get("detail") or [], lang), lang),
                "source": source_word(r.get("source"), lang),
            }
        )
    return [
        {"power": p, "name": power_name(board, p, lang), "lines": groups[p]}
        for p in sorted(groups, key=lambda p: power_name(board, p, lang))
    ]


def dislodged_units(board: Board, nxt: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    rows = []
    for power, units in sorted((nxt.get("dislodged") or {}).items()):
        for unit, options in sorted(units.items()):
            kind, _, loc = unit.partition(" ")
            rows.append(
                {
                    "name": power_name(board, power, lang),
                    "unit": f"{kind} {display(board, loc, lang)}",
                    "retreats": [display(board, o, lang) for o in options],
                }
            )
    return rows


def adjustment_rows(board: Board, nxt: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    return [
        {"name": power_name(board, p, lang), "count": abs(int(n)), "build": int(n) > 0}
        for p, n in sorted((nxt.get("adjustments") or {}).items())
        if int(n)
    ]


def results_context(
    board: Board,
    doc: Mapping[str, Any],
    position_before: Mapping[str, Any] | None,
    lang: str,
) -> dict[str, Any]:
    """Everything the results template shows about one processed phase."""
    nxt = doc.get("next") or {}
    winner = nxt.get("winner") or doc.get("winner")
    return {
        "orders": order_groups(board, list(doc.get("results") or []), lang),
        "dislodged": dislodged_units(board, nxt, lang),
        "centres": centre_table(board, position_before, nxt, lang),
        "centres_changed": str(nxt.get("phase", ""))[:1] in ("W", "S")
        and str(doc.get("phase", ""))[:1] == "F",
        "adjustments": adjustment_rows(board, nxt, lang),
        "nmr": [
            {"name": power_name(board, p, lang), "reason": why}
            for p, why in sorted((doc.get("nmr") or {}).items())
        ],
        "eliminated": [power_name(board, p, lang) for p in doc.get("eliminated") or []],
        "winner": power_name(board, winner, lang) if winner else None,
    }
