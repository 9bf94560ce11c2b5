"""Italian grammar for names in messages: articles, articulated prepositions, agreement.

A catalog message asks for a form through the format spec of its slot:

    {1}       the name                          Italia
    {1:il}    the name with its article         l'Italia
    {1:a}     preposition + article + name      all'Italia   (di, a, da, in, su; per, con, tra)
    {0:Il}    the same, capitalised             La Francia   (at the start of a sentence)
    {0:o|a}   the ending that agrees with the   occupat{0:o|a} -> occupata
              name's gender (masculine|feminine)

Languages without articles (English) ignore the spec. A name whose gender the variant
does not give falls back to a neutral head noun ("alla potenza Xxx"). With "in" only seas
keep their article ("nel Mar Nero", but "in Borgogna", "in Francia").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Self

from ..diplomacy.russian import ACCUSATIVE, GENITIVE, declined

# stems of the prepositions that fuse with the article (del, al, dal, nel, sul)
_FUSED = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
# Russian cases a slot may ask for ("до {deadline:gen}", diplomacy/russian.py declines)
CASES = frozenset({GENITIVE, ACCUSATIVE})
_CYRILLIC = re.compile("[\u0400-\u04ff]")
# the forms a slot may ask for; any other spec ("<8") is ordinary string formatting
FORMS = frozenset(_FUSED) | {"il", "per", "con", "tra", "fra"}
_SUFFIX = {"il": "l", "lo": "llo", "la": "lla", "l'": "ll'", "i": "i", "gli": "gli", "le": "lle"}


def article_for(name: str, gender: str) -> str:
    """The definite article of a singular noun, from its gender and first letters."""
    low = name.lower()
    if low[:1] in "aeiouh" and low:
        return "l'"
    if gender == "f":
        return "la"
    if low.startswith(("z", "gn", "ps", "x", "y")) or (
        low[:1] == "s" and low[1:2] not in "aeiou"
    ):
        return "lo"
    return "il"


def with_preposition(prep: str, article: str, name: str) -> str:
    """ "a", "l'", "Italia" -> "all'Italia"; "per", "la", "Francia" -> "per la Francia";
    "a", "", "Amici" -> "ad Amici" (the euphonic d before the same vowel)."""
    if not article:
        if prep == "a" and name[:1].lower() == "a":
            return f"ad {name}"
        return f"{prep} {name}" if prep else name
    if prep in _FUSED:
        head = _FUSED[prep] + _SUFFIX[article]
    elif prep:
        head = f"{prep} {article}"
    else:
        head = article
    return head + name if head.endswith("'") else f"{head} {name}"


class Noun(str):
    """A name that knows its Italian gender and article (both empty: unknown). A string
    everywhere else (joins, sorting, templates), so names can travel as plain values."""

    gender: str  # "m" | "f" | "" unknown
    article: str  # "il", "la", "l'", "lo", ... or "" (city names take none)
    head: str  # neutral head noun used with an unknown gender ("potenza")
    articles: bool  # False for languages without articles
    in_article: bool  # "nel Mar Nero": the article stays after "in" (seas)

    def __new__(cls, text: str, gender: str = "", article: str = "", head: str = "",
                articles: bool = True, in_article: bool = False) -> Self:
        self = super().__new__(cls, text)
        self.gender, self.article, self.head, self.articles = gender, article, head, articles
        self.in_article = in_article
        return self

    @property
    def text(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        if not spec:
            return self.text
        if spec in CASES:  # a Russian case; no case to give: the text ("-", a Latin name)
            return declined(self.text, spec) if _CYRILLIC.search(self.text) else self.text
        if "|" in spec:
            masculine, _, feminine = spec.partition("|")
            return feminine if self._gender() == "f" else masculine
        if spec.lower() not in FORMS:
            return format(self.text, spec)
        if not self.articles:
            return self.text
        if spec[0].isupper():
            return upfirst(format(self, spec.lower()))
        prep = "" if spec == "il" else spec
        if not self.gender and self.head:  # neutral: "alla potenza Xxx", "nella provincia Xxx"
            return with_preposition(prep, article_for(self.head, "f"), f"{self.head} {self.text}")
        if prep == "in" and not self.in_article:
            return with_preposition(prep, "", self.text)
        return with_preposition(prep, self.article, self.text)

    def _gender(self) -> str:
        return self.gender or ("f" if self.head else "m")


def noun(value: object) -> Noun:
    return value if isinstance(value, Noun) else Noun(str(value))


def prep(value: object, spec: str) -> str:
    """The template filter: ``{{ power_name|prep("per") }}`` -> "per la Francia"."""
    return format(noun(value), spec)


def upfirst(text: object) -> str:
    """Capital first letter, the rest untouched ("l'Italia" -> "L'Italia")."""
    s = str(text)
    return s[:1].upper() + s[1:]


class Nouns(str):
    """Several names said together ("la Francia, l'Italia"): a slot's spec applies to each
    name (a capitalised spec to the first only), so a list keeps its articles. A string
    everywhere else, joined as written."""

    items: tuple[Noun, ...]
    joiner: str

    def __new__(cls, items: Iterable[object], joiner: str = ", ") -> Self:
        nouns = tuple(noun(x) for x in items)
        self = super().__new__(cls, joiner.join(n.text for n in nouns))
        self.items, self.joiner = nouns, joiner
        return self

    def __format__(self, spec: str) -> str:
        if not spec or spec.lower() not in FORMS:
            return format(str.__str__(self), spec)
        parts = [format(n, spec if i == 0 else spec.lower()) for i, n in enumerate(self.items)]
        return self.joiner.join(parts)


def nouns(values: Iterable[object]) -> Nouns:
    """The template filter: ``{{ _("…", powers=eliminated|nouns) }}``."""
    return values if isinstance(values, Nouns) else Nouns(values)
