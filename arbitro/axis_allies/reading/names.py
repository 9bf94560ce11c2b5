"""Names players write for spaces, unit types and powers, from the board file: codes, English
and Italian names, aliases, singular and plural, any case, accents or not (R-AAE-PBEM-13).

A name is found only as written (after folding case, accents, dots and hyphens, and the articles
before it); a near miss is never taken for the name, only offered ("did you mean").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...spelling.distance import allowed_errors, closest
from ...spelling.folding import fold
from ..board import Board
from .vocabulary import ARTICLES, FROM_WORDS, TO

_PUNCT = re.compile(r"[.\u2019'`´_\-/]+")
_SPACES = re.compile(r"\s+")
_LEADING = frozenset((*ARTICLES, *FROM_WORDS, *TO))


def norm(text: str) -> str:
    """Folded for comparison: "Olanda-Belgio" -> "olanda belgio", "U.S. Convoy 1" ->
    "u s convoy 1", "dall'Austria" -> "dall austria"."""
    return _SPACES.sub(" ", _PUNCT.sub(" ", fold(text))).strip()


def _squeezed(text: str) -> str:
    return text.replace(" ", "")


class Names:
    """The board's names, folded, for the reader."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.spaces: dict[str, str] = {}
        for code, space in board.spaces.items():
            for name in (code, space.en, space.it, *space.aliases):
                self.spaces.setdefault(norm(name), code)
        # "USEC", "U.S.E.C.", "usec" and "u s convoy 1" / "us convoy 1" alike
        for key, code in list(self.spaces.items()):
            self.spaces.setdefault(_squeezed(key), code)
        self.powers: dict[str, str] = {}
        for p in board.powers:
            for name in (p.code, p.en, p.it, *p.aliases):
                self.powers.setdefault(norm(name), p.code)
        self.units: dict[str, str] = {}
        for type_name, words in board.unit_words.items():
            for name in (type_name, words.en, words.en_plural, words.it, words.it_plural,
                         *words.en_aliases, *words.it_aliases):
                self.units.setdefault(norm(name), type_name)
        self.longest_unit = max(len(k.split()) for k in self.units)

    # -- spaces ------------------------------------------------------------------------------

    def space(self, text: str) -> str | None:
        """The code of the space written, or None."""
        key = norm(text)
        found = self.spaces.get(key) or self.spaces.get(_squeezed(key))
        if found:
            return found
        words = key.split()
        while len(words) > 1 and words[0] in _LEADING:
            words = words[1:]
            found = self.spaces.get(" ".join(words))
            if found:
                return found
        return None

    def near_space(self, text: str) -> str | None:
        """The one space whose name is a slip away from the text, for "did you mean"."""
        return _near(norm(text), self.spaces)

    # -- powers ------------------------------------------------------------------------------

    def power(self, text: str) -> str | None:
        return self.powers.get(norm(text))

    # -- unit types --------------------------------------------------------------------------

    def unit_at(self, words: list[str], i: int) -> tuple[str, int] | None:
        """The unit type named by the words from ``i`` (the longest name), and how many words
        it takes."""
        for size in range(min(self.longest_unit, len(words) - i), 0, -1):
            found = self.units.get(" ".join(words[i:i + size]))
            if found:
                return found, size
        return None

    def near_unit(self, text: str) -> str | None:
        return _near(norm(text), self.units)


def _near(key: str, table: dict[str, str]) -> str | None:
    if not key:
        return None
    limit = allowed_errors(key)
    if limit == 0:
        return None
    best, found = closest(key, table, limit)
    codes = {table[k] for k in found}
    return codes.pop() if best <= limit and len(codes) == 1 else None


def known_words(names: Names) -> Iterable[str]:
    """Every folded single word of a space, unit or power name (a line naming one may be an
    order; a line naming none is not)."""
    for table in (names.spaces, names.units, names.powers):
        for key in table:
            yield from key.split()
