"""STATO / STATUS: the player's orders on file and the deadline (the GM: the game)."""

from __future__ import annotations

from ....words import say
from .base import Request
from .replies import queue


class Status:
    name = "status"
    words = frozenset({"stato", "status", "situazione", "статус", "состояние"})
    gm_only = False

    def run(self, req: Request) -> str:
        if req.is_gm:
            text = req.desk.gm_status(req.lang) or "-"
            queue(req.svc, req.uow, f"mail:{req.mail_id}:gm-status", req.mail.from_address,
                  "gm_reply", req.lang,
                  {"game_id": req.game.id, "command": say(req.lang, "command.status"),
                   "ok": True, "message": text}, req.now, req.game.id)
            return "gm status"
        player = req.identity.player
        assert player is not None
        reply = req.desk.status(player.address, req.mail_id)
        return f"status {reply.status}"


COMMAND = Status()
