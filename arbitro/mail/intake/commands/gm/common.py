"""The GM's mail commands: each a small named object over one service operation."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .....service import GmError
from .....service.values import GmReply
from .....words import say
from .....words.terms import worded
from ..base import Request
from ..replies import queue

Operation = Callable[[Request], GmReply]


@dataclass(frozen=True)
class GmCommand:
    name: str
    words: frozenset[str]
    operation: Operation
    gm_only: bool = True

    def run(self, req: Request) -> str:
        ctx = req.desk.ctx
        try:
            if ctx is None:
                raise GmError("gm.no_game", game=req.game.id)
            reply = self.operation(req)
        except GmError as exc:
            reply = exc.reply(self.name)
        except ValueError as exc:
            reply = GmReply(False, self.name, str(exc))
        message = reply.message
        if reply.key and ctx is not None:
            message = worded(ctx.board, ctx.config.timezone, req.lang, reply.key, reply.values)
        queue(req.svc, req.uow, f"mail:{req.mail_id}:gm", req.mail.from_address, "gm_reply",
              req.lang, {"game_id": req.game.id, "command": say(req.lang, f"command.gm.{self.name}"),
                         "ok": reply.ok, "message": message}, req.now, req.game.id)
        return f"gm {self.name} {'ok' if reply.ok else 'refused'}"


def actor(req: Request) -> str:
    return f"mail:{req.mail.from_address}"


def power_named(req: Request, word: str) -> str:
    """A power by key, English or Italian name (FRANCE, France, Francia, fra)."""
    from .....diplomacy.names import name_index
    from .....spelling.folding import fold

    ctx = req.desk.ctx
    assert ctx is not None
    found = name_index(ctx.board).power(fold(word), fuzzy=True)
    if found is None:
        raise GmError("gm.unknown_power", power=word)
    return found
