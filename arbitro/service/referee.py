"""The referee over the store: the one object the daemon, the mail handler and the CLI
hold. ``table(game_id, now)`` opens one unit of work on one game (``service/table.py``),
``office(now)`` one unit of work beside any game.

Every public call is one transaction (``store.begin()``); every mail it causes is queued
in the outbox inside that transaction under a deterministic key. The clock is always
passed in. ``step`` does one thing and returns what it did, so a crash between two steps
and a restart carry on exactly where the work stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime

from ..config import Config
from ..diplomacy.board import Board
from ..reports import MailTemplates
from ..store import GameStatus, Store
from ..variants import load_board
from .clock import next_wakeup, step_game
from .kinds import KINDS
from .lifecycle import sync_game
from .mailer import Mailer
from .table import Office, RenderMap, Services, Table, new_draw_seed

MAX_STEPS = 100_000  # a safety net for tick(): each step changes state, so it ends


class Referee:
    def __init__(
        self,
        store: Store,
        config: Config,
        boards: Callable[[str], Board] = load_board,
        render_map: RenderMap | None = None,
        templates: MailTemplates | None = None,
        draw_seed: Callable[[], str] = new_draw_seed,
    ) -> None:
        self.store = store
        self.config = config
        self.services = Services(config, boards, Mailer(templates or MailTemplates(), config.server),
                                 render_map, KINDS, draw_seed)
        self._cursor = 0  # where step() looks first (round-robin over the games)

    # -- the doors -----------------------------------------------------------------------

    @contextmanager
    def office(self, now: datetime) -> Iterator[Office]:
        """One transaction at ``now``, on no game in particular."""
        with self.store.begin() as uow:
            yield Office(self.services, uow, now)

    @contextmanager
    def table(self, game_id: str, now: datetime) -> Iterator[Table]:
        """One transaction on one game at ``now``: every procedure (orders, ballots, status,
        the clock's steps, the GM's operations) takes the table."""
        with self.office(now) as office:
            yield office.table(game_id)

    # -- time --------------------------------------------------------------------------

    def step(self, now: datetime) -> str | None:
        """Do one thing that is due, in one transaction; "game:what", or None.

        Games are visited round-robin from the one that acted last, so a sweep over N
        games that are all due costs N visits, not N squared (each visit reads the
        database even when nothing is due)."""
        ids = self._game_ids()
        if not ids:
            return None
        start = self._cursor % len(ids)
        for offset in range(len(ids)):
            i = (start + offset) % len(ids)
            done = self._step_game(ids[i], now)
            if done is not None:
                self._cursor = i  # it may have more to do: look at it first next time
                return f"{ids[i]}:{done}"
        return None

    def _step_game(self, game_id: str, now: datetime) -> str | None:
        if self.services.game_config(game_id) is None:
            return None
        with self.table(game_id, now) as table:
            return step(table)

    def tick(self, now: datetime) -> list[str]:
        """Every step due at ``now``, each in its own transaction."""
        done = []
        for _ in range(MAX_STEPS):
            what = self.step(now)
            if what is None:
                break
            done.append(what)
        return done

    def sync_games(self, now: datetime) -> list[str]:
        """Create and start the config's games (the part of tick() that needs no phase)."""
        done = []
        for game_id in self._game_ids():
            if self.services.game_config(game_id) is None:
                continue
            while True:
                with self.table(game_id, now) as table:
                    what = sync_game(table)
                if what is None:
                    break
                done.append(f"{game_id}:{what}")
        return done

    def next_wakeup(self, now: datetime) -> datetime | None:
        with self.office(now) as office:
            return next_wakeup(office)

    def _game_ids(self) -> list[str]:
        return sorted(g.id for g in self.config.games)


def step(table: Table) -> str | None:
    """One thing due at the table's instant (create, add players, start, resume, end, mark
    late, remind, process), or None."""
    if not table.listed:
        return None
    done = sync_game(table)
    if done is not None:
        return done
    game = table.found
    if game is None or game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
        return None
    return step_game(table)
