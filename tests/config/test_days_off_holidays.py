"""Days off, holiday presets (Natale-Epifania, Pasqua computed, Ferragosto) and absences in
the deadline computation: one test per rule (issue 17, point 5 and 2)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from arbitro.config import Away, ConfigError, DaysOff, deadline_after, load_config, working_deadline
from arbitro.config.holidays import easter
from arbitro.config.values import deadline_spec

ROME = ZoneInfo("Europe/Rome")
NEW_YORK = ZoneInfo("America/New_York")


def _rome(*args: int) -> datetime:
    return datetime(*args, tzinfo=ROME)


def _off(*, weekdays: set[int] = set(), dates: set[date] = set(), holidays: set[str] = set()) -> DaysOff:
    return DaysOff(frozenset(weekdays), frozenset(dates), frozenset(holidays))


def _deadline(spec: str, opened: datetime, days_off: DaysOff, away: tuple[Away, ...] = ()) -> datetime:
    return deadline_after(deadline_spec(spec), opened, ROME, days_off, away)


@pytest.mark.parametrize(
    ("year", "sunday"),
    [(1818, date(1818, 3, 22)), (1943, date(1943, 4, 25)), (2000, date(2000, 4, 23)),
     (2019, date(2019, 4, 21)), (2024, date(2024, 3, 31)), (2025, date(2025, 4, 20)),
     (2026, date(2026, 4, 5)), (2027, date(2027, 3, 28)), (2038, date(2038, 4, 25)),
     (2285, date(2285, 3, 22))],
)
def test_easter_sunday_is_computed_for_any_year(year: int, sunday: date) -> None:
    assert easter(year) == sunday


def test_easter_is_always_a_sunday_between_22_march_and_25_april() -> None:
    for year in range(1583, 3001):
        day = easter(year)
        assert day.weekday() == 6 and date(year, 3, 22) <= day <= date(year, 4, 25), year


def test_a_weekday_off_moves_the_deadline_to_the_next_day() -> None:
    opened = _rome(2026, 12, 3, 20, 0)  # Thursday; +3d = Sunday
    assert _deadline("3d", opened, _off(weekdays={6})) == _rome(2026, 12, 7, 20, 0)
    assert _deadline("3d", opened, _off()) == _rome(2026, 12, 6, 20, 0)


def test_a_date_off_moves_the_deadline() -> None:
    opened = _rome(2026, 3, 1, 20, 0)
    assert _deadline("2d", opened, _off(dates={date(2026, 3, 3)})) == _rome(2026, 3, 4, 20, 0)


def test_natale_to_epifania_is_one_holiday_from_24_december_to_6_january() -> None:
    natale = _off(holidays={"natale"})
    assert _deadline("3d", _rome(2026, 12, 20, 21, 0), natale) == _rome(2026, 12, 23, 21, 0)
    assert _deadline("3d", _rome(2026, 12, 21, 21, 0), natale) == _rome(2027, 1, 7, 21, 0)
    assert _deadline("1d", _rome(2027, 1, 5, 9, 30), natale) == _rome(2027, 1, 7, 9, 30)


@pytest.mark.parametrize("year", [2025, 2026, 2027, 2038])
def test_pasqua_skips_easter_sunday_and_monday(year: int) -> None:
    sunday = easter(year)
    opened = datetime.combine(sunday - timedelta(days=2), datetime.min.time(), ROME).replace(hour=20)
    deadline = _deadline("2d", opened, _off(holidays={"pasqua"}))
    assert deadline.date() == sunday + timedelta(days=2) and deadline.hour == 20
    assert _deadline("1d", opened, _off(holidays={"pasqua"})).date() == sunday - timedelta(days=1)


def test_ferragosto_is_15_august() -> None:
    ferragosto = _off(holidays={"ferragosto"})
    assert _deadline("1d", _rome(2026, 8, 14, 18, 0), ferragosto) == _rome(2026, 8, 16, 18, 0)
    assert _deadline("1d", _rome(2026, 8, 15, 18, 0), ferragosto) == _rome(2026, 8, 16, 18, 0)


def test_rules_combine_a_holiday_then_a_weekday_off() -> None:
    # 15 August 2027 is a Sunday, 16 a Monday: with Mondays off too, Tuesday 17
    both = _off(weekdays={0}, holidays={"ferragosto"})
    assert _deadline("1d", _rome(2027, 8, 14, 18, 0), both) == _rome(2027, 8, 17, 18, 0)


def test_a_deadline_inside_an_absence_moves_to_its_end_one_outside_does_not() -> None:
    away = (Away(date(2026, 12, 10), date(2026, 12, 14), ROME),)
    assert _deadline("3d", _rome(2026, 12, 9, 20, 0), _off(), away) == _rome(2026, 12, 15, 20, 0)
    assert _deadline("3d", _rome(2026, 12, 4, 20, 0), _off(), away) == _rome(2026, 12, 7, 20, 0)
    # after the absence, a day off still counts: Tuesday 15 off as well
    assert _deadline("3d", _rome(2026, 12, 9, 20, 0), _off(weekdays={1}), away) == _rome(2026, 12, 16, 20, 0)


def test_an_absence_is_counted_in_the_absent_players_zone() -> None:
    # 23:30 in Rome on the 9th is still the 9th... 17:30 in New York; 02:00 on the 15th in
    # Rome is the 14th in New York, inside an absence 10-14 December there.
    away = (Away(date(2026, 12, 10), date(2026, 12, 14), NEW_YORK),)
    assert working_deadline(_rome(2026, 12, 15, 2, 0), ROME, away=away) == _rome(2026, 12, 16, 2, 0)
    assert working_deadline(_rome(2026, 12, 9, 23, 30), ROME, away=away) == _rome(2026, 12, 9, 23, 30)


CONFIG = """
[server]
referee_address = "arbitro@example.org"

[[game]]
id = "g1"
gm_address = "gm@example.org"
gm_password = "pw"
"""


def _game(tmp_path: Path, extra: str):
    path = tmp_path / "arbitro.toml"
    path.write_text(CONFIG + extra, encoding="utf-8")
    (game,) = load_config(path, {}).games
    return game


def test_holiday_presets_are_named_in_the_config(tmp_path: Path) -> None:
    game = _game(tmp_path, '[game.days_off]\nholidays = "italia"\n')
    assert game.days_off.holidays == {"natale", "pasqua", "ferragosto"}
    game = _game(tmp_path, '[game.days_off]\nholidays = ["ferragosto"]\nweekdays = ["dom"]\n')
    assert game.days_off.holidays == {"ferragosto"} and date(2026, 8, 15) in game.days_off
    assert _game(tmp_path, "").days_off.holidays == frozenset()


def test_an_unknown_holiday_preset_is_refused_at_its_key(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        _game(tmp_path, '[game.days_off]\nholidays = ["carnevale"]\n')
    assert "game[1].days_off.holidays" in str(info.value) and "carnevale" in str(info.value)


def test_absences_are_off_by_default_and_their_limits_are_options(tmp_path: Path) -> None:
    assert not _game(tmp_path, "").absences.enabled
    game = _game(tmp_path, "absences = true\nabsence_days_per_year = 20\nabsence_longest_days = 10\n"
                           "absence_notice_days = 3\nabsence_name_absent = true\n")
    a = game.absences
    assert (a.enabled, a.days_per_year, a.longest_days, a.notice_days, a.name_absent) == (True, 20, 10, 3, True)
    with pytest.raises(ConfigError) as info:
        _game(tmp_path, "absences = true\nabsence_days_per_year = 5\nabsence_longest_days = 10\n")
    assert "absence_longest_days" in str(info.value)


def test_a_moment_on_a_working_day_stays_the_same_instant_even_in_a_dst_fold() -> None:
    # 26 October 2025, 02:30 in Rome happens twice; the second one (CET) stays the second
    second = datetime(2025, 10, 26, 1, 30, tzinfo=ZoneInfo("UTC"))
    assert second.astimezone(ROME).hour == 2 and second.astimezone(ROME).utcoffset() == timedelta(hours=1)
    assert working_deadline(second, ROME) == second
    assert working_deadline(second, ROME, _off(dates={date(2025, 10, 26)})) == _rome(2025, 10, 27, 2, 30)
