"""VOTO / VOTE <power>: orders voted for a power that sent none (R-ONP-2/3/5)."""

from __future__ import annotations

from ....service.ballots import submit_ballot
from ....words import say
from ...mime.history import line_kinds
from .base import Request
from .replies import answered, bad_arguments


class Ballot:
    name = "ballot"
    words = frozenset({"voto", "vota", "vote", "ballot", "scheda", "голос", "голосую"})
    gm_only = False

    def run(self, req: Request) -> str:
        if not req.words:
            return bad_arguments(req, "command.vote", say(req.lang, "command.vote.usage"))
        for_power = req.words[0]
        text = " ".join(req.words[1:]) + "\n" + req.text
        reply = submit_ballot(req.table, req.caller, for_power, text, mail_id=req.mail_id,
                              classify=line_kinds)
        answered(req, reply, "command.vote")
        return f"ballot for {for_power} {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Ballot()
