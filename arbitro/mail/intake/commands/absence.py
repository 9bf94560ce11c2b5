"""ASSENZA dal 20/12 al 27/12 / ABSENCE 2026-12-20 2026-12-27: an announced absence
(issue 17), within the game's limits; ASSENZA ANNULLA / ABSENCE CANCEL takes back those
not begun."""

from __future__ import annotations

import re
from datetime import date
from zoneinfo import ZoneInfo

from ....service.absences import announce_absence, cancel_absences
from ....words import say
from .base import Request
from .replies import bad_arguments, reply_words

_DATE = re.compile(r"^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2}|\d{4}))?)\.?$")
_FILLERS = {"dal", "dall", "al", "all", "fino", "a", "da", "from", "to", "until", "till", "-", "–",
            "il", "the", "giorno", "on", "с", "со", "по", "до"}


_CANCEL = {"annulla", "cancella", "nessuna", "cancel", "clear", "none",
           "отмена", "отменить", "отменяю"}


class BadDate(ValueError):
    """A word that should be a date and is not one (the word itself)."""


def read_dates(words: tuple[str, ...], today: date) -> list[date]:
    """The dates of the command line. A day without a year is the next such day from
    ``today`` on; a last day without a year falls on or after the first."""
    found: list[date] = []
    for raw in re.split(r"[\s,;'’]+", " ".join(words)):
        word = raw.lower()
        if not word or word in _FILLERS:
            continue
        m = _DATE.match(word)
        if m is None:
            raise BadDate(raw)
        try:
            if m.group(1):
                found.append(date(int(m.group(1)), int(m.group(2)), int(m.group(3))))
                continue
            day, month, year = int(m.group(4)), int(m.group(5)), m.group(6)
            if year is not None:
                found.append(date(int(year) + (2000 if len(year) == 2 else 0), month, day))
                continue
            after = found[-1] if found else today
            guess = date(after.year, month, day)
            found.append(guess if guess >= after else date(after.year + 1, month, day))
        except ValueError:
            raise BadDate(raw) from None
    return found


class Absence:
    name = "absence"
    words = frozenset({"assenza", "absence", "отсутствие"})
    gm_only = False

    def run(self, req: Request) -> str:
        line = " ".join((say(req.lang, "command.absence"), *req.words))
        if req.words and req.words[0].lower().strip(".!") in _CANCEL:
            reply = cancel_absences(req.table, req.caller, req.mail_id)
            if not reply.ok:
                return bad_arguments(req, "command.absence", reply_words(req, reply))
            return reply.note
        zone = req.table.zone_at(req.caller.address)
        try:
            dates = read_dates(req.words, req.now.astimezone(ZoneInfo(zone)).date())
        except BadDate as exc:
            problem = say(req.lang, "absence.bad_date", detail=line, zone=str(exc))
        else:
            if len(dates) in (1, 2):
                reply = announce_absence(req.table, req.caller, dates[0], dates[-1], line,
                                         req.mail_id)
                if reply.ok:
                    return reply.note
                problem = reply_words(req, reply)
            else:
                problem = say(req.lang, "absence.usage", detail=line)
        return bad_arguments(req, "command.absence", problem)


COMMAND = Absence()
