"""Deadlines as each player reads them: in their own zone, with a calendar event (issue
17, point 5). The deadlines themselves are computed by the table (``Table.next_deadline``,
past days off and announced absences)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime

from ..reports import phase_name
from ..reports.calendar import CalendarEvent, ics
from ..store import Attachment
from ..words import say


@dataclass(frozen=True)
class DeadlineNote:
    """A deadline a mail announces, moves or (``cancelled``) takes back while paused."""

    seq: int  # the phase's sequence number: with the game and recipient, the event's UID
    code: str
    deadline: datetime | None
    opened_at: datetime  # SEQUENCE counts from here: a later mail, a higher one
    cancelled: bool = False


def calendar(game_id: str, game_name: str, note: DeadlineNote | None, address: str, lang: str,
             organizer: str, now: datetime) -> tuple[Attachment, ...]:
    """The .ics attachment for one recipient: UID stable per game, phase and recipient."""
    if note is None or note.deadline is None:
        return ()
    who = hashlib.sha256(address.encode("utf-8")).hexdigest()[:16]
    domain = organizer.rsplit("@", 1)[-1] or "localhost"
    phase = phase_name(note.code, lang)
    event = CalendarEvent(
        uid=f"{game_id}-{note.seq}-{who}@{domain}",
        # Twice the seconds since the phase opened, +1 for a cancellation: a later version
        # is higher, and a pause at the same instant as an announcement supersedes it.
        sequence=max(0, 2 * int((now - note.opened_at).total_seconds())) + int(note.cancelled),
        start=note.deadline,
        stamp=now,
        summary=say(lang, "calendar.summary", game=game_name, phase=phase),
        description=say(lang, "calendar.description", game=game_name, phase=phase, address=organizer),
        organizer=organizer,
        cancelled=note.cancelled,
    )
    return (Attachment(f"{game_id}-{note.code}.ics", "text/calendar", ics(event)),)
