"""The RFC 5545 writer (arbitro/reports/calendar.py): CRLF, folding at 75 octets without
splitting a character, TEXT escaping; read back by the icalendar package without warnings."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import icalendar
from hypothesis import given
from hypothesis import strategies as st

from arbitro.reports.calendar import CalendarEvent, escape, fold, ics

DEADLINE = datetime(2026, 12, 7, 23, 0, tzinfo=ZoneInfo("Europe/Rome"))


def _event(**changes: object) -> CalendarEvent:
    values: dict[str, object] = {
        "uid": "milano-3-0123456789abcdef@example.org", "sequence": 4, "start": DEADLINE,
        "stamp": datetime(2026, 12, 1, 9, 30, tzinfo=UTC), "summary": "Scadenza Primavera 1901",
        "description": "Ordini; per favore, entro le 23:00\\ alle 23 — grazie", "organizer": "arbitro@example.org",
    }
    values.update(changes)
    return CalendarEvent(**values)  # type: ignore[arg-type]


def _parse(data: bytes) -> icalendar.Calendar:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        calendar = icalendar.Calendar.from_ical(data)
    assert not calendar.errors and all(not c.errors for c in calendar.walk())
    return calendar


def test_an_event_reads_back_with_its_values() -> None:
    data = ics(_event())
    assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    calendar = _parse(data)
    assert str(calendar["METHOD"]) == "PUBLISH" and str(calendar["VERSION"]) == "2.0"
    (event,) = calendar.walk("VEVENT")
    assert str(event["UID"]) == "milano-3-0123456789abcdef@example.org"
    assert int(event["SEQUENCE"]) == 4 and str(event["STATUS"]) == "CONFIRMED"
    assert event.decoded("DTSTART") == DEADLINE
    assert b"DTSTART:20261207T220000Z" in data  # UTC: no VTIMEZONE needed
    assert str(event["DESCRIPTION"]) == "Ordini; per favore, entro le 23:00\\ alle 23 — grazie"


def test_a_cancellation() -> None:
    calendar = _parse(ics(_event(cancelled=True, sequence=5)))
    (event,) = calendar.walk("VEVENT")
    assert str(calendar["METHOD"]) == "CANCEL" and str(event["STATUS"]) == "CANCELLED"


def test_escaping() -> None:
    assert escape("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=0, max_size=400))
def test_folding_keeps_lines_short_and_the_text_whole(text: str) -> None:
    folded = fold("SUMMARY:" + escape(text))
    lines = folded.split(b"\r\n")
    assert all(len(line) <= 75 for line in lines)
    assert all(line.startswith(b" ") for line in lines[1:])
    unfolded = lines[0] + b"".join(line[1:] for line in lines[1:])
    assert unfolded.decode("utf-8") == "SUMMARY:" + escape(text)
    (event,) = _parse(ics(_event(summary=text))).walk("VEVENT")
    assert str(event["SUMMARY"]) == text.replace("\r\n", "\n").replace("\r", "\n")

