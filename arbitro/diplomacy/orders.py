"""Orders as values. Every order names the power that gave it.

A unit order names the unit by kind and location as the player wrote them;
whether such a unit really stands there is the legality check's business.
``kind`` may be None when the player omitted it and nothing resolved it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from .board import Board, province_of
from ..spelling.folding import words_of
from .names import key_of, name_index
from .power_words import word as power_word
from .russian import ACCUSATIVE, GENITIVE, declined


@dataclass(frozen=True)
class Hold:
    power: str
    kind: str | None
    location: str


@dataclass(frozen=True)
class Move:
    power: str
    kind: str | None
    location: str
    destination: str
    via_convoy: bool = False


@dataclass(frozen=True)
class Support:
    """Support to hold (``destination`` None) or to move."""

    power: str
    kind: str | None
    location: str
    supported_kind: str | None
    supported: str  # location of the supported unit
    destination: str | None = None


@dataclass(frozen=True)
class Convoy:
    power: str
    kind: str | None
    location: str
    army: str  # location of the convoyed army
    destination: str


@dataclass(frozen=True)
class Retreat:
    power: str
    kind: str | None
    location: str
    destination: str


@dataclass(frozen=True)
class Disband:
    power: str
    kind: str | None
    location: str


@dataclass(frozen=True)
class Build:
    power: str
    kind: str | None
    location: str


@dataclass(frozen=True)
class Waive:
    power: str


# -- orders of a power, not of a unit (house rules, arbitro/diplomacy/rulesets.py) -------------


@dataclass(frozen=True)
class Strike:
    """The unique weapon (R-RU-2): ``STRIKE MUN FROM BOH``."""

    power: str
    target: str  # province struck
    origin: str  # the province it is launched from, one the power occupies


@dataclass(frozen=True)
class Gift:
    """A province given to another power: ``GIFT UKR TO AUSTRIA``."""

    power: str
    province: str
    to: str


@dataclass(frozen=True)
class Allow:
    """Passage: the allies' units in this power's provinces take none this phase."""

    power: str
    allies: tuple[str, ...]


@dataclass(frozen=True)
class Treaty:
    """A treaty announced with the orders (R-RU-3): ``TREATY AUSTRIA, TURKEY: text``."""

    power: str
    parties: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Confirm:
    """A treaty confirmed by a power it names: ``TREATY CONFIRM RUSSIA``."""

    power: str
    proposer: str


PowerOrder = Strike | Gift | Allow | Treaty | Confirm
POWER_ORDERS = (Strike, Gift, Allow, Treaty, Confirm)
UNITLESS = (Waive, Strike, Gift, Allow, Treaty, Confirm)  # orders that name no unit

Order = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive | PowerOrder

RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


@dataclass(frozen=True)
class Notation:
    """The words one notation writes orders with (one formatter reads this table)."""

    hold: str
    via: str  # after a move by convoy
    support: str
    support_hold: str  # after the unit supported to hold
    convoy: str
    retreat: str
    disband: str
    build_before: str  # "COSTRUISCO A Par"
    build_after: str  # "A PAR B"
    waive: str
    unknown_kind: str | None  # written for an omitted unit type (None: nothing)
    italian_places: bool  # Italian codes, the name where a code names two provinces
    lang: str = "en"  # the words of power-level orders (power_words.py); power names
    russian_places: bool = False  # Russian names in the nominative ("Северное море")
    disband_before: str = ""  # "SCIOLGO A Ola": a disband said first, as a build is
    retreat_case: str = ""  # the case a retreat's goal takes ("отступает в Варшаву")

# arbitro's canonical (DATC/MILA) notation: stored orders, the command-line contract.
DATC = Notation("H", "VIA", "S", "", "C", "R", "D", "", "B", "WAIVE", "?", False)
# What English players are shown: a support to hold says H (a strict reader, R-ORD-4,
# takes it as it was meant).
ENGLISH = Notation("H", "VIA", "S", "H", "C", "R", "D", "", "B", "WAIVE", None, False)
# Italian PBEM notation as seed 000 teaches it: ``A Bud APP A Vie - Tri``, ``F MAN TR A Lon -
# Pic``, ``A Ber XXX``; a retreat is a move to the province it retreats to (``A Ola - Ruh``),
# a convoyed move says so in words (``A Lon - Nor con trasporto``), and the winter's
# decisions are the player's, in the first person: ``COSTRUISCO A Ber``, ``SCIOLGO F Ion``,
# ``RINUNCIO``.
ITALIAN = Notation("XXX", "con trasporto", "APP", "XXX", "TR", "-", "", "COSTRUISCO", "", "RINUNCIO",
                   None, True, "it", disband_before="SCIOLGO")


# Russian notation (seed 004's players): ``А Пруссия П А Силезия - Варшава``, ``Ф Северное море
# К А Лондон - Голландия``, ``А Галиция отступает в Варшаву``; the reader reads it back,
# names in any case, codes too.
RUSSIAN = Notation("стоит", "через конвой", "П", "стоит", "К", "отступает в", "распускается", "строит", "",
                   "отказ", None, False, lang="ru", russian_places=True, retreat_case=ACCUSATIVE)


def notation_for(lang: str) -> Notation:
    return ITALIAN if lang == "it" else RUSSIAN if lang == "ru" else ENGLISH


_KIND_RU = {"A": "А", "F": "Ф"}


def unit_letter(kind: str, lang: str) -> str:
    """The unit letter a language's notation writes: Cyrillic А/Ф in Russian (F reads as
    nothing to a Russian player), A/F otherwise."""
    return _KIND_RU.get(kind, kind) if lang == "ru" else kind


_COAST_RU = {"NC": "СБ", "SC": "ЮБ", "EC": "ВБ", "WC": "ЗБ"}


def location_ru(board: Board, location: str) -> str:
    """The Russian name, nominative ("Испания СБ" for a coast); the code without one."""
    code = province_of(location)
    prov = board.provinces.get(code)
    name = prov.name_ru if prov is not None and prov.name_ru else code
    if location != code:
        return f"{name} {_COAST_RU.get(location[len(code) + 1:], location[len(code) + 1:])}"
    return name


@functools.lru_cache(maxsize=4096)
def location_it(board: Board, location: str) -> str:
    """Italian code, or the Italian name where the code names two provinces (Liv).

    Memoised (boards compare by identity): every Italian message names places."""
    code = province_of(location)
    prov = board.provinces.get(code)
    name = prov.code_it if prov is not None else code
    if prov is not None and len(name_index(board).lookup(key_of(words_of(name)), "it")) > 1:
        name = prov.name_it
    if location != code:
        return f"{name}({location[len(code) + 1:].lower()})"
    return name


def format_order(order: Order, notation: Notation = DATC, board: Board | None = None) -> str:
    """The order in ``notation`` (Italian places need the ``board``): ``A PAR - BUR``."""
    w = notation
    if isinstance(order, Waive):
        return w.waive

    def loc(location: str) -> str:
        if board is not None and w.italian_places:
            return location_it(board, location)
        if board is not None and w.russian_places:
            return location_ru(board, location)
        return location

    def unit(kind: str | None, where: str) -> str:
        kind = kind or w.unknown_kind
        if kind and w.russian_places:
            kind = _KIND_RU.get(kind, kind)
        return f"{kind} {loc(where)}" if kind else loc(where)

    def words(*parts: str) -> str:
        return " ".join(p for p in parts if p)

    if isinstance(order, POWER_ORDERS):
        return _power_order(order, w, board, loc)
    head = unit(order.kind, order.location)
    if isinstance(order, Hold):
        return words(head, w.hold)
    if isinstance(order, Move):
        return words(head, "-", loc(order.destination), w.via if order.via_convoy else "")
    if isinstance(order, Support):
        target = unit(order.supported_kind, order.supported)
        if order.destination is None:
            return words(head, w.support, target, w.support_hold)
        return words(head, w.support, target, "-", loc(order.destination))
    if isinstance(order, Convoy):
        army = _KIND_RU["A"] if w.russian_places else "A"
        return words(head, w.convoy, army, loc(order.army), "-", loc(order.destination))
    if isinstance(order, Retreat):
        goal = loc(order.destination)
        if w.retreat_case and board is not None and w.russian_places:
            goal = declined(goal, w.retreat_case)
        return words(head, w.retreat, goal)
    if isinstance(order, Disband):
        return words(w.disband_before, head, w.disband)
    return words(w.build_before, head, w.build_after)


def _power_order(
    order: PowerOrder, w: Notation, board: Board | None, loc: Callable[[str], str]
) -> str:
    """``STRIKE MUN FROM BOH``, ``GIFT UKR TO AUSTRIA``, ``ALLOW AUSTRIA``,
    ``TREATY AUSTRIA, TURKEY: text``, ``TREATY CONFIRM RUSSIA`` (in the notation's language)."""

    def name(power: str) -> str:
        p = board.powers.get(power) if board is not None and w.lang in ("it", "ru") else None
        if p is None:
            return power
        return (p.name_ru or power) if w.lang == "ru" else p.name_it

    def kw(keyword: str) -> str:
        return power_word(keyword, w.lang)

    if w.lang == "ru" and board is not None:
        return _power_order_ru(order, w, board)
    if isinstance(order, Strike):
        return f"{kw('strike')} {loc(order.target)} {kw('from')} {loc(order.origin)}"
    if isinstance(order, Gift):
        return f"{kw('gift')} {loc(order.province)} {kw('to')} {name(order.to)}"
    if isinstance(order, Allow):
        return f"{kw('allow')} {', '.join(name(a) for a in order.allies)}"
    if isinstance(order, Treaty):
        text = f": {order.text}" if order.text else ""
        return f"{kw('treaty')} {', '.join(name(a) for a in order.parties)}{text}"
    return f"{kw('treaty')} {kw('confirm')} {name(order.proposer)}"


def _power_order_ru(order: PowerOrder, w: Notation, board: Board) -> str:
    """Russian power-level orders with their cases: "УДАР Галиция ИЗ Украины", "ДАРИТ
    Швецию ДЛЯ Германии", "РАЗРЕШАЕТ ПРОХОД Германии", "ПОДТВЕРЖДАЕТ ДОГОВОР России"
    (the reader reads every case back)."""

    def place(code: str, case: str) -> str:
        prov = board.provinces.get(code)
        if prov is None or not prov.name_ru:
            return code
        return declined(prov.name_ru, case, prov.ru_gender) if case else prov.name_ru

    def power(name: str, case: str = GENITIVE) -> str:
        p = board.powers.get(name)
        nominative = p.name_ru if p is not None and p.name_ru else name
        return declined(nominative, case) if case else nominative

    def kw(keyword: str) -> str:
        return power_word(keyword, w.lang)

    if isinstance(order, Strike):
        return f"{kw('strike')} {place(order.target, '')} {kw('from')} {place(order.origin, GENITIVE)}"
    if isinstance(order, Gift):
        return f"{kw('gift')} {place(order.province, ACCUSATIVE)} {kw('to')} {power(order.to)}"
    if isinstance(order, Allow):
        return f"{kw('allow')} {', '.join(power(a) for a in order.allies)}"
    if isinstance(order, Treaty):
        text = f": {order.text}" if order.text else ""
        return f"{kw('treaty')} {', '.join(power(a, '') for a in order.parties)}{text}"
    return f"{kw('confirm')} {kw('treaty')} {power(order.proposer)}"
