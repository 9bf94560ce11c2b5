"""Moments and spans in the reader's language and time zone, by Babel."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_datetime

from . import nsay, say
from .catalog import lang_of


def when(moment: datetime | None, timezone: str, lang: str | None) -> str:
    """ "lunedì 7 dicembre 2026 alle 23:00 (Europe/Rome)"; "-" for no moment."""
    if moment is None:
        return "-"
    lang = lang_of(lang)
    text = format_datetime(moment, say(lang, "date.full"), tzinfo=ZoneInfo(timezone), locale=lang)
    return f"{text} ({timezone})"


def duration(value: timedelta, lang: str | None) -> str:
    """ "1 ora e 30 minuti" / "2 hours"; whole minutes."""
    minutes = int(value.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(nsay(lang, "duration.hours", hours))
    if minutes or not parts:
        parts.append(nsay(lang, "duration.minutes", minutes))
    return say(lang, "duration.and").join(parts)


def hours(n: int, lang: str | None) -> str:
    return nsay(lang, "duration.hours", n)


def day_words(day: date, lang: str | None) -> str:
    """ "20 dicembre 2026" / "20 December 2026"."""
    return format_date(day, "d MMMM y", locale=lang_of(lang))
