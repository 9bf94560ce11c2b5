"""PARTITE / GAMES: the games on this referee, for anyone (issue 16). A mail naming no
game reaches it too (``open_rules``)."""

from __future__ import annotations

from .answers import answered
from .base import Request


class Games:
    name = "games"
    words = frozenset({"partite", "games", "list", "elenco", "партии", "список партий"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, req.desk.games_list(req.mail.from_address, req.lang, req.mail_id),
                        "command.games")


COMMAND = Games()
