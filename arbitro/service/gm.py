"""GM operations: each in one transaction, each leaving an audit record (issue 5, point 5)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ..store import GameStatus, PhaseStatus, PlayerStatus, PowerStatus, UnitOfWork, new_password
from ..store.codec import powers_before_of
from ..store.models import Game
from ..words import has, say
from ..words.names import power_name
from ..words.terms import Moment, PhaseRef, PowerRef, Term, Value, plain, powers, worded
from .clock import resume_game
from .common import (
    Services,
    deadline_ics,
    deadline_words,
    game_words,
    key,
    notify_all,
    phase_words,
    pname,
)
from .deadlines import DeadlineNote, next_deadline
from .lifecycle import start_game
from ..diplomacy.defaults.escalation import keeps_home
from .process import SUSPENSION, process_phase
from .state import GameCtx, missing_powers, power_readiness
from .values import GmReply


class GmError(Exception):
    """A GM operation that cannot be done now: a catalog key (``gm.<what>``) and its values;
    the message is the plain English of the terminal."""

    def __init__(self, key: str, **values: Value) -> None:
        super().__init__(plain(key, values) if has(key) else key)
        self.key = key if has(key) else ""
        self.values = values

    def reply(self, action: str) -> GmReply:
        return GmReply(False, action, str(self), self.key, self.values)


def _done(action: str, key: str, **values: Value) -> GmReply:
    return GmReply(True, action, plain(key, values), key, values)


def _status(game: Game) -> Term:
    return Term(f"status.game.{game.status.value}", game.status.value)


def _audit(uow: UnitOfWork, game: Game, action: str, actor: str, now: datetime, **details: Any) -> None:
    uow.audit.record(action, actor=actor, now=now, game_id=game.id, details=details)


def start(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str) -> GmReply:
    if game.status is not GameStatus.FORMING:
        raise GmError("gm.already_started", game=game.id)
    _audit(uow, game, "start", actor, now)
    start_game(svc, uow, ctx, game, now)
    return _done("start", "gm.started", game=game.id)


def pause(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str,
          until: datetime | None = None) -> GmReply:
    if game.status is not GameStatus.ACTIVE:
        raise GmError("gm.not_active", game=game.id, status=_status(game))
    _audit(uow, game, "pause", actor, now, until=until.isoformat() if until else None)
    uow.games.set_status(game, GameStatus.PAUSED, now, resume_at=until)
    phase = uow.phases.current(game.id)
    note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at, cancelled=True) if phase else None
    notify_all(
        svc, uow, ctx, game, ("paused", phase.seq if phase else 0, now.isoformat()), "paused",
        lambda player, lang: {"resume_at": deadline_words(ctx, until, lang, player) if until else None}, now,
        note=note,
    )
    if until:
        return _done("pause", "gm.paused_until", game=game.id, until=Moment(until))
    return _done("pause", "gm.paused", game=game.id)


def resume(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str) -> GmReply:
    if game.status is not GameStatus.PAUSED:
        raise GmError("gm.not_paused", game=game.id, status=_status(game))
    _audit(uow, game, "resume", actor, now)
    resume_game(svc, uow, ctx, game, now)
    return _done("resume", "gm.resumed", game=game.id)


def extend(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str,
           by: timedelta) -> GmReply:
    phase = uow.phases.current(game.id)
    if phase is None or phase.deadline is None:
        raise GmError("gm.no_deadline", game=game.id)
    new = phase.deadline + by
    _audit(uow, game, "extend", actor, now, phase=phase.code, old=phase.deadline.isoformat(),
           new=new.isoformat())
    uow.phases.set_deadline(phase, new)
    notify_all(
        svc, uow, ctx, game, ("extended", phase.seq, new.isoformat()), "deadline_changed",
        lambda player, lang: {"phase_name": phase_words(phase.code, lang),
                              "deadline": deadline_words(ctx, new, lang, player)}, now,
        note=DeadlineNote(phase.seq, phase.code, new, phase.opened_at),
    )
    return _done("extend", "gm.extended", phase=PhaseRef(phase.code), deadline=Moment(new))


def replace(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str,
            power: str, address: str, name: str = "", language: str | None = None,
            password: str | None = None) -> GmReply:
    """Register a replacement for ``power`` (R-ONP-4). During a suspension the game is
    extended one more week; a power in civil disorder can be taken over while it still has
    3 centres with 2 at home."""
    if power not in ctx.board.powers:
        raise GmError("gm.unknown_power", power=power)
    row = uow.powers.get(game.id, power)
    was = row.status  # the row object changes below
    phase = uow.phases.current(game.id) or uow.phases.latest(game.id)
    if row.status is PowerStatus.ELIMINATED or game.status is GameStatus.FINISHED:
        raise GmError("gm.not_replaceable", power=PowerRef(power))
    if (
        row.status is PowerStatus.CIVIL_DISORDER
        and phase is not None
        and not keeps_home(ctx.board, ctx.position(phase), power)
    ):
        raise GmError("gm.too_weak", power=PowerRef(power))
    if uow.players.by_address(game.id, address) is not None:
        existing = uow.players.by_address(game.id, address)
        assert existing is not None
        if existing.status is PlayerStatus.ACTIVE and uow.assignments.power_of(existing):
            raise GmError("gm.already_plays", address=address, game=game.id)
    previous = uow.assignments.current(game.id).get(power)
    if previous is not None:
        uow.players.set_status(previous, PlayerStatus.REPLACED, now)
    secret = password or new_password()
    player = uow.players.by_address(game.id, address)
    if player is None:
        player = uow.players.add(game.id, address, language=language or ctx.config.language, now=now,
                                 name=name, password=secret)
    else:
        uow.players.set_password(player, secret)
        uow.players.set_status(player, PlayerStatus.ACTIVE, now)
    uow.assignments.assign(game.id, power, player.id, reason="replacement", now=now)
    uow.powers.update(game.id, power, now, status=PowerStatus.PLAYING, onp_streak=0)
    resume_at = None
    if game.status is GameStatus.PAUSED and game.resume_at is not None and was is PowerStatus.ABANDONED:
        resume_at = game.resume_at + SUSPENSION  # one more week for diplomacy
        uow.games.set_status(game, GameStatus.PAUSED, now, resume_at=resume_at)
    _audit(uow, game, "replace", actor, now, power=power, address=player.address,
           previous=previous.address if previous else None,
           resume_at=resume_at.isoformat() if resume_at else None)
    lang = player.language
    seq = phase.seq if phase else 0
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "password": secret,
        "phase_name": phase_words(phase.code if phase else None, lang),
        "deadline": deadline_words(ctx, resume_at or (phase.deadline if phase else None), lang, player),
        "reply_to": svc.mailer.reply_address(player.reply_token),
        "units": [str(u) for u in ctx.position(phase).units_of(power)] if phase else [],
        "assignment": "replacement",
        "lateness_bank": ctx.config.lateness_bank_days,
        "lateness_max": ctx.config.lateness_max_per_turn,
    }
    note = None
    if phase is not None and resume_at is None and game.status is GameStatus.ACTIVE:
        note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at)
    svc.mailer.to_player(uow, key(uow, game.id, "welcome", seq, power, player.address), player,
                         "welcome", context, now, deadline_ics(svc, ctx, game, note, player.address, lang, now))
    notify_all(
        svc, uow, ctx, game, ("replaced", seq, power, player.address), "replacement_joined",
        lambda p, lang: {"replaced_name": pname(ctx, power, lang),
                         "resume_at": deadline_words(ctx, resume_at, lang, p) if resume_at else None}, now,
    )
    if resume_at:
        return _done("replace", "gm.replaced_resumes", address=player.address, power=PowerRef(power),
                     resume=Moment(resume_at))
    return _done("replace", "gm.replaced", address=player.address, power=PowerRef(power))


def eject(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime, actor: str,
          power: str) -> GmReply:
    """The holder leaves; the power is in civil disorder until a replacement is registered."""
    holder = uow.assignments.current(game.id).get(power)
    if holder is None:
        raise GmError("gm.nobody_holds", power=PowerRef(power), game=game.id)
    _audit(uow, game, "eject", actor, now, power=power, address=holder.address)
    uow.assignments.release(game.id, power, now)
    uow.players.set_status(holder, PlayerStatus.EJECTED, now)
    from .process import declare_civil_disorder

    declare_civil_disorder(svc, uow, ctx, game, power, now, reason="ejected")
    return _done("eject", "gm.ejected", address=holder.address, power=PowerRef(power))


def process_now(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime,
                actor: str) -> GmReply:
    phase = uow.phases.current(game.id)
    if phase is None or game.status is GameStatus.FINISHED:
        raise GmError("gm.no_phase", game=game.id)
    position = ctx.position(phase)
    missing = missing_powers(ctx.board, position, uow.powers.all(game.id), uow.orders.current(phase.id))
    _audit(uow, game, "process", actor, now, phase=phase.code, missing=sorted(missing))
    process_phase(svc, uow, ctx, game, phase, now)
    if missing:
        return _done("process", "gm.processed_missing", phase=PhaseRef(phase.code), missing=powers(missing))
    return _done("process", "gm.processed", phase=PhaseRef(phase.code))


def rollback(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime,
             actor: str) -> GmReply:
    """One phase back: the last processed phase is open again with its orders, the power
    states it changed are restored, players get a correction notice (the results mail
    already sent stays sent)."""
    processed = [p for p in uow.phases.history(game.id) if p.status is PhaseStatus.PROCESSED]
    if not processed:
        raise GmError("gm.no_processed_phase", game=game.id)
    last = processed[-1]
    before = powers_before_of(last.results)
    _audit(uow, game, "rollback", actor, now, phase=last.code, seq=last.seq)
    reopened = uow.phases.roll_back(game.id)
    for power, state in before.items():
        uow.powers.update(game.id, power, now, status=state.status, onp_streak=state.onp_streak)
        holder_id = state.holder
        current = uow.assignments.current(game.id).get(power)
        if holder_id is not None and (current is None or current.id != holder_id):
            player = uow.players.get(holder_id)
            uow.players.set_status(player, PlayerStatus.ACTIVE, now)
            uow.assignments.assign(game.id, power, player.id, reason="gm", now=now)
    if game.status is not GameStatus.ACTIVE:
        game.result = None
        game.finished_at = None
        uow.games.set_status(game, GameStatus.ACTIVE, now)
    deadline = next_deadline(uow, ctx, reopened.code, now)
    uow.phases.set_deadline(reopened, deadline, PhaseStatus.OPEN)
    notify_all(
        svc, uow, ctx, game, ("rollback", reopened.seq), "rollback",
        lambda p, lang: {"phase_name": phase_words(reopened.code, lang),
                         "deadline": deadline_words(ctx, deadline, lang, p)}, now,
        note=DeadlineNote(reopened.seq, reopened.code, deadline, reopened.opened_at),
    )
    return _done("rollback", "gm.reopened", phase=PhaseRef(reopened.code), deadline=Moment(deadline))


def status_text(uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime,
                lang: str | None = None) -> str:
    """A summary for the GM: plain English for the terminal (no ``lang``), else in the
    GM's language (the reply mail)."""

    def w(key: str, **values: Value) -> str:
        if lang is None:
            return plain(key, values)
        return worded(ctx.board, ctx.config.timezone, lang, key, values)

    lines = [w("gm.status.game", game=game.id, name=game.name, status=_status(game))]
    if game.resume_at:
        lines.append(w("gm.status.resumes", at=Moment(game.resume_at)))
    phase = uow.phases.current(game.id)
    holders = uow.assignments.current(game.id)
    current = uow.orders.current(phase.id) if phase else {}
    missing: set[str] = set()
    incomplete: set[str] = set()
    if phase is not None:
        value = phase.status.value
        lines.append(w("gm.status.phase", phase=PhaseRef(phase.code),
                       status=Term(f"status.phase.{value}", value),
                       deadline=Moment(phase.deadline) if phase.deadline else "-"))
        missing = missing_powers(ctx.board, ctx.position(phase), uow.powers.all(game.id), current)
        incomplete = {p for p in current
                      if not power_readiness(ctx, ctx.position(phase), p, current[p]).ready}
    used = uow.phases.lateness_used(game.id)
    for power, row in uow.powers.all(game.id).items():
        holder = holders.get(power)
        flags = []
        if phase is not None and power in current:
            flags.append(w("gm.status.ordered"))
        if power in missing:
            flags.append(w("gm.status.missing"))
        if power in incomplete:
            flags.append(w("gm.status.incomplete"))
        if phase is not None and power in (phase.waiting or ()):
            flags.append(w("gm.status.waiting"))
        value = row.status.value
        name = power if lang is None else str(power_name(ctx.board, power, lang))
        state = value if lang is None else say(lang, f"status.power.{value}")
        counts = w("gm.status.counts", onp=row.onp_streak, late=used.get(power, 0),
                   bank=ctx.config.lateness_bank_days)
        lines.append(f"  {name:<8} {state:<15} {counts} {holder.address if holder else '-':<30} {' '.join(flags)}")
    if game.result:
        lines.append(w("gm.status.result", result=str(game.result)))
    return "\n".join(lines) + "\n"
