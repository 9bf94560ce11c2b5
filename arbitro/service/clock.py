"""Time passing: resumes, the end date, votes that became unanimous, early processing,
deadlines with lateness (R-LATE-2), reminders. Each call does at most one step, in its
table's unit of work; what the phase waits for and how it is played is the game's kind's
(``Kind.due``, ``Kind.owing``, ``Kind.process``)."""

from __future__ import annotations

from datetime import datetime, time
from typing import Any

from ..store import GameStatus, PhaseStatus, PowerStatus
from ..store.models import Player
from .early import early_ready
from .lateness import open_late_day
from .process import declare_civil_disorder
from .table import Office, Table
from .votes import settle


def end_date(table: Table) -> datetime | None:
    """R-END-2: the game ends when its end date begins (midnight, game time zone)."""
    end = table.config.end
    if end.condition != "temporale" or end.date is None:
        return None
    return datetime.combine(end.date, time(0, 0), tzinfo=table.tz)


def step_game(table: Table) -> str | None:
    """The one thing due now for an active or paused game, done; what it was, or None."""
    game = table.game
    if game.status is GameStatus.PAUSED:
        if game.resume_at is not None and game.resume_at <= table.now:
            resume_game(table)
            return "resumed"
        return None
    if game.status is not GameStatus.ACTIVE:
        return None
    if table.uow.votes.of_game(game.id) and settle(table):
        return "ended"  # unanimous now that a hold-out no longer plays (issue 17)
    end = end_date(table)
    if end is not None and end <= table.now:
        table.kind.end_on_date(table)
        return "ended"
    phase = table.phase
    if phase is None:
        return None
    kind = table.kind
    missing = set(kind.due(table) - set(table.orders_on_file))
    if early_ready(table):
        kind.process(table)
        return "processed"
    if phase.deadline is not None and phase.deadline <= table.now:
        payers = open_late_day(table, phase, missing)
        if payers:
            _lateness_mails(table, missing, payers)
            return "late"
        kind.process(table)
        return "processed"
    if phase.status is PhaseStatus.OPEN and _remind(table, missing | kind.owing(table)):
        return "reminded"
    return None


def _lateness_mails(table: Table, missing: set[str], payers: list[str]) -> None:
    phase = table.phase
    assert phase is not None
    used = table.lateness_used()
    day = sum(int(v) for v in phase.lateness.values())

    def extra(player: Player | None, lang: str) -> dict[str, Any]:
        return {
            "phase_name": table.phase_name(phase.code, lang),
            "deadline": table.when(phase.deadline, lang, player),
            "late": [
                {"name": table.power_name(p, lang), "turn": int(phase.lateness.get(p, 0)),
                 "left": max(0, table.config.lateness_bank_days - used.get(p, 0))}
                for p in payers
            ],
            "out": [table.power_name(p, lang) for p in sorted(missing - set(payers))],
        }

    table.notify_all(("late", phase.seq, phase.deadline.isoformat() if phase.deadline else day),
                     "lateness", extra, note=table.note(phase))


def _remind(table: Table, owing: set[str]) -> bool:
    """The latest reminder time passed before the deadline, once per player and offset:
    to the powers that sent nothing, and to those whose orders are incomplete (with what
    they still owe, in the kind's words)."""
    phase = table.phase
    assert phase is not None
    if phase.deadline is None:
        return False
    now = table.now
    due = [r for r in table.config.reminders if phase.deadline - r <= now < phase.deadline]
    if not due:
        return False
    offset = min(due)
    holders = table.holders
    sent = False
    for power in sorted(owing):
        player = holders.get(power)
        if player is None:
            continue
        k = table.key("reminder", phase.seq, phase.deadline.isoformat(),
                      int(offset.total_seconds()), player.address)
        lang = player.language
        context = {
            **table.words(lang),
            "power_name": table.power_name(power, lang),
            "phase_name": table.phase_name(phase.code, lang),
            "deadline": table.when(phase.deadline, lang, player),
            "hours_left": max(1, round((phase.deadline - now).total_seconds() / 3600)),
            **table.kind.reminder(table, power, lang),
        }
        sent |= table.to_player(k, player, "reminder", context, note=table.note(phase)) is not None
    return sent


def resume_game(table: Table) -> None:
    """End of a pause or an R-ONP-4 suspension: powers still waiting for a replacement fall
    into civil disorder; the current phase gets a fresh deadline."""
    for power, row in table.powers.items():
        if row.status is PowerStatus.ABANDONED:
            declare_civil_disorder(table, power, reason="no_replacement")
    table.uow.games.set_status(table.game, GameStatus.ACTIVE, table.now)
    phase = table.phase
    deadline = None
    if phase is not None:
        deadline = table.next_deadline(phase.code, table.now)
        # A fresh full deadline: the phase is on time again (days paid stay paid).
        table.uow.phases.set_deadline(phase, deadline, PhaseStatus.OPEN)
    seq = phase.seq if phase else 0
    table.notify_all(
        ("resumed", seq, table.now.isoformat()), "resume",
        lambda player, lang: {
            "phase_name": table.phase_name(phase.code if phase else None, lang),
            "deadline": table.when(deadline, lang, player),
        },
        note=table.note(phase, deadline=deadline) if phase is not None else None,
    )


def next_wakeup(office: Office) -> datetime | None:
    """The earliest moment something is due: a start, a resume, a deadline, a reminder, the
    end date; ``now`` when a phase may be processed early."""
    now = office.now
    moments: list[datetime] = []
    for game in office.uow.games.list():
        table = office.table(game.id)
        if not table.listed:
            continue
        config = table.config
        if game.status is GameStatus.FORMING:
            if config.start is not None:
                moments.append(config.start)
            continue
        if game.status is GameStatus.PAUSED:
            if game.resume_at is not None:
                moments.append(game.resume_at)
            continue
        if game.status is not GameStatus.ACTIVE:
            continue
        end = end_date(table)
        if end is not None:
            moments.append(end)
        phase = table.phase
        if phase is None:
            continue
        if early_ready(table):
            moments.append(now)
            continue
        if phase.deadline is None:
            continue
        moments.append(phase.deadline)
        if phase.status is PhaseStatus.OPEN:
            moments.extend(phase.deadline - r for r in config.reminders if phase.deadline - r > now)
    for game_config in office.config.games:
        if office.uow.games.get(game_config.id) is None:
            moments.append(now)
    return min(moments) if moments else None
