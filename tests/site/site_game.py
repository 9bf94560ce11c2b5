"""Games for the archive's tests and bench: played through the service's door (the desk
the mail commands use), the clock passed in, orders chosen at random among legal ones."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from arbitro.config import Config
from arbitro.contract import position_from_json
from arbitro.game.legal_orders import random_orders
from arbitro.game.orders import format_order
from arbitro.service import Referee
from arbitro.store import GameStatus, Store
from arbitro.variants import load_board

BOARD = load_board("standard")


def play_years(referee: Referee, store: Store, game_id: str, now: datetime, years: int,
               seed: int = 7, skip: frozenset[str] = frozenset(),
               after_phase: Any = None) -> datetime:
    """Start the game if due, then play phases until ``years`` years have passed or the
    game ends; every power but those in ``skip`` orders at random. Returns the clock."""
    rng = random.Random(seed)
    referee.tick(now)
    with store.begin() as uow:
        first = uow.phases.current(game_id)
    assert first is not None, "the game did not start"
    last_year = int(first.code[1:5]) + years - 1
    while True:
        with store.begin() as uow:
            phase = uow.phases.current(game_id)
            game = uow.games.require(game_id)
            holders = {p: pl.address for p, pl in uow.assignments.current(game_id).items()}
        if phase is None or game.status is not GameStatus.ACTIVE or int(phase.code[1:5]) > last_year:
            return now
        position = position_from_json(BOARD, phase.position_before)
        for power, orders in random_orders(BOARD, position, rng).items():
            if power in skip or power not in holders or not orders:
                continue
            text = "\n".join(format_order(o) for o in orders)
            with referee.desk(game_id, now) as desk:
                desk.submit_orders(holders[power], text)
        assert phase.deadline is not None
        now = max(now, phase.deadline) + timedelta(minutes=1)
        for _ in range(10):  # late days for the silent powers, then the phase
            referee.tick(now)
            with store.begin() as uow:
                again = uow.phases.current(game_id)
            if again is None or again.id != phase.id:
                break
            assert again.deadline is not None
            now = again.deadline + timedelta(minutes=1)
        if after_phase is not None:
            after_phase(now)


def config_with_site(config: Config, folder: Any, base_url: str = "") -> Config:
    from dataclasses import replace
    from pathlib import Path

    from arbitro.config import SiteConfig

    return replace(config, site=SiteConfig(Path(folder), base_url))
