"""Absences and days off at the service level, the time passed in (issue 17): absences are
off unless the game enables them; a phase that opens with its deadline inside an absence
gets it moved past the absence; a late day never ends on a day off (docs/RULE_CHOICES.md)."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from service_helpers import SPRING_1901, START, Driver, game_table, make_config

from arbitro.service import Referee
from arbitro.service.absences import announce_absence
from arbitro.service.identity import trusted
from arbitro.service.reply import worded_reply

ROME = ZoneInfo("Europe/Rome")


def _play_spring(d: Driver, now: datetime, skip: tuple[str, ...] = ()) -> None:
    for power, lines in SPRING_1901.items():
        if power not in skip:
            d.order(power, "\n".join(lines), now)


def test_absences_are_refused_where_the_game_has_none(store):
    referee = Referee(store, make_config(game_table("senza", reminders=[])))
    d = Driver(referee, store, "senza")
    referee.tick(START)
    with referee.table("senza", START) as table:
        reply = announce_absence(table, trusted(table, "p0@senza.example"), date(2025, 3, 10), date(2025, 3, 12), '')
    assert reply.status == "refused" and reply.reason == "absence.off"
    assert "il GM non le ha abilitate" in worded_reply(reply, "it")
    with store.begin() as uow:
        assert uow.absences.of_game("senza") == []
    assert d.phase().deadline == d.phase().original_deadline


def test_a_phase_opening_into_an_absence_gets_its_deadline_after_it(store):
    game = "vacanze"
    referee = Referee(store, make_config(game_table(game, reminders=[], absences=True)))
    d = Driver(referee, store, game)
    referee.tick(START)
    spring_deadline = d.phase().deadline  # Tuesday 4 March, 21:00 in Rome
    now = START + timedelta(hours=1)
    # The autumn opens when the spring is played (now) with 3 days: Tuesday 4 March 22:00.
    # One player away 4-6 March, another on the 20th: only the first matters.
    with referee.table(game, now) as table:
        assert announce_absence(table, trusted(table, "p3@vacanze.example"), date(2025, 3, 4), date(2025, 3, 6), '').status == "ok"
        assert announce_absence(table, trusted(table, "p4@vacanze.example"), date(2025, 3, 20), date(2025, 3, 20), '').status == "ok"
    # ... and the spring's own deadline, Tuesday 4 March, is inside that absence: moved too.
    assert d.phase().deadline == datetime(2025, 3, 7, 21, 0, tzinfo=ROME) != spring_deadline
    moved = d.outbox("absence_moved:")
    assert len(moved) == 8  # seven players and the GM
    assert all("p3@" not in m.body for m in moved)
    _play_spring(d, now)
    referee.tick(now)
    fall = d.phase()
    assert fall.code == "F1901M"
    assert fall.deadline == datetime(2025, 3, 7, 22, 0, tzinfo=ROME)  # not 4 March: moved
    # a game with the same absence announced elsewhere in time: 3 days, no move
    with referee.table(game, now) as table:
        assert announce_absence(table, trusted(table, "p5@vacanze.example"), date(2025, 3, 12), date(2025, 3, 12), '').status == "ok"
    assert d.phase().deadline == fall.deadline


def test_an_absence_moves_the_deadline_for_everyone_naming_the_absent_only_if_the_game_says(store):
    game = "nomi"
    referee = Referee(store, make_config(game_table(game, reminders=[], absences=True,
                                                    absence_name_absent=True)))
    d = Driver(referee, store, game)
    referee.tick(START)
    absent = d.holders()
    power = next(p for p, a in absent.items() if a == "p1@nomi.example")
    with referee.table(game, START) as table:
        assert announce_absence(table, trusted(table, "p1@nomi.example"), date(2025, 3, 3), date(2025, 3, 4), '').status == "ok"
    english = [m for m in d.outbox("absence_moved:") if m.recipients == ["p1@nomi.example"]]
    assert english and power.capitalize() in english[0].body, english[0].body


def test_a_late_day_does_not_end_on_a_day_off(store):
    game = "riposo"
    # Wednesdays off: the spring deadline is Tuesday 4 March, 21:00 in Rome.
    referee = Referee(store, make_config(game_table(game, reminders=[], days_off={"weekdays": ["mer"]})))
    d = Driver(referee, store, game)
    referee.tick(START)
    spring = d.phase()
    assert spring.deadline == datetime(2025, 3, 4, 21, 0, tzinfo=ROME)
    _play_spring(d, START + timedelta(hours=1), skip=("TURKEY",))
    referee.tick(spring.deadline + timedelta(minutes=1))
    late = d.phase()
    assert late.late_days == 1 and late.lateness == {"TURKEY": 1}
    # one late day, paid once: it ends on Thursday, not on Wednesday (a day off)
    assert late.deadline == datetime(2025, 3, 6, 21, 0, tzinfo=ROME)
    # Turkey's orders on Wednesday cost nothing more: the day is paid already
    d.order("TURKEY", "\n".join(SPRING_1901["TURKEY"]), datetime(2025, 3, 5, 12, 0, tzinfo=ROME))
    referee.tick(datetime(2025, 3, 5, 12, 0, tzinfo=ROME))
    with store.begin() as uow:
        played = next(p for p in uow.phases.history(game) if p.code == "S1901M")
        assert played.lateness == {"TURKEY": 1}
