"""When a phase's deadline falls, from its DeadlineSpec (pure: the opening time is passed in)."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from .model import DaysOff, DeadlineSpec

NO_DAYS_OFF = DaysOff(frozenset(), frozenset())


def deadline_after(
    spec: DeadlineSpec, opened_at: datetime, tz: ZoneInfo, days_off: DaysOff = NO_DAYS_OFF
) -> datetime:
    """The deadline of a phase opened at ``opened_at`` (aware), in ``tz``.

    A duration counts wall-clock time in ``tz`` ("3d" from 20:00 is 20:00, across DST too).
    "Nd@HH:MM" is HH:MM on the N-th calendar day after the opening day, or the first later
    day when that moment is not after the opening. A deadline on a day off moves to the
    next day that is not one, same time of day.
    """
    local = opened_at.astimezone(tz)
    if spec.at is None:
        naive = local.replace(tzinfo=None) + spec.duration
    else:
        naive = datetime.combine(local.date() + timedelta(days=spec.days), spec.at)
        while naive <= local.replace(tzinfo=None):
            naive += timedelta(days=1)
    while naive.date() in days_off:
        naive += timedelta(days=1)
    return _localise(naive, tz)


def _localise(naive: datetime, tz: ZoneInfo) -> datetime:
    """Attach ``tz``; a time skipped by a DST change moves forward by the gap."""
    aware = naive.replace(tzinfo=tz)
    round_trip = aware.astimezone(ZoneInfo("UTC")).astimezone(tz)
    return aware if round_trip.replace(tzinfo=None) == naive else round_trip
