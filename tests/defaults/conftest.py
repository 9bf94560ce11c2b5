"""Positions for the referee-default tests, written as the CLI contract writes them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import pytest

from arbitro.diplomacy.board import Board
from arbitro.diplomacy.orders import Order, format_order
from arbitro.diplomacy.phases import retreat_options
from arbitro.diplomacy.position import Dislodged, Position, Unit, make_position
from arbitro.variants import load_board

PositionMaker = Callable[..., Position]


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board("standard")


def _unit(power: str, text: str) -> Unit:
    kind, loc = text.split()
    return Unit(power, kind, loc)


@pytest.fixture
def make(board: Board) -> PositionMaker:
    """``make("F1903R", units={"GERMANY": ["A MUN"]}, centres=..., dislodged=...)``.

    ``centres`` maps a power to its SCs; absent, every power owns its home SCs.
    ``dislodged`` maps a power to {"A HOL": ["BUR", "RUH"]}.
    """

    def build(
        phase: str,
        units: Mapping[str, Iterable[str]],
        centres: Mapping[str, Iterable[str]] | None = None,
        dislodged: Mapping[str, Mapping[str, Iterable[str]]] | None = None,
    ) -> Position:
        if centres is None:
            owned = {c: p.name for p in board.powers.values() for c in p.home_centres}
        else:
            owned = {c: power for power, cs in centres.items() for c in cs}
        placed = [_unit(power, text) for power, texts in units.items() for text in texts]
        out = []
        for power, entries in (dislodged or {}).items():
            for text, retreats in entries.items():
                unit = _unit(power, text)
                possible(board, placed, unit, retreats)
                out.append(Dislodged(unit, tuple(sorted(retreats))))
        return make_position(phase, placed, owned, out)

    return build


def possible(board: Board, units: Iterable[Unit], unit: Unit, retreats: Iterable[str]) -> None:
    """A dislodged unit's retreats are the engine's to derive (R-RET-1): a test may name
    some of them, never one the engine could not give (not adjacent, or occupied)."""
    occupied = {u.province for u in units}
    most = set(retreat_options(board, occupied, unit, "", True, ()))
    wrong = sorted(set(retreats) - most)
    assert not wrong, f"{unit}: no retreat to {', '.join(wrong)} (the engine offers {sorted(most)})"


def texts(orders: Iterable[Order]) -> list[str]:
    return [format_order(o) for o in orders]


@pytest.fixture
def fmt() -> Callable[[Iterable[Order]], list[str]]:
    return texts
