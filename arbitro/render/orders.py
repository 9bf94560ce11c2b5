"""The orders of an ``adjudicate`` output, read back into values to be drawn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..game.board import Board
from ..game.notation import read_order
from ..game.orders import Order, Waive


@dataclass(frozen=True)
class Drawn:
    power: str
    order: Order
    result: str  # "succeeds" | "fails" | "void"

    @property
    def ok(self) -> bool:
        return self.result == "succeeds"


def orders_from_results(board: Board, results: Mapping[str, Any]) -> list[Drawn]:
    """Each readable result line; unreadable or void-of-meaning lines are not drawn."""
    out: list[Drawn] = []
    for line in results.get("results", ()) or ():
        if not isinstance(line, Mapping):
            continue
        power = str(line.get("power", "")).upper()
        text = str(line.get("order", ""))
        got = read_order(board, power, text)
        if isinstance(got, (str, Waive)):
            continue
        locations = [getattr(got, a, None) for a in ("location", "destination", "supported", "army")]
        if not all(board.is_location(x) for x in locations if x):
            continue  # names a place this map does not have: nothing to point at
        out.append(Drawn(power, got, str(line.get("result", "succeeds"))))
    return out
