"""A phase's order results as the values drawn on its map."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..diplomacy.board import Board
from ..diplomacy.orders import Order, Waive
from ..diplomacy.outcome import OrderResult, Result


@dataclass(frozen=True)
class Drawn:
    power: str
    order: Order
    result: Result

    @property
    def ok(self) -> bool:
        return self.result is Result.SUCCEEDS


def drawn_orders(board: Board, results: Iterable[OrderResult]) -> list[Drawn]:
    """Each result with something to draw; waived builds have nothing to point at."""
    out: list[Drawn] = []
    for r in results:
        got = r.order
        if isinstance(got, Waive):
            continue
        locations = [getattr(got, a, None) for a in ("location", "destination", "supported", "army")]
        if not all(board.is_location(x) for x in locations if x):
            continue  # names a place this map does not have: nothing to point at
        out.append(Drawn(got.power, got, r.result))
    return out
