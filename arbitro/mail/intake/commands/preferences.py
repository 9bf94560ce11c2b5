"""PREFERENZE / PREFERENCES: a player's secret ranking of the powers (R-END-3)."""

from __future__ import annotations

import re

from ....service.preferences import set_preferences
from .base import Request
from .replies import bad_arguments, reply_words


class Preferences:
    name = "preferences"
    words = frozenset({"preferenze", "preferenza", "preferences", "prefs", "предпочтения"})
    gm_only = False

    def run(self, req: Request) -> str:
        text = " ".join(req.words) + "\n" + req.text
        powers = [w for w in re.split(r"[\s,;>]+|\d+[.)]", text) if w.strip(" .")]
        reply = set_preferences(req.table, req.caller, [w.strip(" .") for w in powers])
        if not reply.ok:
            return bad_arguments(req, "command.preferences", reply_words(req, reply))
        return reply.note


COMMAND = Preferences()
