"""STATO / STATUS: the player's orders on file and the deadline (the GM: the game)."""

from __future__ import annotations

from ....service.gm import status_text
from ....service.status import status_reply
from ....words import say
from .base import Request
from .replies import answered, queue


class Status:
    name = "status"
    words = frozenset({"stato", "status", "situazione", "статус", "состояние"})
    gm_only = False

    def run(self, req: Request) -> str:
        if req.is_gm:
            text = status_text(req.table, req.lang) or "-"
            queue(req.office, f"mail:{req.mail_id}:gm-status", req.mail.from_address,
                  "gm_reply", req.lang,
                  {"game_id": req.game.id, "command": say(req.lang, "command.status"),
                   "ok": True, "message": text}, req.game.id)
            return "gm status"
        reply = status_reply(req.table, req.caller, req.mail_id)
        answered(req, reply, "command.status")
        return f"status {reply.status}"


COMMAND = Status()
