"""Parsers for the value syntaxes of the config file. Each returns a value or raises
ValueError with a message fit for the user."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..spelling.folding import fold
from .model import DeadlineSpec

_DURATION = re.compile(r"^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$")
_AT = re.compile(r"^(\d+)d@(\d{1,2}):(\d{2})$")
_ADDRESS = re.compile(
    r"^[^@\s<>\"(),;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$"
)
_SIZE = re.compile(r"^(\d+)\s*(B|KB|MB)?$", re.IGNORECASE)
_WEEKDAY_NAMES = [
    ("monday", "lunedi"),
    ("tuesday", "martedi"),
    ("wednesday", "mercoledi"),
    ("thursday", "giovedi"),
    ("friday", "venerdi"),
    ("saturday", "sabato"),
    ("sunday", "domenica"),
]


def duration(text: str) -> timedelta:
    """ "3d", "36h", "90m", "2d12h" -> a positive timedelta."""
    m = _DURATION.match(text.strip().lower())
    if not m or not any(m.groups()):
        raise ValueError(f'{text!r} is not a duration like "3d", "36h", "90m" or "2d12h"')
    days, hours, minutes, seconds = (int(g or 0) for g in m.groups())
    value = timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)
    if value <= timedelta(0):
        raise ValueError(f"{text!r} must be longer than zero")
    return value


def deadline_spec(text: str) -> DeadlineSpec:
    cleaned = text.strip().lower()
    m = _AT.match(cleaned)
    if m:
        days, hour, minute = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if hour > 23 or minute > 59:
            raise ValueError(f"{text!r}: {hour}:{minute:02d} is not a time of day")
        return DeadlineSpec(text=cleaned, duration=timedelta(0), days=days, at=time(hour, minute))
    try:
        return DeadlineSpec(text=cleaned, duration=duration(cleaned), days=0, at=None)
    except ValueError:
        raise ValueError(
            f'{text!r} is neither a duration ("3d", "36h") nor a day and hour ("2d@20:00")'
        ) from None


def address(text: str) -> str:
    cleaned = text.strip()
    if not _ADDRESS.match(cleaned):
        raise ValueError(f"{text!r} is not a mail address like name@example.org")
    return cleaned.lower()


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f'{name!r} is not a time zone name like "Europe/Rome"') from None


def size(value: object) -> int:
    """Bytes from 1048576, "512KB" or "2MB" (binary multiples)."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value <= 0:
            raise ValueError("must be positive")
        return value
    m = _SIZE.match(str(value).strip())
    if not m:
        raise ValueError(f'{value!r} is not a size like 1048576, "512KB" or "2MB"')
    unit = (m.group(2) or "B").upper()
    return int(m.group(1)) * {"B": 1, "KB": 1024, "MB": 1024 * 1024}[unit]


def day(value: object) -> date:
    if isinstance(value, datetime):
        raise ValueError(f"{value!r}: expected a date without a time")  # noqa: TRY004
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise ValueError(f"{value!r} is not a date like 2025-12-25") from None


def moment(value: object, tz: ZoneInfo) -> datetime:
    """A TOML datetime/date or ISO text; local values are in ``tz``; dates mean midnight."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a date-time like 2025-03-01T20:00") from None
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=tz)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=tz)
    # ValueError, not TypeError: the loader turns ValueErrors into problems at the key
    raise ValueError(f"{value!r} is not a date-time like 2025-03-01T20:00")


def weekday(value: object) -> int:
    """English or Italian name, full or from three letters: "sun", "domenica", "dom"."""
    key = fold(str(value).strip())
    for i, names in enumerate(_WEEKDAY_NAMES):
        if len(key) >= 3 and any(name.startswith(key) for name in names):
            return i
    raise ValueError(f"{value!r} is not a weekday (mon..sun, lun..dom)")
