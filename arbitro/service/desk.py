"""The one door into the service: a desk for one game, inside one transaction.

``Referee.desk(game_id, now)`` opens a transaction and hands out a ``Desk``; the mail
handler, which already holds a transaction for the mail it records, builds one on it with
``Desk(svc, uow, game_id, now)``. Every procedure a player, the GM or the clock can ask
for is a method here; the procedures' bodies live in their modules (``submit``, ``status``,
``gm``, ``lifecycle``, ``clock``) and nothing outside the service calls them directly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta

from ..diplomacy.reading.lines import Classifier
from ..store import GameStatus, NotFound, UnitOfWork
from ..store.models import Game
from . import absences, account, clock, gm, lifecycle, observers, past_phases, submit, votes
from .absences import SettingReply
from .answers import Answer
from .games_list import games_list
from .preview import preview
from .summary import summary
from .trial import TrialReply, trial
from .common import Services
from .gm import GmError
from .state import GameCtx
from .status import status_reply
from .values import GmReply, OrderReply, PreferencesReply, StatusReply, WaitReply
from .waiting import set_wait


class Desk:
    """The services, the unit of work, the game and the moment ``now`` of one transaction."""

    def __init__(self, svc: Services, uow: UnitOfWork, game_id: str, now: datetime) -> None:
        self.svc = svc
        self.uow = uow
        self.game_id = game_id
        self.now = now
        # None when the config no longer lists the game
        self.ctx: GameCtx | None = svc.ctx(game_id)

    # -- players -----------------------------------------------------------

    def submit_orders(self, address: str, text: str, mail_id: int | None = None,
                      phase: str | None = None, classify: Classifier | None = None) -> OrderReply:
        return submit.submit_orders(self.svc, self.uow, self.game_id, address, text, self.now,
                                    mail_id, phase, classify)

    def submit_ballot(self, voter_address: str, for_power: str, text: str,
                      mail_id: int | None = None, classify: Classifier | None = None) -> OrderReply:
        return submit.submit_ballot(self.svc, self.uow, self.game_id, voter_address, for_power,
                                    text, self.now, mail_id, classify)

    def set_preferences(self, address: str, powers: Sequence[str]) -> PreferencesReply:
        return submit.set_preferences(self.svc, self.uow, self.game_id, address, powers, self.now)

    def set_wait(self, address: str, wait: bool, mail_id: int | None = None) -> WaitReply:
        """ATTENDI (``wait``) / NON ATTENDERE: hold the current phase to its deadline, or
        let it run early again; the player is mailed what changed."""
        return set_wait(self.svc, self.uow, self.game_id, address, wait, self.now, mail_id)

    def status(self, address: str, mail_id: int | None = None) -> StatusReply:
        """The player's orders on file and the deadline; with ``mail_id`` the answer is
        also queued as a mail (once per mail)."""
        return status_reply(self.svc, self.uow, self.game_id, address, self.now, mail_id)

    def set_timezone(self, address: str, zone: str, line: str = "",
                     mail_id: int | None = None) -> SettingReply:
        """FUSO / TIMEZONE: the zone the player's deadlines are written in."""
        return absences.set_timezone(self.svc, self.uow, self.game_id, address, zone, line or zone,
                                     self.now, mail_id)

    def announce_absence(self, address: str, first: date, last: date, line: str = "",
                         mail_id: int | None = None) -> SettingReply:
        """ASSENZA / ABSENCE: first and last day away, in the player's zone."""
        return absences.announce_absence(self.svc, self.uow, self.game_id, address, first, last,
                                         line, self.now, mail_id)

    def cancel_absences(self, address: str, mail_id: int | None = None) -> SettingReply:
        """ASSENZA ANNULLA / ABSENCE CANCEL: the absences that have not begun are taken back."""
        return absences.cancel_absences(self.svc, self.uow, self.game_id, address, self.now, mail_id)

    def cast_vote(self, address: str, kind: str, powers: Sequence[str],
                  mail_id: int | None = None) -> votes.VoteReply:
        """A secret vote to end the game (draw, concede, withdraw); only the voter is
        answered, and the game ends when the votes are unanimous."""
        return votes.cast_vote(self.svc, self.uow, self.game_id, address, kind, powers, self.now,
                               mail_id)

    def dry_run(self, address: str, text: str, mail_id: int | None = None,
              classify: Classifier | None = None) -> TrialReply:
        """PROVA: a private dry run of the player's orders (and any assumed for others);
        nothing is stored but the reply."""
        return trial(self.svc, self.uow, self.game_id, address, text, self.now, mail_id,
                           classify)

    # -- on demand (issue 16): each queues its answer mail, or says why not ----

    def phase_map(self, to: str, lang: str, words: Sequence[str], mail_id: int | None = None) -> Answer:
        """MAPPA [phase]: the map of the current phase, or of a past one as its results
        mail showed it."""
        return past_phases.phase_map(self.svc, self.uow, self.game_id, to, lang, words, self.now, mail_id)

    def history(self, to: str, lang: str, words: Sequence[str], mail_id: int | None = None) -> Answer:
        """STORIA [from] [to]: past results as they were mailed."""
        return past_phases.history(self.svc, self.uow, self.game_id, to, lang, words, self.now, mail_id)

    def summary(self, to: str, lang: str, mail_id: int | None = None) -> Answer:
        """RIEPILOGO: the game so far, with the centre chart."""
        return summary(self.svc, self.uow, self.game_id, to, lang, self.now, mail_id)

    def games_list(self, to: str, lang: str, mail_id: int | None = None) -> Answer:
        """PARTITE: every game on this referee (the desk's own game plays no part)."""
        return games_list(self.svc, self.uow, to, lang, self.now, mail_id)

    def observe(self, address: str, lang: str, mail_id: int | None = None) -> Answer:
        return observers.observe(self.svc, self.uow, self.game_id, address, lang, self.now, mail_id)

    def unobserve(self, address: str, lang: str, mail_id: int | None = None) -> Answer:
        return observers.unobserve(self.svc, self.uow, self.game_id, address, lang, self.now, mail_id)

    def is_observer(self, address: str) -> bool:
        return self.uow.observers.is_observer(self.game_id, address)

    # -- the account (issue 16) ----------------------------------------------

    def change_password(self, address: str, old: str, new: str, mail_id: int | None = None) -> Answer:
        return account.change_password(self.svc, self.uow, self.game_id, address, old, new, self.now, mail_id)

    def request_move(self, address: str, new_address: str, mail_id: int | None = None) -> Answer:
        """INDIRIZZO: a confirmation mail to the new address; nothing moves yet."""
        return account.request_move(self.svc, self.uow, self.game_id, address, new_address, self.now, mail_id)

    def confirm_move(self, sender: str, words: Sequence[str], mail_id: int | None = None) -> Answer:
        return account.confirm_move(self.svc, self.uow, self.game_id, sender, list(words), self.now, mail_id)

    # -- the clock ---------------------------------------------------------

    def sync(self) -> str | None:
        """Create, fill or start the game as the config says; what was done, or None."""
        if self.ctx is None:
            return None
        return lifecycle.sync_game(self.svc, self.uow, self.ctx, self.now)

    def step(self) -> str | None:
        """One thing due at ``now`` (sync, resume, mark late, remind, process), or None."""
        done = self.sync()
        if done is not None or self.ctx is None:
            return done
        game = self.uow.games.get(self.game_id)
        if game is None or game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED):
            return None
        return clock.step_game(self.svc, self.uow, self.ctx, self.uow.games.lock(self.game_id), self.now)

    # -- the GM ------------------------------------------------------------

    def _gm(self, action: str, fn: Callable[..., GmReply], actor: str, **kwargs: object) -> GmReply:
        """Lock the game and run one GM operation; a refusal is a reply, not an exception
        (every operation checks before it changes anything)."""
        try:
            if self.ctx is None:
                raise GmError("gm.no_game", game=self.game_id)
            game = self.uow.games.lock(self.game_id)
            return fn(self.svc, self.uow, self.ctx, game, self.now, actor, **kwargs)
        except GmError as exc:
            return exc.reply(action)
        except NotFound as exc:
            return GmReply(False, action, str(exc))

    def gm_start(self, actor: str = "gm") -> GmReply:
        return self._gm("start", gm.start, actor)

    def gm_pause(self, actor: str = "gm", until: datetime | None = None) -> GmReply:
        return self._gm("pause", gm.pause, actor, until=until)

    def gm_resume(self, actor: str = "gm") -> GmReply:
        return self._gm("resume", gm.resume, actor)

    def gm_extend(self, by: timedelta, actor: str = "gm") -> GmReply:
        return self._gm("extend", gm.extend, actor, by=by)

    def gm_replace(self, power: str, address: str, name: str = "", actor: str = "gm",
                   language: str | None = None, password: str | None = None) -> GmReply:
        return self._gm("replace", gm.replace, actor, power=power.upper(), address=address,
                        name=name, language=language, password=password)

    def gm_eject(self, power: str, actor: str = "gm") -> GmReply:
        return self._gm("eject", gm.eject, actor, power=power.upper())

    def gm_process(self, actor: str = "gm") -> GmReply:
        """Process the current phase now, whatever is missing."""
        return self._gm("process", gm.process_now, actor)

    def gm_rollback(self, actor: str = "gm") -> GmReply:
        return self._gm("rollback", gm.rollback, actor)

    def gm_preview(self, to: str, lang: str, mail_id: int | None = None) -> str:
        """ANTEPRIMA: the pending phase adjudicated as it would be now, mailed to ``to``;
        nothing is processed. Raises GmError when there is no phase."""
        return preview(self.svc, self.uow, self.game_id, to, lang, self.now, mail_id)

    def gm_status(self, lang: str | None = None) -> str | None:
        """The game for the GM: plain English (no ``lang``) or in ``lang``; None when
        there is no such game."""
        game: Game | None = self.uow.games.get(self.game_id)
        if self.ctx is None or game is None:
            return None
        return gm.status_text(self.uow, self.ctx, game, self.now, lang)
