"""VOTO / VOTE <power>: orders voted for a power that sent none (R-ONP-2/3/5)."""

from __future__ import annotations

from ....words import say
from ...mime.history import line_kinds
from .base import Request
from .replies import refuse


class Ballot:
    name = "ballot"
    words = frozenset({"voto", "vota", "vote", "ballot", "scheda", "голос", "голосую"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        if not req.words:
            return refuse(req.svc, req.uow, req.mail_id, player.address, req.lang,
                          "bad_arguments", req.now, req.game.id, req.mail.subject,
                          command=say(req.lang, "command.vote"),
                          problem=say(req.lang, "command.vote.usage"))
        for_power = req.words[0]
        text = " ".join(req.words[1:]) + "\n" + req.text
        reply = req.desk.submit_ballot(player.address, for_power, text, req.mail_id, classify=line_kinds)
        return f"ballot for {for_power} {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Ballot()
