"""ASSENZA dal 20/12 al 27/12 / ABSENCE 2026-12-20 2026-12-27: an announced absence
(issue 17), within the game's limits; ASSENZA ANNULLA / ABSENCE CANCEL takes back those
not begun."""

from __future__ import annotations

import re
from datetime import date
from zoneinfo import ZoneInfo

from ....words import say
from .base import Request
from .replies import refuse

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
        player = req.identity.player
        assert player is not None
        command = say(req.lang, "command.absence")
        line = " ".join((command, *req.words))
        if req.words and req.words[0].lower().strip(".!") in _CANCEL:
            reply = req.desk.cancel_absences(player.address, req.mail_id)
            return f"absences cancelled: {reply.message}"
        zone = player.timezone or req.game.timezone
        try:
            dates = read_dates(req.words, req.now.astimezone(ZoneInfo(zone)).date())
        except BadDate as exc:
            problem = say(req.lang, "absence.bad_date", detail=line, zone=str(exc))
        else:
            if len(dates) in (1, 2):
                reply = req.desk.announce_absence(player.address, dates[0], dates[-1], line, req.mail_id)
                if reply.status == "ok":
                    return f"absence {dates[0]}..{dates[-1]}"
                problem = reply.message
            else:
                problem = say(req.lang, "absence.usage", detail=line)
        return refuse(req.svc, req.uow, req.mail_id, player.address, req.lang, "bad_arguments",
                      req.now, req.game.id, req.mail.subject, command=command, problem=problem)


COMMAND = Absence()
