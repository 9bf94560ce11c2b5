"""GM: ANTEPRIMA / PREVIEW: the pending phase as it would be adjudicated now, with the map
and the powers not ready (issue 17). Nothing is processed."""

from __future__ import annotations

from .....service import GmError
from .....words import say
from .....words.terms import worded
from ..base import Request
from ..replies import queue


class Preview:
    name = "preview"
    words = frozenset({"anteprima", "preview", "предпросмотр"})
    gm_only = True

    def run(self, req: Request) -> str:
        try:
            return req.desk.gm_preview(req.mail.from_address, req.lang, req.mail_id)
        except GmError as exc:
            ctx = req.desk.ctx
            reply = exc.reply(self.name)
            message = (worded(ctx.board, ctx.config.timezone, req.lang, reply.key, reply.values)
                       if reply.key and ctx is not None else reply.message)
            queue(req.svc, req.uow, f"mail:{req.mail_id}:gm", req.mail.from_address, "gm_reply",
                  req.lang, {"game_id": req.game.id, "command": say(req.lang, "command.gm.preview"),
                             "ok": False, "message": message}, req.now, req.game.id)
            return "gm preview refused"


COMMAND = Preview()
