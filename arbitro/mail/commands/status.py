"""STATO / STATUS: the player's orders on file and the deadline (the GM: the game)."""

from __future__ import annotations

from ...service import gm as gm_ops
from ...service.status import status_reply
from ...words import say
from .base import Request
from .replies import queue


class Status:
    name = "status"
    words = frozenset({"stato", "status", "situazione"})
    gm_only = False

    def run(self, req: Request) -> str:
        if req.is_gm:
            ctx = req.svc.ctx(req.game.id)
            game = req.uow.games.get(req.game.id)
            assert ctx is not None
            text = gm_ops.status_text(req.uow, ctx, game, req.now, req.lang) if game else "-"
            queue(req.svc, req.uow, f"mail:{req.mail_id}:gm-status", req.mail.from_address,
                  "gm_reply", req.lang,
                  {"game_id": req.game.id, "command": say(req.lang, "command.status"),
                   "ok": True, "message": text}, req.now, req.game.id)
            return "gm status"
        player = req.identity.player
        assert player is not None
        reply = status_reply(req.svc, req.uow, req.game.id, player.address, req.now, req.mail_id)
        return f"status {reply.status}"


COMMAND = Status()
