"""Orders as values. Every order names the power that gave it.

A unit order names the unit by kind and location as the player wrote them;
whether such a unit really stands there is the legality check's business.
``kind`` may be None when the player omitted it and nothing resolved it.
"""

from __future__ import annotations

from dataclasses import dataclass



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


Order = Hold | Move | Support | Convoy | Retreat | Disband | Build | Waive

RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


def format_order(order: Order) -> str:
    """The order in arbitro's canonical (DATC/MILA) notation: ``A PAR - BUR``."""
    if isinstance(order, Waive):
        return "WAIVE"
    kind = order.kind or "?"
    head = f"{kind} {order.location}"
    if isinstance(order, Hold):
        return f"{head} H"
    if isinstance(order, Move):
        return f"{head} - {order.destination}" + (" VIA" if order.via_convoy else "")
    if isinstance(order, Support):
        target = f"{order.supported_kind or '?'} {order.supported}"
        if order.destination is None:
            return f"{head} S {target}"
        return f"{head} S {target} - {order.destination}"
    if isinstance(order, Convoy):
        return f"{head} C A {order.army} - {order.destination}"
    if isinstance(order, Retreat):
        return f"{head} R {order.destination}"
    if isinstance(order, Disband):
        return f"{head} D"
    return f"{head} B"
