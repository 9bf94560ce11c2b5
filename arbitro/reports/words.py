"""Small words for players' eyes: power and phase names, deadlines, in Italian or English."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from ..game.board import Board
from ..game.notation import read_order
from ..game.notation_it import format_order_in
from ..game.position import Phase, PhaseError
from ..game.reasons import explain

_SEASONS = {
    "it": {"S": "Primavera", "F": "Autunno", "W": "Inverno"},
    "en": {"S": "Spring", "F": "Autumn", "W": "Winter"},
}
_KINDS = {
    "it": {"M": "movimenti", "R": "ritirate", "A": "costruzioni e scioglimenti"},
    "en": {"M": "movement", "R": "retreats", "A": "builds and disbands"},
}
_DAYS = {
    "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"),
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}
_MONTHS = {
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
}
_RESULTS = {
    "it": {"succeeds": "riuscito", "fails": "fallito", "void": "nullo"},
    "en": {"succeeds": "succeeds", "fails": "fails", "void": "void"},
}
_SOURCES = {
    "it": {"default": "d'ufficio", "ballot": "votato dagli altri giocatori"},
    "en": {"default": "by the referee", "ballot": "voted by the other players"},
}


def lang_of(lang: str | None) -> str:
    return "en" if lang == "en" else "it"


def power_name(board: Board, power: str, lang: str) -> str:
    p = board.powers.get(power)
    if p is None:
        return power.title()
    return p.name_it if lang_of(lang) == "it" else p.name_en


def phase_name(code: str, lang: str) -> str:
    """ "S1901M" -> "Primavera 1901, movimenti"."""
    try:
        phase = Phase.parse(code)
    except PhaseError:
        return code
    lang = lang_of(lang)
    return f"{_SEASONS[lang][phase.season]} {phase.year}, {_KINDS[lang][phase.kind]}"


def when(moment: datetime | None, timezone: str, lang: str) -> str:
    """ "sabato 8 marzo 2025, 20:00 (Europe/Rome)"; "-" for no moment."""
    if moment is None:
        return "-"
    lang = lang_of(lang)
    local = moment.astimezone(ZoneInfo(timezone))
    day = _DAYS[lang][local.weekday()]
    month = _MONTHS[lang][local.month - 1]
    return f"{day} {local.day} {month} {local.year}, {local:%H:%M} ({timezone})"


def order_text(board: Board, power: str, canonical: str, lang: str) -> str:
    """A stored canonical order written in the player's notation."""
    order = read_order(board, power, canonical)
    if isinstance(order, str):
        return canonical
    return format_order_in(board, order, lang_of(lang))


def result_word(result: str, lang: str) -> str:
    return _RESULTS[lang_of(lang)].get(result, result)


def source_word(source: str | None, lang: str) -> str:
    return _SOURCES[lang_of(lang)].get(source or "", "")


def reason_text(code: str | None, detail: list[str] | tuple[str, ...], lang: str) -> str:
    return explain(code, tuple(detail), lang_of(lang)) if code else ""
