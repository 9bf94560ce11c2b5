"""PATTA / DRAW [powers], CONCEDO / CONCEDE <power>, RITIRO VOTO / WITHDRAW: secret votes
to end the game (issue 17). Only the voter is answered (by the service)."""

from __future__ import annotations

from dataclasses import dataclass

from ....diplomacy.votes import CONCEDE, DRAW, WITHDRAW
from ....service.votes import cast_vote
from .base import Request
from .replies import answered


@dataclass(frozen=True)
class VoteCommand:
    name: str
    words: frozenset[str]
    kind: str
    gm_only: bool = False

    def run(self, req: Request) -> str:
        names = [w for w in req.words if w.strip(" ,.;")]
        if self.kind == WITHDRAW:
            names = []  # "RITIRO VOTO": the second word is part of the command
        reply = cast_vote(req.table, req.caller, self.kind, names, req.mail_id)
        answered(req, reply, f"command.{self.name}")
        ended = " - game ended" if reply.note.endswith("game ended") else ""
        return f"vote {self.kind} {reply.status}" + (f" ({reply.reason})" if reply.reason else "") + ended


DRAW_COMMAND = VoteCommand("draw", frozenset({"patta", "draw", "ничья"}), DRAW)
CONCEDE_COMMAND = VoteCommand("concede", frozenset({"concedo", "concede", "сдаюсь", "уступаю"}),
                              CONCEDE)
WITHDRAW_COMMAND = VoteCommand("withdraw", frozenset({"ritiro", "withdraw", "отозвать",
                                                      "отозвать голос"}), WITHDRAW)
