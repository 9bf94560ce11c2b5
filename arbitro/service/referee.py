"""The referee's procedures over the store: the one object the daemon and CLI talk to.

Every public call is one transaction (``store.begin()``); every mail it causes is queued
in the outbox inside that transaction under a deterministic key. The clock is always
passed in. ``step`` does one thing and returns what it did, so a crash between two steps
and a restart carry on exactly where the work stopped.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from ..config import Config
from ..game.board import Board
from ..reports import MailTemplates
from ..store import GameStatus, NotFound, Store
from ..variants import load_board
from . import clock, gm, lifecycle, submit
from .common import RenderMap, Services, new_draw_seed
from .gm import GmError
from .mailer import Mailer
from .status import status_reply
from .values import GmReply, OrderReply, PreferencesReply, StatusReply

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
        self.svc = Services(config, boards, Mailer(templates or MailTemplates(), config.server), render_map,
                            draw_seed)
        self._cursor = 0  # where step() looks first (round-robin over the games)

    # -- time --------------------------------------------------------------

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
        ctx = self.svc.ctx(game_id)
        if ctx is None:
            return None
        with self.store.begin() as uow:
            done = lifecycle.sync_game(self.svc, uow, ctx, now)
            if done is None:
                game = uow.games.get(game_id)
                if game is not None and game.status in (GameStatus.ACTIVE, GameStatus.PAUSED):
                    game = uow.games.lock(game_id)
                    done = clock.step_game(self.svc, uow, ctx, game, now)
        return done

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
            ctx = self.svc.ctx(game_id)
            if ctx is None:
                continue
            while True:
                with self.store.begin() as uow:
                    what = lifecycle.sync_game(self.svc, uow, ctx, now)
                if what is None:
                    break
                done.append(f"{game_id}:{what}")
        return done

    def next_wakeup(self, now: datetime) -> datetime | None:
        with self.store.begin() as uow:
            return clock.next_wakeup(uow, self.svc, now)

    def _game_ids(self) -> list[str]:
        return sorted(g.id for g in self.config.games)

    # -- players -----------------------------------------------------------

    def submit_orders(self, game_id: str, address: str, text: str, now: datetime,
                      mail_id: int | None = None, phase: str | None = None) -> OrderReply:
        with self.store.begin() as uow:
            return submit.submit_orders(self.svc, uow, game_id, address, text, now, mail_id, phase)

    def submit_ballot(self, game_id: str, voter_address: str, for_power: str, text: str,
                      now: datetime, mail_id: int | None = None) -> OrderReply:
        with self.store.begin() as uow:
            return submit.submit_ballot(self.svc, uow, game_id, voter_address, for_power, text, now, mail_id)

    def set_preferences(self, game_id: str, address: str, powers: Sequence[str],
                        now: datetime) -> PreferencesReply:
        with self.store.begin() as uow:
            return submit.set_preferences(self.svc, uow, game_id, address, powers, now)

    def status(self, game_id: str, address: str, now: datetime,
               mail_id: int | None = None) -> StatusReply:
        """The player's orders on file and the deadline; with ``mail_id`` the answer is also
        queued as a mail (once per mail)."""
        with self.store.begin() as uow:
            return status_reply(self.svc, uow, game_id, address, now, mail_id)

    # -- the GM ------------------------------------------------------------

    def _gm(self, game_id: str, action: str, fn: Callable[..., GmReply], now: datetime,
            actor: str, **kwargs: object) -> GmReply:
        ctx = self.svc.ctx(game_id)
        try:
            with self.store.begin() as uow:
                if ctx is None:
                    raise GmError("gm.no_game", game=game_id)
                game = uow.games.lock(game_id)
                return fn(self.svc, uow, ctx, game, now, actor, **kwargs)
        except GmError as exc:
            return exc.reply(action)
        except NotFound as exc:
            return GmReply(False, action, str(exc))

    def gm_start(self, game_id: str, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "start", gm.start, now, actor)

    def gm_pause(self, game_id: str, now: datetime, actor: str = "gm",
                 until: datetime | None = None) -> GmReply:
        return self._gm(game_id, "pause", gm.pause, now, actor, until=until)

    def gm_resume(self, game_id: str, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "resume", gm.resume, now, actor)

    def gm_extend(self, game_id: str, by: timedelta, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "extend", gm.extend, now, actor, by=by)

    def gm_replace(self, game_id: str, power: str, address: str, now: datetime, name: str = "",
                   actor: str = "gm", language: str | None = None,
                   password: str | None = None) -> GmReply:
        return self._gm(game_id, "replace", gm.replace, now, actor, power=power.upper(),
                        address=address, name=name, language=language, password=password)

    def gm_eject(self, game_id: str, power: str, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "eject", gm.eject, now, actor, power=power.upper())

    def gm_process_now(self, game_id: str, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "process", gm.process_now, now, actor)

    def gm_rollback(self, game_id: str, now: datetime, actor: str = "gm") -> GmReply:
        return self._gm(game_id, "rollback", gm.rollback, now, actor)

    def gm_status(self, game_id: str, now: datetime) -> str:
        ctx = self.svc.ctx(game_id)
        with self.store.begin() as uow:
            game = uow.games.get(game_id)
            if ctx is None or game is None:
                return f"no game {game_id!r}\n"
            return gm.status_text(uow, ctx, game, now)
