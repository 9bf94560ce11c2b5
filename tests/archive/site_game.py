"""Games for the archive's tests and bench: played through the service's door (the table
the mail commands use), the clock passed in, orders chosen at random among legal ones."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from arbitro.config import Config, SiteConfig
from arbitro.contract import position_from_json
from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.orders import format_order
from arbitro.service import Referee
from arbitro.service.identity import trusted
from arbitro.service.submit import submit_orders
from arbitro.store import GameStatus, Store
from arbitro.variants import load_board

BOARD = load_board("standard")


def play_phase(referee: Referee, store: Store, game_id: str, now: datetime, rng: random.Random,
               skip: set[str] | frozenset[str] = frozenset()) -> datetime | None:
    """Every power but ``skip`` orders at random, then the clock runs to the deadline and
    on (late days for the silent) until the phase is processed. The clock after it, or
    None when the game is not being played."""
    with store.begin() as uow:
        phase = uow.phases.current(game_id)
        game = uow.games.require(game_id)
        holders = {p: pl.address for p, pl in uow.assignments.current(game_id).items()}
    if phase is None or game.status is not GameStatus.ACTIVE:
        return None
    position = position_from_json(BOARD, phase.position_before)
    for power, orders in random_orders(BOARD, position, rng).items():
        if power in skip or power not in holders or not orders:
            continue
        with referee.table(game_id, now) as table:
            submit_orders(table, trusted(table, holders[power]), "\n".join(format_order(o) for o in orders))
    assert phase.deadline is not None
    now = max(now, phase.deadline) + timedelta(minutes=1)
    for _ in range(10):
        referee.tick(now)
        with store.begin() as uow:
            again = uow.phases.current(game_id)
        if again is None or again.id != phase.id:
            return now
        assert again.deadline is not None
        now = again.deadline + timedelta(minutes=1)
    raise AssertionError(f"{phase.code} was never processed")


def play_years(referee: Referee, store: Store, game_id: str, now: datetime, years: int,
               seed: int = 7, skip: dict[str, set[str]] | None = None,
               after_phase: Callable[[datetime], object] | None = None) -> datetime:
    """Start the game if due, then play ``years`` years (or until the game stops); the
    powers ``skip`` lists for a phase code send nothing then. Returns the clock."""
    rng = random.Random(seed)
    referee.tick(now)
    with store.begin() as uow:
        first = uow.phases.current(game_id)
    assert first is not None, "the game did not start"
    last_year = int(first.code[1:5]) + years - 1
    while True:
        with store.begin() as uow:
            phase = uow.phases.current(game_id)
        if phase is None or int(phase.code[1:5]) > last_year:
            return now
        after = play_phase(referee, store, game_id, now, rng, (skip or {}).get(phase.code, set()))
        if after is None:
            return now
        now = after
        if after_phase is not None:
            after_phase(now)


def config_with_site(config: Config, folder: Path, base_url: str = "") -> Config:
    return replace(config, site=SiteConfig(Path(folder), base_url))
