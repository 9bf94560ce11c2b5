"""Dated holidays a GM may name as days off (pure: a date in, yes or no out).

Italian presets: "natale" (24 December to 6 January, Natale to Epifania), "pasqua" (Easter
Sunday and Monday, Pasquetta), "ferragosto" (15 August); "italia" names all three.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta


def easter(year: int) -> date:
    """Easter Sunday of the Gregorian calendar (the anonymous algorithm of 1876)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _natale(day: date) -> bool:
    return (day.month, day.day) >= (12, 24) or (day.month, day.day) <= (1, 6)


def _pasqua(day: date) -> bool:
    sunday = easter(day.year)
    return day in (sunday, sunday + timedelta(days=1))


def _ferragosto(day: date) -> bool:
    return (day.month, day.day) == (8, 15)


PRESETS: dict[str, Callable[[date], bool]] = {
    "natale": _natale,
    "pasqua": _pasqua,
    "ferragosto": _ferragosto,
}
GROUPS = {"italia": ("natale", "pasqua", "ferragosto")}


def preset_names(name: str) -> tuple[str, ...]:
    """The presets a config word names ("italia" = all Italian ones); ValueError if none."""
    key = name.strip().lower()
    if key in GROUPS:
        return GROUPS[key]
    if key in PRESETS:
        return (key,)
    known = ", ".join([*PRESETS, *GROUPS])
    raise ValueError(f"{name!r} is not a holiday preset ({known})")


def is_holiday(day: date, presets: frozenset[str]) -> bool:
    return any(PRESETS[p](day) for p in presets)
