"""PROVA / TEST: a private dry run of a set of orders (issue 17); nothing is stored."""

from __future__ import annotations

from ...mime.history import line_kinds
from .base import Request


class Trial:
    name = "trial"
    words = frozenset({"prova", "test", "simula", "simulate", "проба", "тест"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        text = (" ".join(req.words) + "\n" if req.words else "") + req.text
        reply = req.desk.dry_run(player.address, text, req.mail_id, classify=line_kinds)
        return f"trial {reply.status}" + (f" ({reply.reason})" if reply.reason else "")


COMMAND = Trial()
