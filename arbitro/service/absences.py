"""A player's own time zone (FUSO / TIMEZONE) and announced absences (ASSENZA / ABSENCE),
issue 17. Absences are a game option; within its limits a deadline inside an absence
moves past it and every player is told the new deadline."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, available_timezones

from ..store import GameStatus, PlayerStatus, UnitOfWork
from ..store.models import Game, Player
from ..words import nsay, say
from ..words.dates import day_words
from .common import Services, deadline_ics, deadline_words, game_words, key, notify_all, phase_words, pname
from .deadlines import DeadlineNote, later_deadline, zone_of
from .state import GameCtx
from .values import OK, REFUSED, ReplyStatus


@dataclass(frozen=True)
class SettingReply:
    """The answer to FUSO or ASSENZA: ``reason`` a catalog key when refused, ``message``
    its words in the player's language."""

    status: ReplyStatus
    reason: str | None = None
    message: str = ""
    moved: datetime | None = None  # the current deadline, when the absence moved it
    values: dict[str, object] = field(default_factory=dict)


def known_zone(name: str) -> str | None:
    """The zoneinfo name ``name`` means, in any case ("europe/rome" -> "Europe/Rome")."""
    wanted = name.strip()
    if wanted.upper() == "UTC":
        return "UTC"
    found = {z.casefold(): z for z in available_timezones()}.get(wanted.casefold())
    if found is None:
        return None
    ZoneInfo(found)  # present in the list, readable too
    return found


def _player(uow: UnitOfWork, ctx: GameCtx | None, game_id: str, address: str) -> tuple[Game, Player] | None:
    game = uow.games.get(game_id)
    player = uow.players.by_address(game_id, address) if game else None
    if ctx is None or game is None or player is None or player.status is not PlayerStatus.ACTIVE:
        return None
    return uow.games.lock(game_id), player


def set_timezone(svc: Services, uow: UnitOfWork, game_id: str, address: str, name: str, line: str,
                 now: datetime, mail_id: int | None = None) -> SettingReply:
    ctx = svc.ctx(game_id)
    found = _player(uow, ctx, game_id, address)
    if ctx is None or found is None:
        return SettingReply(REFUSED, "refusal.not_player", say("it", "refusal.not_player", game=game_id))
    game, player = found
    lang = player.language
    zone = known_zone(name) if name else None
    if zone is None:
        reason = "timezone.unknown" if name else "timezone.missing"
        return SettingReply(REFUSED, reason, say(lang, reason, detail=line, zone=name))
    uow.absences.set_timezone(player, zone)
    phase = uow.phases.current(game_id)
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, uow.assignments.power_of(player), lang),
        "zone": zone,
        "phase_name": phase_words(phase.code if phase else None, lang),
        "deadline": deadline_words(ctx, phase.deadline if phase else None, lang, player) if phase else None,
    }
    note = None
    if phase is not None and game.status is GameStatus.ACTIVE:
        note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at)
    k = key(uow, game_id, "timezone", player.address, mail_id if mail_id is not None else now.isoformat())
    svc.mailer.to_player(uow, k, player, "timezone_set", context, now,
                         deadline_ics(svc, ctx, game, note, player.address, lang, now))
    return SettingReply(OK, message=zone)


def announce_absence(svc: Services, uow: UnitOfWork, game_id: str, address: str, first: date,
                     last: date, line: str, now: datetime, mail_id: int | None = None) -> SettingReply:
    """Record an absence within the game's limits; a current deadline inside it moves."""
    ctx = svc.ctx(game_id)
    found = _player(uow, ctx, game_id, address)
    if ctx is None or found is None:
        return SettingReply(REFUSED, "refusal.not_player", say("it", "refusal.not_player", game=game_id))
    game, player = found
    lang = player.language
    refusal = _over_limits(uow, ctx, player, first, last, now)
    if refusal is not None:
        reason, values = refusal
        return SettingReply(REFUSED, reason, say(lang, reason, detail=line, **values), values=values)
    uow.absences.add(player, first, last, now)
    moved = _move_current_deadline(svc, uow, ctx, game, player, now)
    phase = uow.phases.current(game_id)
    days = (last - first).days + 1
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, uow.assignments.power_of(player), lang),
        "first": day_words(first, lang),
        "last": day_words(last, lang),
        "days": nsay(lang, "duration.days", days),
        "left": nsay(lang, "duration.days", max(0, ctx.config.absences.days_per_year - _days_in_year(uow, player, first.year))),
        "year": first.year,
        "name_absent": ctx.config.absences.name_absent,
        "phase_name": phase_words(phase.code if phase else None, lang),
        "deadline": deadline_words(ctx, phase.deadline, lang, player) if phase and phase.deadline else None,
        "moved": moved is not None,
    }
    k = key(uow, game_id, "absence", player.address, mail_id if mail_id is not None else now.isoformat())
    svc.mailer.to_player(uow, k, player, "absence_set", context, now)
    return SettingReply(OK, moved=moved)


def cancel_absences(svc: Services, uow: UnitOfWork, game_id: str, address: str, now: datetime,
                    mail_id: int | None = None) -> SettingReply:
    """Take back the player's absences that have not begun; a deadline already moved
    stays where it is (nobody loses time they were promised)."""
    ctx = svc.ctx(game_id)
    found = _player(uow, ctx, game_id, address)
    if ctx is None or found is None:
        return SettingReply(REFUSED, "refusal.not_player", say("it", "refusal.not_player", game=game_id))
    game, player = found
    lang = player.language
    today = now.astimezone(ZoneInfo(zone_of(ctx, player))).date()
    gone = [a for a in uow.absences.of_player(player) if a.first_day > today]
    cancelled = [{"first": day_words(a.first_day, lang), "last": day_words(a.last_day, lang)} for a in gone]
    for absence in gone:
        uow.absences.remove(absence)
    context = {**game_words(ctx, game, lang), "power_name": pname(ctx, uow.assignments.power_of(player), lang),
               "cancelled": cancelled}
    k = key(uow, game_id, "absence_cancel", player.address, mail_id if mail_id is not None else now.isoformat())
    svc.mailer.to_player(uow, k, player, "absence_cancelled", context, now)
    return SettingReply(OK, message=str(len(gone)))


def _days(first: date, last: date) -> set[date]:
    return {first + timedelta(days=i) for i in range((last - first).days + 1)}


def _days_in_year(uow: UnitOfWork, player: Player, year: int) -> int:
    taken: set[date] = set()
    for a in uow.absences.of_player(player):
        taken |= _days(a.first_day, a.last_day)
    return sum(1 for d in taken if d.year == year)


def _over_limits(uow: UnitOfWork, ctx: GameCtx, player: Player, first: date, last: date,
                 now: datetime) -> tuple[str, dict[str, object]] | None:
    """The first limit the absence breaks (catalog key and values), or None."""
    options = ctx.config.absences
    lang = player.language
    if not options.enabled:
        return "absence.off", {}
    if last < first:
        return "absence.reversed", {"first": day_words(first, lang), "last": day_words(last, lang)}
    today = now.astimezone(ZoneInfo(zone_of(ctx, player))).date()
    earliest = today + timedelta(days=options.notice_days)
    if first < earliest:
        return "absence.notice", {"days": nsay(lang, "duration.days", options.notice_days),
                                  "first": day_words(earliest, lang)}
    length = (last - first).days + 1
    if length > options.longest_days:
        return "absence.longest", {"length": nsay(lang, "duration.days", length),
                                   "days": nsay(lang, "duration.days", options.longest_days)}
    taken: set[date] = set()
    for a in uow.absences.of_player(player):
        taken |= _days(a.first_day, a.last_day)
    total = taken | _days(first, last)
    for year in sorted({d.year for d in _days(first, last)}):
        used = sum(1 for d in total if d.year == year)
        if used > options.days_per_year:
            return "absence.per_year", {"length": nsay(lang, "duration.days", used), "year": year,
                                        "days": nsay(lang, "duration.days", options.days_per_year)}
    return None


def _move_current_deadline(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, absent: Player,
                           now: datetime) -> datetime | None:
    """A current deadline the new absence covers moves past it; everyone is told the new
    deadline (who is away only when the game says so)."""
    phase = uow.phases.current(game.id)
    if game.status is not GameStatus.ACTIVE or phase is None or phase.deadline is None:
        return None
    new = later_deadline(uow, ctx, phase.deadline)
    if new == phase.deadline:
        return None
    old = phase.deadline
    uow.phases.set_deadline(phase, new)
    uow.audit.record("absence_moved", actor=absent.address, now=now, game_id=game.id,
                     details={"phase": phase.code, "old": old.isoformat(), "new": new.isoformat()})
    power = uow.assignments.power_of(absent)
    named = ctx.config.absences.name_absent
    notify_all(
        svc, uow, ctx, game, ("absence_moved", phase.seq, new.isoformat()), "absence_moved",
        lambda player, lang: {"phase_name": phase_words(phase.code, lang),
                              "deadline": deadline_words(ctx, new, lang, player),
                              "absent_name": pname(ctx, power, lang) if named and power else None},
        now, note=DeadlineNote(phase.seq, phase.code, new, phase.opened_at),
    )
    return new
