"""A deadline as an iCalendar object (RFC 5545), written here: CRLF lines, folded at 75
octets, TEXT escaped, times in UTC (no VTIMEZONE needed: the calendar shows them in the
reader's own zone). METHOD:PUBLISH announces or moves it (same UID, higher SEQUENCE);
METHOD:CANCEL with STATUS:CANCELLED takes it back while the game is paused."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

PRODID = "-//arbitro//Diplomacy referee//EN"
_FOLD = 75  # octets per physical line, CRLF excluded (RFC 5545 3.1)


@dataclass(frozen=True)
class CalendarEvent:
    uid: str
    sequence: int  # raised whenever the deadline moves or is cancelled
    start: datetime  # the deadline, aware
    stamp: datetime  # when this version was written, aware
    summary: str
    description: str
    organizer: str  # the referee's address
    cancelled: bool = False


def ics(event: CalendarEvent) -> bytes:
    method = "CANCEL" if event.cancelled else "PUBLISH"
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        f"METHOD:{method}",
        "CALSCALE:GREGORIAN",
        "BEGIN:VEVENT",
        f"UID:{escape(event.uid)}",
        f"SEQUENCE:{event.sequence}",
        f"DTSTAMP:{utc(event.stamp)}",
        f"DTSTART:{utc(event.start)}",
        f"SUMMARY:{escape(event.summary)}",
        f"DESCRIPTION:{escape(event.description)}",
        f"ORGANIZER:mailto:{event.organizer}",
        f"STATUS:{'CANCELLED' if event.cancelled else 'CONFIRMED'}",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
        "END:VCALENDAR",
    ]
    return b"".join(fold(line) + b"\r\n" for line in lines)


def utc(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def escape(text: str) -> str:
    """TEXT values: backslash, semicolon, comma and line ends escaped (RFC 5545 3.3.11)."""
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")


def fold(line: str) -> bytes:
    """One content line as UTF-8, folded so no physical line passes 75 octets and no
    character is split; continuation lines start with one space."""
    out: list[bytes] = []
    current = b""
    limit = _FOLD
    for char in line:
        encoded = char.encode("utf-8")
        if len(current) + len(encoded) > limit:
            out.append(current)
            current = b" "
            limit = _FOLD
        current += encoded
    out.append(current)
    return b"\r\n".join(out)
