"""Small words for players' eyes: power and phase names, deadlines, results, in the
reader's language (the words themselves live in the catalogs, arbitro/words)."""

from __future__ import annotations

from ..diplomacy.board import Board
from ..diplomacy.orders import Order, format_order, notation_for
from ..words import has, lang_of, say
from ..words.dates import when
from ..words.names import phase_name
from ..words.names import power_noun as power_name
from ..words.reasons import explain

__all__ = ["lang_of", "order_text", "phase_name", "power_name", "reason_text", "result_word",
           "source_word", "when"]


def order_text(board: Board, order: Order, lang: str) -> str:
    """An order written in the player's notation."""
    return format_order(order, notation_for(lang_of(lang)), board)


def result_word(result: str, lang: str) -> str:
    return say(lang, f"result.{result}") if result else ""


def source_word(source: str | None, lang: str) -> str:
    key = f"source.{source}"
    return say(lang, key) if source and has(key) else ""  # a player's own order: no word


def reason_text(code: str | None, detail: list[object] | tuple[object, ...], lang: str) -> str:
    return explain(code, tuple(detail), lang_of(lang)) if code else ""
