"""Powers and provinces as nouns of the reader's language (name, gender, article).

Italian gender and article come from the variant data (``it_gender``, ``it_article`` in
maps/*.toml); a variant without them gets the neutral phrasing of grammar.Noun.
"""

from __future__ import annotations

import functools
from typing import Self

from ..diplomacy.board import Board
from ..diplomacy.position import Phase, PhaseError
from . import say
from .catalog import lang_of, translations
from .grammar import Noun, article_for


@functools.cache
def _grammar(lang: str) -> tuple[bool, str, str]:
    """Whether the language puts articles before names, and its neutral heads for powers
    and provinces (feminine nouns: "potenza", "provincia")."""
    t = translations(lang)
    return (t.gettext("grammar.articles") == "yes", t.gettext("grammar.power_head"),
            t.gettext("grammar.province_head"))


class PhaseName(str):
    """A phase's name for the reader ("Primavera 1901, movimenti") that still knows which
    phase it names: a mail says what happens to units left without orders by the phase's
    kind (``phase_name.kind``: M, R or A), not by its words."""

    code: str
    kind: str

    def __new__(cls, text: str, code: str, kind: str) -> Self:
        self = super().__new__(cls, text)
        self.code, self.kind = code, kind
        return self


def phase_name(code: str, lang: str | None) -> str:
    """ "S1901M" -> "Primavera 1901, movimenti" (a PhaseName)."""
    try:
        phase = Phase.parse(code)
    except PhaseError:
        return code
    text = f"{say(lang, f'season.{phase.season}')} {phase.year}, {say(lang, f'phase.{phase.kind}')}"
    return PhaseName(text, str(phase), phase.kind)


def _from_catalog(lang: str, key: str) -> str | None:
    """A name a catalog gives (``name.power.FRANCE``): how a language a variant file does
    not name gets its own names without code."""
    t = translations(lang)
    text: str = t.gettext(key)
    return None if text == key else text


def power_name(board: Board, power: str, lang: str | None) -> str:
    p = board.powers.get(power)
    if p is None:
        return power.title()
    lang = lang_of(lang)
    if lang == "it":
        return p.name_it
    if lang == "ru" and p.name_ru:
        return p.name_ru
    return (_from_catalog(lang, f"name.power.{power}") if lang != "en" else None) or p.name_en


def power_noun(board: Board, power: str, lang: str | None) -> Noun:
    lang = lang_of(lang)
    articles, head, _ = _grammar(lang)
    name = power_name(board, power, lang)
    p = board.powers.get(power)
    if p is None or not p.it_gender or lang != "it":
        return Noun(name, head=head, articles=articles)
    return Noun(name, p.it_gender, p.it_article or article_for(name, p.it_gender),
                articles=articles)


@functools.lru_cache(maxsize=4096)
def display(board: Board, location: str, lang: str) -> str:
    """A location for a player's eyes: "Venezia (Ven) costa sud", "Spain (SPA) sc",
    "Испания (Исп) ЮБ": the name and the code of the reader's language, the coast in the
    catalog's words.

    Memoised (boards compare by identity): every message names places."""
    code, _, coast = location.partition("/")
    prov = board.provinces.get(code)
    if prov is None:
        return location
    if lang == "it":
        text = f"{prov.name_it} ({prov.code_it})"
    elif lang == "ru" and prov.name_ru:
        text = f"{prov.name_ru} ({prov.ru_code or code})"
    else:
        text = f"{prov.name_en} ({code})"
    return f"{text} {say(lang, f'coast.{coast}')}" if coast else text


def place_noun(board: Board, location: str, lang: str | None) -> Noun:
    """A location as the reader sees it ("Marsiglia (Mar)"), with the province's gender."""
    lang = lang_of(lang)
    articles, _, head = _grammar(lang)
    text = display(board, location, lang)
    code, _, coast = location.partition("/")
    named = lang == "ru" and prov_named_ru(board, code)
    own = _from_catalog(lang, f"name.province.{code}") if lang not in ("it", "en") and not named else None
    if own is not None:
        text = f"{own} ({code})" + (f" {say(lang, f'coast.{coast}')}" if coast else "")
    prov = board.provinces.get(location.partition("/")[0])
    if prov is None or not prov.it_gender or lang != "it":
        return Noun(text, head=head if prov is not None else "", articles=articles)
    return Noun(text, prov.it_gender, prov.it_article, articles=articles, in_article=prov.is_sea)


def province_name(board: Board, code: str, lang: str | None) -> str:
    """A province's whole name alone ("Mar Tirreno", "Tyrrhenian Sea", "Тирренское море"),
    as a map writes it."""
    prov = board.provinces[code]
    lang = lang_of(lang)
    if lang == "it":
        return prov.name_it
    if lang == "ru" and prov.name_ru:
        return prov.name_ru
    return (_from_catalog(lang, f"name.province.{code}") if lang != "en" else None) or prov.name_en


def province_code(board: Board, code: str, lang: str | None) -> str:
    """A province's code as a map of the reader's language prints it, in capitals: the
    Italian PBEM codes (MON, SVI), the Russian ones (МЮН, ШВЦ); the English code where a
    language has none for it."""
    prov = board.provinces[code]
    lang = lang_of(lang)
    if lang == "it":
        return prov.code_it.upper()
    if lang == "ru" and prov.ru_code:
        return prov.ru_code.upper()
    return prov.code

def prov_named_ru(board: Board, code: str) -> bool:
    prov = board.provinces.get(code)
    return prov is not None and bool(prov.name_ru)
