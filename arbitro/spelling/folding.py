"""Text folded for comparison: lower case, accents off, words split."""

from __future__ import annotations

import re
import unicodedata

# the combining marks (the blocks of Unicode's combining diacritics)
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Lower case without accents: "Città" -> "citta"."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed.lower()
    return _MARKS.sub("", decomposed).lower()  # one pass: Cyrillic names make this path common


def words_of(text: str) -> list[str]:
    # Cyrillic folds to itself without marks (й -> и, ё -> е): Russian names are words too
    return re.findall(r"[a-z0-9а-я]+", fold(text))
