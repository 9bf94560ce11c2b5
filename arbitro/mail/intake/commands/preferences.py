"""PREFERENZE / PREFERENCES: a player's secret ranking of the powers (R-END-3)."""

from __future__ import annotations

import re

from ....words import say
from .base import Request
from .replies import refuse


class Preferences:
    name = "preferences"
    words = frozenset({"preferenze", "preferenza", "preferences", "prefs", "предпочтения"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        text = " ".join(req.words) + "\n" + req.text
        powers = [w for w in re.split(r"[\s,;>]+|\d+[.)]", text) if w.strip(" .")]
        reply = req.desk.set_preferences(player.address, [w.strip(" .") for w in powers])
        if reply.status != "ok":
            return refuse(req.svc, req.uow, req.mail_id, player.address, req.lang,
                          "bad_arguments", req.now, req.game.id, req.mail.subject,
                          command=say(req.lang, "command.preferences"),
                          problem=reply.message)
        return "preferences ok"


COMMAND = Preferences()
