"""PARTITE / GAMES: the games on this referee, for anyone (issue 16). A mail naming no
game reaches it too (``open_rules``)."""

from __future__ import annotations

from ....service.games_list import games_list
from .base import Request
from .replies import answered


class Games:
    name = "games"
    words = frozenset({"partite", "games", "list", "elenco", "партии", "список партий"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, games_list(req.office, req.caller, req.mail_id), "command.games")


COMMAND = Games()
