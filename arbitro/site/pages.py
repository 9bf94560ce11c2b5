"""The archive's pages as HTML text: Jinja2 templates in templates/site/ (autoescaped),
their words from the catalogs (``t("site.…")``), values from a GameRecord. No script:
every page reads with JavaScript off."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from ..reports import TEMPLATES_DIR, PhaseReport, phase_name, power_name, results_context, when
from ..reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP, phase_page
from ..words import nsay, say
from ..variants import load_board
from .chart import centre_series
from .record import BoardLoader, GameRecord, GameSummary, PlayedRecord

SITE_TEMPLATES = TEMPLATES_DIR / "site"
STYLE = "site.css"  # the one style sheet, at the archive's root (and in each dossier)
ICON = "favicon.svg"
STATIC = (STYLE, ICON)  # copied as they are from templates/site/


@functools.cache
def _environment(folder: str) -> Environment:
    return Environment(
        loader=FileSystemLoader(folder),
        undefined=StrictUndefined,
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render(template: str, lang: str, **context: Any) -> str:
    def t(key: str, *args: Any, **values: Any) -> str:
        return say(lang, key, *args, **values)

    def tn(key: str, n: int, **values: Any) -> str:
        return nsay(lang, key, n, **values)

    env = _environment(str(SITE_TEMPLATES))
    return env.get_template(f"{template}.html.j2").render(lang=lang, t=t, tn=tn, **context)


def static_file(name: str) -> str:
    return (SITE_TEMPLATES / name).read_text(encoding="utf-8")


def map_file(code: str, ext: str = "png") -> str:
    """A phase's map in the game's folder: ``png`` or ``svg`` (the same drawing)."""
    return f"maps/{Path(phase_page(code)).stem}.{ext}"


def _status(record: GameRecord, lang: str) -> str:
    return say(lang, f"status.game.{record.status.value}")


def _years(record: GameRecord, lang: str) -> list[dict[str, Any]]:
    years: dict[int, list[dict[str, str]]] = {}
    for p in record.phases:
        years.setdefault(int(p.code[1:5]), []).append(
            {"name": phase_name(p.code, lang), "href": phase_page(p.code)})
    return [{"year": y, "phases": ps} for y, ps in years.items()]


def _powers(record: GameRecord, lang: str) -> list[dict[str, Any]]:
    rows = []
    last = record.phases[-1].played.outcome.next if record.phases else record.start
    for power in sorted(record.board.powers, key=lambda p: power_name(record.board, p, lang)):
        held = [h for h in record.holdings if h.power == power]
        rows.append({
            "power": power,
            "name": power_name(record.board, power, lang),
            "colour": record.board.powers[power].colour,
            "standing": say(lang, f"status.power.{record.powers.get(power, 'playing')}"),
            "centres": len(last.centres_of(power)),
            "units": len(last.units_of(power)),
            "holders": [{"name": h.name, "since": when(h.since, record.timezone, lang),
                         "until": when(h.until, record.timezone, lang) if h.until else None}
                        for h in held],
        })
    return rows


def _result(record: GameRecord, lang: str) -> dict[str, Any] | None:
    if not record.result:
        return None
    board = record.board
    winner = record.result.get("winner")
    return {
        "reason": record.result.get("reason"),
        "winner": power_name(board, winner, lang) if winner else None,
        "tied": [power_name(board, p, lang) for p in record.result.get("tied") or ()],
    }


def game_page(record: GameRecord, lang: str, in_dossier: bool = False) -> str:
    """The game's page; ``in_dossier``: the copy inside the zip, which links to no zip."""
    current = None
    if record.current is not None:
        code, deadline = record.current
        current = {"name": phase_name(code, lang),
                   "deadline": when(deadline, record.timezone, lang)}
    return render(
        "game", lang, root="../", game=record, status=_status(record, lang),
        years=_years(record, lang), current=current, powers=_powers(record, lang),
        result=_result(record, lang), press=record.press_entries is not None,
        dossier={"zip": None if in_dossier else DOSSIER_ZIP, "animation": DOSSIER_ANIMATION}
        if record.status.value == "finished" and record.phases else None,
        started=when(record.started_at, record.timezone, lang) if record.started_at else None,
        finished=when(record.finished_at, record.timezone, lang) if record.finished_at else None,
        last=phase_page(record.phases[-1].code) if record.phases else None,
    )


def _link(phase: PlayedRecord | None, lang: str) -> dict[str, str] | None:
    if phase is None:
        return None
    return {"name": phase_name(phase.code, lang), "href": phase_page(phase.code)}


def phase_html(record: GameRecord, index: int, lang: str) -> str:
    phase = record.phases[index]
    played = phase.played
    report = PhaseReport(phase.before.phase, phase.before, played.outcome, played.nmr,
                         played.eliminated, played.winner)
    details = results_context(record.board, report, lang)
    colours = {p: b.colour for p, b in record.board.powers.items()}
    defaults = [line for g in details["orders"] for line in g["lines"] if line["source"]]
    return render(
        "phase", lang, root="../", game=record, name=phase_name(phase.code, lang),
        map=map_file(phase.code), map_svg=map_file(phase.code, "svg"), colours=colours, defaults=len(defaults),
        prev=_link(record.phases[index - 1] if index > 0 else None, lang),
        next=_link(record.phases[index + 1] if index + 1 < len(record.phases) else None, lang),
        processed=when(phase.processed_at, record.timezone, lang), **details,
    )


def chart_page(record: GameRecord, lang: str) -> str:
    series = centre_series(record, lang)
    powers = sorted(series.counts, key=lambda p: (-series.counts[p][-1], p))
    return render(
        "centres", lang, root="../", game=record,
        powers=[{"name": power_name(record.board, p, lang), "colour": record.board.powers[p].colour}
                for p in powers],
        rows=[{"label": label, "counts": [series.counts[p][i] for p in powers]}
              for i, label in enumerate(series.labels)],
    )


def press_page(record: GameRecord, lang: str) -> str:
    return render("press", lang, root="../", game=record, entries=record.press_entries or ())


def index_page(games: Sequence[GameSummary], lang: str, boards: BoardLoader = load_board) -> str:
    rows = []
    for g in games:
        winner = None
        if g.winner:
            board = boards(g.variant)
            winner = power_name(board, g.winner, lang)
        rows.append({
            "href": f"{g.id}/index.html", "name": g.name, "variant": g.variant,
            "status": say(lang, f"status.game.{g.status.value}"),
            "last": phase_name(g.last, lang) if g.last else None, "winner": winner,
            "current": phase_name(g.current, lang) if g.current else None,
        })
    return render("index", lang, root="", games=rows)
