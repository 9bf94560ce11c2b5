"""Read the DATC case files of this folder and turn a case into arbitro values.

Kept apart from the tests so the runner and the file checks share one reading.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arbitro.diplomacy.board import Board, province_of
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.orders import Order
from arbitro.diplomacy.position import Position, Unit, make_position, start_position

HERE = Path(__file__).resolve().parent
Case = Mapping[str, Any]


def case_files() -> list[Path]:
    return sorted(HERE.glob("*.toml"))


def load_cases() -> list[Case]:
    cases: list[Case] = []
    for path in case_files():
        with path.open("rb") as fh:
            data = tomllib.load(fh)
        for case in data.get("case", []):
            cases.append({**case, "_file": path.name})
    return cases


def unit(power: str, text: str) -> Unit:
    kind, location = text.split()
    return Unit(power, kind, location)


def units_by_power(table: Mapping[str, list[str]]) -> list[Unit]:
    return [unit(power, text) for power, texts in table.items() for text in texts]


def position_of(board: Board, case: Case) -> Position:
    """The position the case starts from: always a first phase, never a retreat phase.

    Without a ``centres`` table the centres are the variant's home centres: the DATC
    movement cases do not depend on ownership. Dislodged units, their retreats and
    standoffs are never written in a case: the engine derives them from the movement
    phase the case starts with.
    """
    units = units_by_power(case.get("units", {}))
    if "centres" in case:
        centres = {c: power for power, cs in case["centres"].items() for c in cs}
    else:
        centres = dict(start_position(board).centres)
    return make_position(case["phase"], units, centres)


def steps(case: Case) -> list[Case]:
    """The phases of a case in order: the case itself, then each ``[[case.next]]``.

    Each step holds the ``orders`` of its phase and the ``expect`` right after it.
    """
    return [case, *case.get("next", [])]


@dataclass(frozen=True)
class ReadOrders:
    by_power: dict[str, list[Order]]
    read: dict[tuple[str, str], Order | str]  # (power, text) -> Order, or the reader's error

    @property
    def unreadable(self) -> dict[tuple[str, str], str]:
        return {k: v for k, v in self.read.items() if isinstance(v, str)}


def read_orders(board: Board, case: Case) -> ReadOrders:
    """Every order of one step of a case; an unreadable one is left out (a void order), but kept
    in ``read`` with its error so it is counted and its expectation still checked."""
    by_power: dict[str, list[Order]] = {}
    read: dict[tuple[str, str], Order | str] = {}
    for power, texts in case.get("orders", {}).items():
        for text in texts:
            order = read_order(board, power, text)
            read[(power, text)] = order
            if not isinstance(order, str):
                by_power.setdefault(power, []).append(order)
    return ReadOrders(by_power, read)


def unit_key(u: Unit) -> tuple[str, str, str]:
    return (u.power, u.kind, u.location)


def expected_units(table: Mapping[str, list[str]]) -> list[tuple[str, str, str]]:
    return sorted(unit_key(u) for u in units_by_power(table))


def province(location: str) -> str:
    return province_of(location)
