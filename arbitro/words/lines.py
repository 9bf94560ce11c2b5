"""The parser's judgement of each line, in the reader's words.

A line report carries notes as data (code, arguments); here the arguments become names
(unit kinds, powers, provinces, coasts) and the code a catalog message: ``parse.<code>``,
else the adjudicator's ``reason.<code>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..diplomacy.board import Board
from ..diplomacy.orders import unit_letter
from ..diplomacy.reading.reports import LineReport, Note
from . import has, nsay, say
from .names import place_noun, power_noun


def line_message(board: Board, report: LineReport, lang: str | None) -> str:
    """The message of one line ("" for a plain ok)."""
    return "; ".join(note_text(board, code, details, lang) for code, details in report.notes)


def note_text(board: Board, code: str, details: Sequence[str], lang: str | None) -> str:
    shape = _SHAPES.get(code)
    args = shape(board, details, lang) if shape else [word(board, x, lang) for x in details]
    key = f"parse.{code}" if has(f"parse.{code}") else f"reason.{code}"
    return say(lang, key, *args)


def word(board: Board, x: str, lang: str | None) -> Any:
    """One argument for a player's eyes: "A" -> "un'armata", "ITALY" -> Italia, "MAR" ->
    Marsiglia (Mar), "SPA/NC, SPA/SC" -> "costa nord, costa sud"; the player's own
    words stay as written."""
    if x in ("A", "F"):
        return say(lang, f"unit.{x}")
    if x in board.powers:
        return power_noun(board, x, lang)
    if ", " in x:
        parts = x.split(", ")
        if all("/" in y and board.is_location(y) for y in parts):
            return ", ".join(say(lang, f"coast.{y.partition('/')[2]}") for y in parts)
        return ", ".join(str(word(board, y, lang)) for y in parts)
    if board.is_location(x.upper()) and x.isupper():
        return place_noun(board, x, lang)
    return x


def _incomplete(board: Board, details: Sequence[str], lang: str | None) -> list[Any]:
    # the missing part: "province" -> "la provincia"
    return [say(lang, f"parse.part.{details[0]}") if details else ""]


def _support_unclear(board: Board, details: Sequence[str], lang: str | None) -> list[Any]:
    kind, supported, hold, move = details
    kind = unit_letter(kind, lang or "")  # the unit letter as the player's notation writes it
    target = f"{kind + ' ' if kind else ''}{word(board, supported, lang)}"
    return [target, hold, move]


def _ambiguous(board: Board, details: Sequence[str], lang: str | None) -> list[Any]:
    said, first, *rest = details
    return [said, word(board, first, lang), " / ".join(str(word(board, c, lang)) for c in rest)]


def _allowance(board: Board, details: Sequence[str], lang: str | None) -> list[Any]:
    # "la Francia può costruire 1 unità": the power, then the count in agreement
    power, count = details
    return [word(board, power, lang), nsay(lang, "unit.count", int(count))]


_SHAPES = {"incomplete": _incomplete, "support_unclear": _support_unclear, "ambiguous": _ambiguous,
           "too_many_builds": _allowance, "too_many_disbands": _allowance}

__all__ = ["Note", "line_message", "note_text", "word"]
