"""STORIA / HISTORY [from] [to]: past results as they were mailed (issue 16)."""

from __future__ import annotations

from ....service.past_phases import history
from .base import Request
from .replies import answered


class History:
    name = "history"
    words = frozenset({"storia", "history", "cronologia", "история"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, history(req.table, req.caller, req.words, req.mail_id),
                        "command.history")


COMMAND = History()
