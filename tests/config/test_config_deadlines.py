"""Deadline arithmetic from the config's deadline specs, time zones and days off."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from arbitro.config import DaysOff, deadline_after
from arbitro.config.values import deadline_spec

ROME = ZoneInfo("Europe/Rome")
NO_DAYS_OFF = DaysOff(frozenset(), frozenset())


def _rome(*args: int) -> datetime:
    return datetime(*args, tzinfo=ROME)


@pytest.mark.parametrize(
    "spec,opened,expected",
    [
        ("3d", _rome(2025, 3, 3, 21, 15), _rome(2025, 3, 6, 21, 15)),
        ("36h", _rome(2025, 3, 3, 21, 0), _rome(2025, 3, 5, 9, 0)),
        ("2d12h30m", _rome(2025, 3, 3, 8, 0), _rome(2025, 3, 5, 20, 30)),
        # wall-clock days across the spring DST change (30 March 2025): still 20:00 in Rome
        ("3d", _rome(2025, 3, 28, 20, 0), _rome(2025, 3, 31, 20, 0)),
        # "Nd@HH:MM": the N-th calendar day after the opening day, at that hour
        ("2d@20:00", _rome(2025, 3, 3, 21, 0), _rome(2025, 3, 5, 20, 0)),
        ("1d@08:30", _rome(2025, 3, 3, 0, 5), _rome(2025, 3, 4, 8, 30)),
        # not after the opening: the next day
        ("0d@20:00", _rome(2025, 3, 3, 19, 0), _rome(2025, 3, 3, 20, 0)),
        ("0d@20:00", _rome(2025, 3, 3, 20, 0), _rome(2025, 3, 4, 20, 0)),
        # an hour that does not exist on the DST day moves forward by the gap
        ("0d@02:30", _rome(2025, 3, 30, 0, 0), _rome(2025, 3, 30, 3, 30)),
    ],
)
def test_deadline_specs(spec: str, opened: datetime, expected: datetime) -> None:
    deadline = deadline_after(deadline_spec(spec), opened, ROME, NO_DAYS_OFF)
    assert deadline == expected
    assert deadline.astimezone(ROME).replace(tzinfo=None) == expected.replace(tzinfo=None)


def test_days_off_push_the_deadline_to_the_next_working_day() -> None:
    days_off = DaysOff(weekdays=frozenset({6}), dates=frozenset({date(2025, 12, 22)}))
    opened = _rome(2025, 12, 18, 20, 0)  # Thursday
    # 3 days later is Sunday 21 (off), then Monday 22 (a date off): Tuesday 23, same hour
    assert deadline_after(deadline_spec("3d"), opened, ROME, days_off) == _rome(2025, 12, 23, 20)
    assert deadline_after(deadline_spec("1d"), opened, ROME, days_off) == _rome(2025, 12, 19, 20)


def test_the_opening_instant_may_be_in_any_zone() -> None:
    opened_utc = _rome(2025, 3, 3, 21, 0).astimezone(ZoneInfo("UTC"))
    assert deadline_after(deadline_spec("1d@20:00"), opened_utc, ROME) == _rome(2025, 3, 4, 20)
    assert deadline_after(deadline_spec("1d"), opened_utc, ROME) - opened_utc == timedelta(days=1)
