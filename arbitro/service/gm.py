"""GM operations: each in its table's unit of work, each leaving an audit record (issue 5,
point 5). Every operation checks before it changes anything, so a refusal (``GmError``)
leaves nothing half done; it becomes the ``Reply``, with its catalog key."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, Concatenate, ParamSpec

from ..reports.readiness import unit_words
from ..store import GameStatus, NotFound, PhaseStatus, PlayerStatus, PowerStatus, new_password
from ..store.codec import powers_before_of
from ..words import has, say
from ..words.terms import Moment, PhaseRef, PowerRef, Term, Value, plain, powers, worded
from .access import Caller
from .clock import resume_game
from .lifecycle import start_game
from .process import SUSPENSION, declare_civil_disorder
from .readiness import missing, power_readiness
from .reply import Reply
from .table import Table

P = ParamSpec("P")


class GmError(Exception):
    """A GM operation that cannot be done now: a catalog key (``gm.<what>``) and its values;
    the message is the plain English of the terminal."""

    def __init__(self, key: str, **values: Value) -> None:
        super().__init__(plain(key, values) if has(key) else key)
        self.key = key if has(key) else ""
        self.values = values

    def reply(self) -> Reply:
        return Reply(False, self.key or None, self.values, str(self))


def operation(fn: Callable[Concatenate[Table, Caller, P], Reply]) -> Callable[Concatenate[Table, Caller, P], Reply]:
    """A GM operation: refused when the config no longer lists the game or it has no row;
    a ``GmError`` raised by the operation is its reply."""

    def run(table: Table, caller: Caller, /, *args: P.args, **kwargs: P.kwargs) -> Reply:
        try:
            if not table.listed:
                raise GmError("gm.no_game", game=table.game_id)
            if table.found is None:
                raise NotFound(f"no game {table.game_id!r}")
            return fn(table, caller, *args, **kwargs)
        except GmError as exc:
            return exc.reply()
        except NotFound as exc:
            return Reply(False, note=str(exc))

    run.__name__, run.__doc__ = fn.__name__, fn.__doc__
    return run


def _done(key: str, **values: Value) -> Reply:
    return Reply(True, key, values, plain(key, values))


def _status(table: Table) -> Term:
    status = table.game.status
    return Term(f"status.game.{status.value}", status.value)


def _audit(table: Table, action: str, caller: Caller, **details: Any) -> None:
    table.audit(action, caller.who, **details)


@operation
def start(table: Table, caller: Caller) -> Reply:
    if table.game.status is not GameStatus.FORMING:
        raise GmError("gm.already_started", game=table.game_id)
    _audit(table, "start", caller)
    start_game(table, table.now)
    return _done("gm.started", game=table.game_id)


@operation
def pause(table: Table, caller: Caller, until: datetime | None = None) -> Reply:
    game = table.game
    if game.status is not GameStatus.ACTIVE:
        raise GmError("gm.not_active", game=game.id, status=_status(table))
    _audit(table, "pause", caller, until=until.isoformat() if until else None)
    table.uow.games.set_status(game, GameStatus.PAUSED, table.now, resume_at=until)
    phase = table.phase
    table.notify_all(
        ("paused", phase.seq if phase else 0, table.now.isoformat()), "paused",
        lambda player, lang: {"resume_at": table.when(until, lang, player) if until else None},
        note=table.note(phase, cancelled=True),
    )
    if until:
        return _done("gm.paused_until", game=game.id, until=Moment(until))
    return _done("gm.paused", game=game.id)


@operation
def resume(table: Table, caller: Caller) -> Reply:
    if table.game.status is not GameStatus.PAUSED:
        raise GmError("gm.not_paused", game=table.game_id, status=_status(table))
    _audit(table, "resume", caller)
    resume_game(table)
    return _done("gm.resumed", game=table.game_id)


@operation
def extend(table: Table, caller: Caller, by: timedelta) -> Reply:
    phase = table.phase
    if phase is None or phase.deadline is None:
        raise GmError("gm.no_deadline", game=table.game_id)
    new = phase.deadline + by
    _audit(table, "extend", caller, phase=phase.code, old=phase.deadline.isoformat(),
           new=new.isoformat())
    table.uow.phases.set_deadline(phase, new)
    table.notify_all(
        ("extended", phase.seq, new.isoformat()), "deadline_changed",
        lambda player, lang: {"phase_name": table.phase_name(phase.code, lang),
                              "deadline": table.when(new, lang, player)},
        note=table.note(phase, deadline=new),
    )
    return _done("gm.extended", phase=PhaseRef(phase.code), deadline=Moment(new))


@operation
def replace(table: Table, caller: Caller, power: str, address: str, name: str = "",
            language: str | None = None, password: str | None = None) -> Reply:
    """Register a replacement for ``power`` (R-ONP-4). During a suspension the game is
    extended one more week; a power in civil disorder can be taken over while its kind
    allows it (Diplomacy: 3 centres with 2 at home)."""
    power = power.upper()
    if power not in table.kind.powers(table):
        raise GmError("gm.unknown_power", power=power)
    game, row = table.game, table.powers[power]
    was = row.status  # the row object changes below
    phase = table.phase or table.latest
    if row.status is PowerStatus.ELIMINATED or game.status is GameStatus.FINISHED:
        raise GmError("gm.not_replaceable", power=PowerRef(power))
    if row.status is PowerStatus.CIVIL_DISORDER and not table.kind.may_take_over(table, power):
        raise GmError("gm.too_weak", power=PowerRef(power))
    existing = table.player_at(address)
    if existing is not None and existing.status is PlayerStatus.ACTIVE and table.power_of(existing):
        raise GmError("gm.already_plays", address=address, game=game.id)
    previous = table.holders.get(power)
    if previous is not None:
        table.set_player_status(previous, PlayerStatus.REPLACED)
    secret = password or new_password()
    player = table.player_at(address)
    if player is None:
        player = table.add_player(address, language=language or table.config.language, name=name,
                                  password=secret)
    else:
        table.uow.players.set_password(player, secret)
        table.set_player_status(player, PlayerStatus.ACTIVE)
    table.assign(power, player, "replacement")
    table.uow.powers.update(game.id, power, table.now, status=PowerStatus.PLAYING, onp_streak=0)
    resume_at = None
    if game.status is GameStatus.PAUSED and game.resume_at is not None and was is PowerStatus.ABANDONED:
        resume_at = game.resume_at + SUSPENSION  # one more week for diplomacy
        table.uow.games.set_status(game, GameStatus.PAUSED, table.now, resume_at=resume_at)
    _audit(table, "replace", caller, power=power, address=player.address,
           previous=previous.address if previous else None,
           resume_at=resume_at.isoformat() if resume_at else None)
    lang = player.language
    seq = phase.seq if phase else 0
    context = {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "password": secret,
        "phase_name": table.phase_name(phase.code if phase else None, lang),
        "deadline": table.when(resume_at or (phase.deadline if phase else None), lang, player),
        "reply_to": table.services.mailer.reply_address(player.reply_token),
        "units": [unit_words(table.board, u, lang) for u in table.position_of(phase).units_of(power)] if phase else [],
        "assignment": "replacement",
        "lateness_bank": table.config.lateness_bank_days,
        "lateness_max": table.config.lateness_max_per_turn,
    }
    note = None
    if phase is not None and resume_at is None and game.status is GameStatus.ACTIVE:
        note = table.note(phase)
    table.to_player(table.key("welcome", seq, power, player.address), player, "welcome", context,
                    note=note)
    table.notify_all(
        ("replaced", seq, power, player.address), "replacement_joined",
        lambda p, lang: {"replaced_name": table.power_name(power, lang),
                         "resume_at": table.when(resume_at, lang, p) if resume_at else None},
    )
    if resume_at:
        return _done("gm.replaced_resumes", address=player.address, power=PowerRef(power),
                     resume=Moment(resume_at))
    return _done("gm.replaced", address=player.address, power=PowerRef(power))


@operation
def eject(table: Table, caller: Caller, power: str) -> Reply:
    """The holder leaves; the power is in civil disorder until a replacement is registered."""
    power = power.upper()
    holder = table.holders.get(power)
    if holder is None:
        raise GmError("gm.nobody_holds", power=PowerRef(power), game=table.game_id)
    _audit(table, "eject", caller, power=power, address=holder.address)
    table.release(power)
    table.set_player_status(holder, PlayerStatus.EJECTED)
    declare_civil_disorder(table, power, reason="ejected")
    return _done("gm.ejected", address=holder.address, power=PowerRef(power))


@operation
def process_now(table: Table, caller: Caller) -> Reply:
    """Process the current phase now, whatever is missing."""
    phase = table.phase
    if phase is None or table.game.status is GameStatus.FINISHED:
        raise GmError("gm.no_phase", game=table.game_id)
    silent = table.kind.due(table) - set(table.orders_on_file)
    _audit(table, "process", caller, phase=phase.code, missing=sorted(silent))
    table.kind.process(table)
    if silent:
        return _done("gm.processed_missing", phase=PhaseRef(phase.code), missing=powers(silent))
    return _done("gm.processed", phase=PhaseRef(phase.code))


@operation
def rollback(table: Table, caller: Caller) -> Reply:
    """One phase back: the last processed phase is open again with its orders, the power
    states it changed are restored, players get a correction notice (the results mail
    already sent stays sent)."""
    processed = [p for p in table.history() if p.status is PhaseStatus.PROCESSED]
    if not processed:
        raise GmError("gm.no_processed_phase", game=table.game_id)
    last = processed[-1]
    before = powers_before_of(last.results)
    _audit(table, "rollback", caller, phase=last.code, seq=last.seq)
    reopened = table.roll_back()
    game = table.game
    for power, state in before.items():
        table.uow.powers.update(game.id, power, table.now, status=state.status,
                                onp_streak=state.onp_streak)
        holder_id = state.holder
        current = table.holders.get(power)
        if holder_id is not None and (current is None or current.id != holder_id):
            player = table.uow.players.get(holder_id)
            table.set_player_status(player, PlayerStatus.ACTIVE)
            table.assign(power, player, "gm")
    if game.status is not GameStatus.ACTIVE:
        game.result = None
        game.finished_at = None
        table.uow.games.set_status(game, GameStatus.ACTIVE, table.now)
    deadline = table.next_deadline(reopened.code, table.now)
    table.uow.phases.set_deadline(reopened, deadline, PhaseStatus.OPEN)
    table.notify_all(
        ("rollback", reopened.seq), "rollback",
        lambda p, lang: {"phase_name": table.phase_name(reopened.code, lang),
                         "deadline": table.when(deadline, lang, p)},
        note=table.note(reopened, deadline=deadline),
    )
    return _done("gm.reopened", phase=PhaseRef(reopened.code), deadline=Moment(deadline))


def status_text(table: Table, lang: str | None = None) -> str | None:
    """A summary for the GM: plain English for the terminal (no ``lang``), else in the
    GM's language (the reply mail); None when there is no such game."""
    if not table.exists:
        return None
    config, game = table.config, table.game

    def w(key: str, **values: Value) -> str:
        if lang is None:
            return plain(key, values)
        return worded(table.board, config.timezone, lang, key, values)

    lines = [w("gm.status.game", game=game.id, name=game.name, status=_status(table))]
    if game.resume_at:
        lines.append(w("gm.status.resumes", at=Moment(game.resume_at)))
    phase = table.phase
    holders = table.holders
    current = table.orders_on_file
    silent: frozenset[str] = frozenset()
    incomplete: set[str] = set()
    if phase is not None:
        value = phase.status.value
        lines.append(w("gm.status.phase", phase=PhaseRef(phase.code),
                       status=Term(f"status.phase.{value}", value),
                       deadline=Moment(phase.deadline) if phase.deadline else "-"))
        silent = missing(table)
        incomplete = {p for p in current if not power_readiness(table, p).ready}
    used = table.lateness_used()
    for power, row in table.powers.items():
        holder = holders.get(power)
        flags = []
        if phase is not None and power in current:
            flags.append(w("gm.status.ordered"))
        if power in silent:
            flags.append(w("gm.status.missing"))
        if power in incomplete:
            flags.append(w("gm.status.incomplete"))
        if phase is not None and power in (phase.waiting or ()):
            flags.append(w("gm.status.waiting"))
        value = row.status.value
        name = power if lang is None else str(table.power_name(power, lang))
        state = value if lang is None else say(lang, f"status.power.{value}")
        counts = w("gm.status.counts", onp=row.onp_streak, late=used.get(power, 0),
                   bank=config.lateness_bank_days)
        lines.append(f"  {name:<8} {state:<15} {counts} {holder.address if holder else '-':<30} {' '.join(flags)}")
    if game.result:
        lines.append(w("gm.status.result", result=str(game.result)))
    return "\n".join(lines) + "\n"
