"""PROVA / TEST: a private dry run of a set of orders (issue 17); nothing is stored."""

from __future__ import annotations

from ....service.trial import trial
from ...mime.history import line_kinds
from .base import Request
from .replies import answered


class Trial:
    name = "trial"
    words = frozenset({"prova", "test", "simula", "simulate", "проба", "тест"})
    gm_only = False

    def run(self, req: Request) -> str:
        text = (" ".join(req.words) + "\n" if req.words else "") + req.text
        reply = trial(req.table, req.caller, text, mail_id=req.mail_id, classify=line_kinds)
        answered(req, reply, "command.trial")
        return f"trial {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Trial()
