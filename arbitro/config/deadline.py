"""When a phase's deadline falls, from its DeadlineSpec (pure: the opening time is passed in).

No deadline falls on a day off (weekdays, dates, holiday presets) or inside an announced
absence: it moves on by whole days, same time of day, to the first day that is neither.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from .model import DaysOff, DeadlineSpec

NO_DAYS_OFF = DaysOff(frozenset(), frozenset())
_MOST_DAYS = 800  # days off and absences are finite; a bound against a config that is not


@dataclass(frozen=True)
class Away:
    """An announced absence as the clock sees it: first and last day, in the absent
    player's own zone."""

    first: date
    last: date
    zone: ZoneInfo

    def covers(self, moment: datetime) -> bool:
        return self.first <= moment.astimezone(self.zone).date() <= self.last


def deadline_after(
    spec: DeadlineSpec,
    opened_at: datetime,
    tz: ZoneInfo,
    days_off: DaysOff = NO_DAYS_OFF,
    away: Iterable[Away] = (),
) -> datetime:
    """The deadline of a phase opened at ``opened_at`` (aware), in ``tz``.

    A duration counts wall-clock time in ``tz`` ("3d" from 20:00 is 20:00, across DST too).
    "Nd@HH:MM" is HH:MM on the N-th calendar day after the opening day, or the first later
    day when that moment is not after the opening. A deadline on a day off or in an
    absence moves to the next day that is neither, same time of day.
    """
    local = opened_at.astimezone(tz)
    if spec.at is None:
        naive = local.replace(tzinfo=None) + spec.duration
    else:
        naive = datetime.combine(local.date() + timedelta(days=spec.days), spec.at)
        while naive <= local.replace(tzinfo=None):
            naive += timedelta(days=1)
    return _working(naive, tz, days_off, tuple(away))


def working_deadline(
    moment: datetime, tz: ZoneInfo, days_off: DaysOff = NO_DAYS_OFF, away: Iterable[Away] = ()
) -> datetime:
    """``moment`` (aware) itself, or moved on by whole days in ``tz`` past days off and
    absences (a late day's end, a deadline an absence covers)."""
    away = tuple(away)
    if moment.astimezone(tz).date() not in days_off and not any(a.covers(moment) for a in away):
        return moment  # as it is: re-reading its wall time could pick the other side of a DST fold
    return _working(moment.astimezone(tz).replace(tzinfo=None), tz, days_off, away)


def _working(naive: datetime, tz: ZoneInfo, days_off: DaysOff, away: tuple[Away, ...]) -> datetime:
    for _ in range(_MOST_DAYS):
        aware = _localise(naive, tz)
        if naive.date() not in days_off and not any(a.covers(aware) for a in away):
            return aware
        naive += timedelta(days=1)
    return _localise(naive, tz)


def _localise(naive: datetime, tz: ZoneInfo) -> datetime:
    """Attach ``tz``; a time skipped by a DST change moves forward by the gap."""
    aware = naive.replace(tzinfo=tz)
    round_trip = aware.astimezone(ZoneInfo("UTC")).astimezone(tz)
    return aware if round_trip.replace(tzinfo=None) == naive else round_trip
