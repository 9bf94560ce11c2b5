"""FUSO / TIMEZONE <zone>: the zone the player's deadlines are written in (issue 17)."""

from __future__ import annotations

from ....service.absences import set_timezone
from ....words import say
from .base import Request
from .replies import bad_arguments, reply_words


class Timezone:
    name = "timezone"
    words = frozenset({"fuso", "timezone", "часовой пояс", "пояс"})
    gm_only = False

    def run(self, req: Request) -> str:
        line = " ".join((say(req.lang, "command.timezone"), *req.words))
        reply = set_timezone(req.table, req.caller, " ".join(req.words), line, req.mail_id)
        if not reply.ok:
            return bad_arguments(req, "command.timezone", reply_words(req, reply))
        return reply.note


COMMAND = Timezone()
