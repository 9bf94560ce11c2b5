"""FUSO / TIMEZONE <zone>: the zone the player's deadlines are written in (issue 17)."""

from __future__ import annotations

from ....words import say
from .base import Request
from .replies import refuse


class Timezone:
    name = "timezone"
    words = frozenset({"fuso", "timezone", "часовой пояс", "пояс"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        command = say(req.lang, "command.timezone")
        line = " ".join((command, *req.words))
        reply = req.desk.set_timezone(player.address, " ".join(req.words), line, req.mail_id)
        if reply.status != "ok":
            return refuse(req.svc, req.uow, req.mail_id, player.address, req.lang, "bad_arguments",
                          req.now, req.game.id, req.mail.subject, command=command,
                          problem=reply.message)
        return f"timezone {reply.message}"


COMMAND = Timezone()
