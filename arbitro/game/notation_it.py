"""Write orders back in the players' notations.

Italian PBEM notation: Italian codes (seas upper case, land title case), ``-``,
``APP``, ``TR``, ``XXX``; coasts as ``Bul(ec)``. English notation is arbitro's
canonical one, except that a support to hold says ``H`` (so a strict reader,
R-ORD-4, takes it as it was meant). The mail parser reads both back to the same
order.
"""

from __future__ import annotations

import functools

from .board import Board, province_of
from .names import key_of, name_index, words_of
from .orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive


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


def _unit(kind: str | None, where: str) -> str:
    return f"{kind} {where}" if kind else where


def format_it(board: Board, order: Order) -> str:
    """``A Bud APP A Vie - Tri``, ``F MAN TR A Lon - Pic``, ``A Ber XXX``."""
    if isinstance(order, Waive):
        return "RINUNCIA"

    def loc(location: str) -> str:
        return location_it(board, location)

    head = _unit(order.kind, loc(order.location))
    if isinstance(order, Hold):
        return f"{head} XXX"
    if isinstance(order, Move):
        return f"{head} - {loc(order.destination)}" + (" via convoglio" if order.via_convoy else "")
    if isinstance(order, Support):
        target = _unit(order.supported_kind, loc(order.supported))
        if order.destination is None:
            return f"{head} APP {target} XXX"
        return f"{head} APP {target} - {loc(order.destination)}"
    if isinstance(order, Convoy):
        return f"{head} TR A {loc(order.army)} - {loc(order.destination)}"
    if isinstance(order, Retreat):
        return f"{head} R {loc(order.destination)}"
    if isinstance(order, Disband):
        return f"{head} SCIOGLIE"
    assert isinstance(order, Build)
    return f"COSTRUISCE {head}"


def format_en(order: Order) -> str:
    """``A BUD S A VIE - TRI``, ``A BUD S A GAL H``, ``F NTH C A LON - NWY``."""
    if isinstance(order, Waive):
        return "WAIVE"
    head = _unit(order.kind, order.location)
    if isinstance(order, Hold):
        return f"{head} H"
    if isinstance(order, Move):
        return f"{head} - {order.destination}" + (" VIA" if order.via_convoy else "")
    if isinstance(order, Support):
        target = _unit(order.supported_kind, order.supported)
        if order.destination is None:
            return f"{head} S {target} H"
        return f"{head} S {target} - {order.destination}"
    if isinstance(order, Convoy):
        return f"{head} C A {order.army} - {order.destination}"
    if isinstance(order, Retreat):
        return f"{head} R {order.destination}"
    if isinstance(order, Disband):
        return f"{head} D"
    assert isinstance(order, Build)
    return f"{head} B"


def format_order_in(board: Board, order: Order, lang: str) -> str:
    return format_it(board, order) if lang == "it" else format_en(order)
