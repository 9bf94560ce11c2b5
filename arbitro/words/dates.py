"""Moments and spans in the reader's language and time zone, by Babel."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Self
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_datetime

from ..diplomacy.russian import GENITIVE
from . import nsay, say
from .catalog import lang_of


class Moment(str):
    """A moment as the reader reads it ("суббота 8 марта 2025 в 20:00 (Europe/Moscow)"),
    that can be said in the genitive after a preposition: a catalog writes
    ``до {deadline:gen}`` and reads "до субботы 8 марта..." (the weekday's genitive from
    the catalog's ``date.weekdays.genitive``; "-" in a language whose weekdays keep their
    form). Any other spec formats the text."""

    weekday: str  # the weekday as written in the text
    lang: str
    day: int  # 0 Monday .. 6 Sunday

    def __new__(cls, text: str, weekday: str, day: int, lang: str) -> Self:
        self = super().__new__(cls, text)
        self.weekday, self.day, self.lang = weekday, day, lang
        return self

    def __format__(self, spec: str) -> str:
        text = str.__str__(self)
        if spec != GENITIVE:
            return format(text, spec)
        forms = say(self.lang, "date.weekdays.genitive").split(",")
        if len(forms) != 7 or not self.weekday:
            return text
        return text.replace(self.weekday, forms[self.day].strip(), 1)



def when(moment: datetime | None, timezone: str, lang: str | None) -> str:
    """ "lunedì 7 dicembre 2026 alle 23:00 (Europe/Rome)" (a Moment); "-" for no moment."""
    if moment is None:
        return "-"
    lang = lang_of(lang)
    zone = ZoneInfo(timezone)
    text = format_datetime(moment, say(lang, "date.full"), tzinfo=zone, locale=lang)
    weekday = format_datetime(moment, "EEEE", tzinfo=zone, locale=lang)
    local = moment.astimezone(zone)
    return Moment(f"{text} ({timezone})", weekday if weekday in text else "", local.weekday(), lang)


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
