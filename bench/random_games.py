"""Movement phases reached by random legal play, shared by the benchmarks."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # after PYTHONPATH: it picks the checkout

from arbitro.diplomacy.board import Board
from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.orders import Order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import MOVEMENT, Position, start_position
from arbitro.diplomacy.rules import Rules

Phase = tuple[Position, dict[str, list[Order]]]


def movement_phases(board: Board, count: int, seed: int = 1901, max_years: int = 12) -> list[Phase]:
    """``count`` (position, orders) pairs from random games, restarting every few years."""
    rng = random.Random(seed)
    rules = Rules(defaults="standard")
    phases: list[Phase] = []
    position = start_position(board)
    while len(phases) < count:
        orders = random_orders(board, position, rng)
        if position.phase.kind == MOVEMENT:
            phases.append((position, orders))
        outcome = play(board, position, orders, rules)
        position = outcome.next
        if outcome.winner or position.phase.year >= board.start_year + max_years:
            position = start_position(board)
    return phases
