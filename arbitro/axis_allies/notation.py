"""Orders written back in the canonical notation (AAE_CONTRACT.md, "Canonical orders"): English
keywords, space codes, unit type names. What the referee writes back and the dice' digest covers;
the reader reads it again to the same order (tests/axis_allies/test_reading.py)."""

from __future__ import annotations

from .orders import (
    Attack,
    Boarding,
    Buy,
    Convert,
    Execute,
    Move,
    Order,
    Place,
    Retreat,
    Submerge,
    Units,
)


def units_text(units: tuple[Units, ...]) -> str:
    return ", ".join(_one(u) for u in units)


def _one(u: Units) -> str:
    text = f"{u.count} {u.type}"
    if u.cargo is not None:
        text += f"({units_text(u.cargo)})"
    if u.owner is not None:
        text += f" {u.owner}"
    return text


def _boarding(b: Boarding) -> str:
    return f" {{{b.territory}: {units_text(b.units)}}}"


def order_text(order: Order) -> str:
    if isinstance(order, Buy):
        return f"BUY {units_text(order.units)}"
    if isinstance(order, Move):
        return _move(order)
    if isinstance(order, Attack):
        return f"ATTACK {order.zone}" + (f": {units_text(order.units)}" if order.units else "")
    if isinstance(order, Submerge):
        what = "STALL" if order.from_round is None else f"FROM {order.from_round}"
        return f"SUBMERGE {order.zone}: {what}"
    if isinstance(order, Retreat):
        parts = []
        if order.after_round is not None:
            parts.append(f"AFTER {order.after_round}")
        if order.below is not None:
            parts.append(f"BELOW {order.below}" + (" LAND" if order.land_only else ""))
        parts.append(f"TO {order.to}")
        return f"RETREAT {order.space}: " + "; ".join(parts)
    if isinstance(order, Place):
        return f"PLACE {order.space}: {units_text(order.units)}"
    if isinstance(order, Convert):
        return f"CONVERT {order.territory}: {units_text(order.units)}"
    assert isinstance(order, Execute)
    return "EXECUTE"


def _move(order: Move) -> str:
    text = f"MOVE {order.start}: {units_text(order.units)}"
    boards = {b.zone: b for b in order.boardings}
    if order.start in boards:
        text += _boarding(boards[order.start])
    for space in order.path:
        text += f" -> {space}"
        if space in boards and space != order.start:
            text += _boarding(boards[space])
    if order.raid:
        text += " RAID"
    if order.escort:
        text += " ESCORT"
        if order.fallback:
            text += f" ELSE {order.fallback}"
    if order.unload is not None:
        text += f" UNLOAD {units_text(order.unload)}"
    return text
