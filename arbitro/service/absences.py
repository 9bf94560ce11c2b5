"""A player's own time zone (FUSO / TIMEZONE) and announced absences (ASSENZA / ABSENCE),
issue 17. Absences are a game option; within its limits a deadline inside an absence
moves past it and every player is told the new deadline."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, available_timezones

from ..store import GameStatus
from ..store.models import Player
from ..words import nsay
from ..words.dates import day_words
from ..words.terms import Value
from .access import Caller
from .reply import Reply, refused
from .table import Table


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


def _player(table: Table, caller: Caller) -> Player | Reply:
    if not table.exists:
        return refused("refusal.not_player", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    return player


def set_timezone(table: Table, caller: Caller, name: str, line: str,
                 mail_id: int | None = None) -> Reply:
    """FUSO / TIMEZONE: the zone the player's deadlines are written in."""
    found = _player(table, caller)
    if isinstance(found, Reply):
        return found
    player = found
    lang = player.language
    zone = known_zone(name) if name else None
    if zone is None:
        return refused("timezone.unknown" if name else "timezone.missing", detail=line, zone=name)
    table.uow.absences.set_timezone(player, zone)
    phase = table.phase
    context = {
        **table.words(lang),
        "power_name": table.power_name(table.power_of(player), lang),
        "zone": zone,
        "phase_name": table.phase_name(phase.code if phase else None, lang),
        "deadline": table.when(phase.deadline if phase else None, lang, player) if phase else None,
    }
    note = table.note(phase) if phase is not None and table.game.status is GameStatus.ACTIVE else None
    k = table.key("timezone", player.address, mail_id if mail_id is not None else table.now.isoformat())
    table.to_player(k, player, "timezone_set", context, note=note)
    return Reply(True, note=f"timezone {zone}", mailed=k)


def announce_absence(table: Table, caller: Caller, first: date, last: date, line: str,
                     mail_id: int | None = None) -> Reply:
    """ASSENZA / ABSENCE: an absence within the game's limits (first and last day, in the
    player's zone); a current deadline inside it moves."""
    found = _player(table, caller)
    if isinstance(found, Reply):
        return found
    player = found
    lang = player.language
    refusal = _over_limits(table, player, first, last)
    if refusal is not None:
        reason, values = refusal
        return refused(reason, detail=line, **values)
    table.uow.absences.add(player, first, last, table.now)
    moved = _move_current_deadline(table, player)
    phase = table.phase
    days = (last - first).days + 1
    options = table.config.absences
    context = {
        **table.words(lang),
        "power_name": table.power_name(table.power_of(player), lang),
        "first": day_words(first, lang),
        "last": day_words(last, lang),
        "days": nsay(lang, "duration.days", days),
        "left": nsay(lang, "duration.days",
                     max(0, options.days_per_year - _days_in_year(table, player, first.year))),
        "year": first.year,
        "name_absent": options.name_absent,
        "phase_name": table.phase_name(phase.code if phase else None, lang),
        "deadline": table.when(phase.deadline, lang, player) if phase and phase.deadline else None,
        "moved": moved is not None,
    }
    k = table.key("absence", player.address, mail_id if mail_id is not None else table.now.isoformat())
    table.to_player(k, player, "absence_set", context)
    return Reply(True, note=f"absence {first}..{last}", mailed=k, deadline=moved)


def cancel_absences(table: Table, caller: Caller, mail_id: int | None = None) -> Reply:
    """ASSENZA ANNULLA / ABSENCE CANCEL: take back the player's absences that have not
    begun; a deadline already moved stays where it is (nobody loses time they were
    promised)."""
    found = _player(table, caller)
    if isinstance(found, Reply):
        return found
    player = found
    lang = player.language
    today = table.now.astimezone(ZoneInfo(table.zone_of(player))).date()
    gone = [a for a in table.uow.absences.of_player(player) if a.first_day > today]
    cancelled = [{"first": day_words(a.first_day, lang), "last": day_words(a.last_day, lang)}
                 for a in gone]
    for absence in gone:
        table.uow.absences.remove(absence)
    context = {**table.words(lang),
               "power_name": table.power_name(table.power_of(player), lang),
               "cancelled": cancelled}
    k = table.key("absence_cancel", player.address,
                  mail_id if mail_id is not None else table.now.isoformat())
    table.to_player(k, player, "absence_cancelled", context)
    return Reply(True, note=f"absences cancelled: {len(gone)}", mailed=k)


def _days(first: date, last: date) -> set[date]:
    return {first + timedelta(days=i) for i in range((last - first).days + 1)}


def _days_in_year(table: Table, player: Player, year: int) -> int:
    taken: set[date] = set()
    for a in table.uow.absences.of_player(player):
        taken |= _days(a.first_day, a.last_day)
    return sum(1 for d in taken if d.year == year)


def _over_limits(table: Table, player: Player, first: date,
                 last: date) -> tuple[str, dict[str, Value]] | None:
    """The first limit the absence breaks (catalog key and values, worded in the player's
    language), or None."""
    options = table.config.absences
    lang = player.language
    if not options.enabled:
        return "absence.off", {}
    if last < first:
        return "absence.reversed", {"first": day_words(first, lang), "last": day_words(last, lang)}
    today = table.now.astimezone(ZoneInfo(table.zone_of(player))).date()
    earliest = today + timedelta(days=options.notice_days)
    if first < earliest:
        return "absence.notice", {"days": nsay(lang, "duration.days", options.notice_days),
                                  "first": day_words(earliest, lang)}
    length = (last - first).days + 1
    if length > options.longest_days:
        return "absence.longest", {"length": nsay(lang, "duration.days", length),
                                   "days": nsay(lang, "duration.days", options.longest_days)}
    taken: set[date] = set()
    for a in table.uow.absences.of_player(player):
        taken |= _days(a.first_day, a.last_day)
    total = taken | _days(first, last)
    for year in sorted({d.year for d in _days(first, last)}):
        used = sum(1 for d in total if d.year == year)
        if used > options.days_per_year:
            return "absence.per_year", {"length": nsay(lang, "duration.days", used), "year": year,
                                        "days": nsay(lang, "duration.days", options.days_per_year)}
    return None


def _move_current_deadline(table: Table, absent: Player) -> datetime | None:
    """A current deadline the new absence covers moves past it; everyone is told the new
    deadline (who is away only when the game says so)."""
    phase = table.phase
    if table.game.status is not GameStatus.ACTIVE or phase is None or phase.deadline is None:
        return None
    new = table.later_deadline(phase.deadline)
    if new == phase.deadline:
        return None
    old = phase.deadline
    table.uow.phases.set_deadline(phase, new)
    table.audit("absence_moved", absent.address, phase=phase.code, old=old.isoformat(),
                new=new.isoformat())
    power = table.power_of(absent)
    named = table.config.absences.name_absent
    table.notify_all(
        ("absence_moved", phase.seq, new.isoformat()), "absence_moved",
        lambda player, lang: {"phase_name": table.phase_name(phase.code, lang),
                              "deadline": table.when(new, lang, player),
                              "absent_name": table.power_name(power, lang) if named and power else None},
        note=table.note(phase, deadline=new),
    )
    return new
