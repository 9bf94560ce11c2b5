"""A game played for three years through the service door (issue 16's STORIA and MAPPA
tests): the scripted 1901 (a dislodgement, a retreat, builds), then every movement phase
with an order for every unit, retreats and winters left to the referee's defaults at the
deadline; it ends by the calendar (R-END-2) once 1903 is played."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

from service.service_helpers import BOARD, FALL_1901, SPRING_1901, START, Driver, game_table

from arbitro.diplomacy.position import MOVEMENT, Phase

END = date(2026, 1, 1)


def three_year_table(game_id: str, **options: Any) -> dict[str, Any]:
    return game_table(game_id, end={"condition": "temporale", "date": END}, reminders=[],
                      **options)


def holds(driver: Driver) -> dict[str, list[str]]:
    position = driver.position()
    out: dict[str, list[str]] = {}
    for unit in position.units:
        out.setdefault(unit.power, []).append(f"{unit.kind} {unit.location} H")
    return out


def play_three_years(driver: Driver, now: datetime = START) -> datetime:
    """Play S1901M..W1903A; returns the moment the game ended."""
    driver.referee.tick(now)
    for _ in range(40):
        row = driver.phase()
        if row is None:
            break
        phase = Phase.parse(row.code)
        if phase.year > 1903:
            break
        if phase.kind == MOVEMENT:
            scripted = {"S1901M": SPRING_1901, "F1901M": FALL_1901}.get(row.code)
            for power, lines in (scripted or holds(driver)).items():
                if power in driver.holders():
                    driver.order(power, "\n".join(lines), now)
        driver.referee.tick(now)
        if driver.phase() is not None and driver.phase().id == row.id:
            now = row.deadline + timedelta(minutes=1)
            driver.referee.tick(now)
        assert driver.phase() is None or driver.phase().id != row.id, row.code
    end = datetime(END.year, END.month, END.day, 12, 0, tzinfo=START.tzinfo)
    driver.referee.tick(end)
    return end


__all__ = ["BOARD", "play_three_years", "three_year_table"]
