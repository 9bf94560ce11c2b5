"""The GM's mail commands: each a small named object over one service operation, its
reply worded in the GM's language (``replies.reply_words``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .....diplomacy.names import name_index
from .....service.gm import GmError
from .....service.reply import Reply
from .....spelling.folding import fold
from .....words import say
from ..base import Request
from ..replies import queue, reply_words

Operation = Callable[[Request], Reply]


@dataclass(frozen=True)
class GmCommand:
    name: str
    words: frozenset[str]
    operation: Operation
    gm_only: bool = True

    def run(self, req: Request) -> str:
        try:
            if not req.table.listed:
                raise GmError("gm.no_game", game=req.game.id)
            reply = self.operation(req)
        except GmError as exc:
            reply = exc.reply()
        except ValueError as exc:
            reply = Reply(False, note=str(exc))
        tell(req, self.name, reply)
        return f"gm {self.name} {'ok' if reply.ok else 'refused'}"


def tell(req: Request, name: str, reply: Reply) -> None:
    """The GM's answer (``gm_reply``): the command, whether it was done, what happened."""
    message = reply_words(req, reply) if reply.key else reply.message
    queue(req.office, f"mail:{req.mail_id}:gm", req.mail.from_address, "gm_reply", req.lang,
          {"game_id": req.game.id, "command": say(req.lang, f"command.gm.{name}"),
           "ok": reply.ok, "message": message}, req.game.id)


def power_named(req: Request, word: str) -> str:
    """A power by key, English or Italian name (FRANCE, France, Francia, fra)."""
    found = name_index(req.table.board).power(fold(word), fuzzy=True)
    if found is None:
        raise GmError("gm.unknown_power", power=word)
    return found
