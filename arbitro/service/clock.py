"""Time passing: resumes, the temporale end, early processing, deadlines with lateness
(R-LATE-2), reminders. Each call does at most one step, in the caller's transaction."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, time
from typing import Any

from ..diplomacy.position import Position
from ..diplomacy.readiness import Readiness
from ..reports.readiness import readiness_lines
from ..store import GameStatus, PhaseStatus, PowerStatus, UnitOfWork
from ..store.codec import position_of
from ..store.models import Game
from ..store.models import Phase as PhaseRow
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
from .lateness import open_late_day
from ..diplomacy.victory import leaders
from .process import declare_civil_disorder, finish_game, process_phase
from .state import GameCtx, blocking_powers, early_ready, missing_powers
from .votes import settle


def temporale_end(ctx: GameCtx) -> datetime | None:
    """R-END-2: the game ends when its end date begins (midnight, game time zone)."""
    end = ctx.config.end
    if end.condition != "temporale" or end.date is None:
        return None
    return datetime.combine(end.date, time(0, 0), tzinfo=ctx.tz)


def step_game(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime) -> str | None:
    if game.status is GameStatus.PAUSED:
        if game.resume_at is not None and game.resume_at <= now:
            resume_game(svc, uow, ctx, game, now)
            return "resumed"
        return None
    if game.status is not GameStatus.ACTIVE:
        return None
    if uow.votes.of_game(game.id) and settle(svc, uow, ctx, game, now):
        return "ended"  # unanimous now that a hold-out no longer plays (issue 17)
    phase = uow.phases.current(game.id)
    end = temporale_end(ctx)
    if end is not None and end <= now:
        end_temporale(svc, uow, ctx, game, phase, now)
        return "ended"
    if phase is None:
        return None
    position = ctx.position(phase)
    powers = uow.powers.all(game.id)
    current = uow.orders.current(phase.id)
    missing = missing_powers(ctx.board, position, powers, current)
    held = set(uow.assignments.current(game.id))
    if early_ready(ctx, phase, powers, current, held):
        process_phase(svc, uow, ctx, game, phase, now)
        return "processed"
    if phase.deadline is not None and phase.deadline <= now:
        payers = open_late_day(uow, ctx, phase, missing)
        if payers:
            _lateness_mails(svc, uow, ctx, game, phase, missing, payers, now)
            return "late"
        process_phase(svc, uow, ctx, game, phase, now)
        return "processed"
    if phase.status is PhaseStatus.OPEN:
        incomplete = blocking_powers(ctx, position, powers, current, held)
        if _remind(svc, uow, ctx, game, phase, missing, incomplete, now):
            return "reminded"
    return None


def _lateness_mails(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
                    missing: set[str], payers: list[str], now: datetime) -> None:
    used = uow.phases.lateness_used(game.id)
    day = sum(int(v) for v in phase.lateness.values())

    def extra(player: Any, lang: str) -> dict[str, Any]:
        return {
            "phase_name": phase_words(phase.code, lang),
            "deadline": deadline_words(ctx, phase.deadline, lang, player),
            "late": [
                {"name": pname(ctx, p, lang), "turn": int(phase.lateness.get(p, 0)),
                 "left": max(0, ctx.config.lateness_bank_days - used.get(p, 0))}
                for p in payers
            ],
            "out": [pname(ctx, p, lang) for p in sorted(missing - set(payers))],
        }

    notify_all(svc, uow, ctx, game, ("late", phase.seq, phase.deadline.isoformat() if phase.deadline else day),
               "lateness", extra, now, note=DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at))


def _remind(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow,
            missing: set[str], incomplete: Mapping[str, Readiness], now: datetime) -> bool:
    """The latest reminder time passed before the deadline, once per player and offset:
    to the powers that sent nothing, and to those whose orders are incomplete (with what
    they still owe)."""
    if phase.deadline is None:
        return False
    due = [r for r in ctx.config.reminders if phase.deadline - r <= now < phase.deadline]
    if not due:
        return False
    offset = min(due)
    holders = uow.assignments.current(game.id)
    sent = False
    for power in sorted(missing | set(incomplete)):
        player = holders.get(power)
        if player is None:
            continue
        k = key(uow, game.id, "reminder", phase.seq, phase.deadline.isoformat(),
                int(offset.total_seconds()), player.address)
        lang = player.language
        context = {
            **game_words(ctx, game, lang),
            "power_name": pname(ctx, power, lang),
            "movement": phase.code.endswith("M"),
            "phase_name": phase_words(phase.code, lang),
            "deadline": deadline_words(ctx, phase.deadline, lang, player),
            "hours_left": max(1, round((phase.deadline - now).total_seconds() / 3600)),
            "still_owed": readiness_lines(ctx.board, incomplete[power], lang)[1:]
            if power in incomplete and power not in missing else [],
        }
        note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at)
        ics = deadline_ics(svc, ctx, game, note, player.address, lang, now)
        sent |= svc.mailer.to_player(uow, k, player, "reminder", context, now, ics) is not None
    return sent


def resume_game(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime) -> None:
    """End of a pause or an R-ONP-4 suspension: powers still waiting for a replacement fall
    into civil disorder; the current phase gets a fresh deadline."""
    for power, row in uow.powers.all(game.id).items():
        if row.status is PowerStatus.ABANDONED:
            declare_civil_disorder(svc, uow, ctx, game, power, now, reason="no_replacement")
    uow.games.set_status(game, GameStatus.ACTIVE, now)
    phase = uow.phases.current(game.id)
    deadline = None
    if phase is not None:
        deadline = next_deadline(uow, ctx, phase.code, now)
        # A fresh full deadline: the phase is on time again (days paid stay paid).
        uow.phases.set_deadline(phase, deadline, PhaseStatus.OPEN)
    seq = phase.seq if phase else 0
    note = DeadlineNote(seq, phase.code, deadline, phase.opened_at) if phase else None
    notify_all(
        svc, uow, ctx, game, ("resumed", seq, now.isoformat()), "resume",
        lambda player, lang: {
            "phase_name": phase_words(phase.code if phase else None, lang),
            "deadline": deadline_words(ctx, deadline, lang, player),
        },
        now, note=note,
    )


def end_temporale(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, phase: PhaseRow | None,
                  now: datetime) -> None:
    """R-END-2: most centres on the end date wins; a tie is said and listed."""
    latest = phase or uow.phases.latest(game.id)
    final: Position | None = None
    if latest is not None and latest.position_after is not None and latest.status is PhaseStatus.PROCESSED:
        final = position_of(ctx.board, latest.position_after)
    elif latest is not None:
        final = ctx.position(latest)
    ending = leaders(final.centres if final is not None else {})
    finish_game(svc, uow, ctx, game, now, winner=ending.winner, tied=list(ending.tied),
                final=final, phase=None, report=None, reason="temporale")


def next_wakeup(uow: UnitOfWork, svc: Services, now: datetime) -> datetime | None:
    """The earliest moment something is due: a start, a resume, a deadline, a reminder, the
    temporale end; ``now`` when a phase may be processed early."""
    moments: list[datetime] = []
    for game in uow.games.list():
        ctx = svc.ctx(game.id)
        if ctx is None:
            continue
        if game.status is GameStatus.FORMING:
            if ctx.config.start is not None:
                moments.append(ctx.config.start)
            continue
        if game.status is GameStatus.PAUSED:
            if game.resume_at is not None:
                moments.append(game.resume_at)
            continue
        if game.status is not GameStatus.ACTIVE:
            continue
        end = temporale_end(ctx)
        if end is not None:
            moments.append(end)
        phase = uow.phases.current(game.id)
        if phase is None:
            continue
        powers = uow.powers.all(game.id)
        if early_ready(ctx, phase, powers, uow.orders.current(phase.id),
                       set(uow.assignments.current(game.id))):
            moments.append(now)
            continue
        if phase.deadline is None:
            continue
        moments.append(phase.deadline)
        if phase.status is PhaseStatus.OPEN:
            moments.extend(phase.deadline - r for r in ctx.config.reminders if phase.deadline - r > now)
    for game_config in svc.config.games:
        if uow.games.get(game_config.id) is None:
            moments.append(now)
    return min(moments) if moments else None


__all__ = ["next_wakeup", "resume_game", "step_game", "temporale_end"]
