"""STORIA / HISTORY [from] [to]: past results as they were mailed (issue 16)."""

from __future__ import annotations

from .answers import answered
from .base import Request


class History:
    name = "history"
    words = frozenset({"storia", "history", "cronologia", "история"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, req.desk.history(req.mail.from_address, req.lang, req.words,
                                              req.mail_id), "command.history")


COMMAND = History()
