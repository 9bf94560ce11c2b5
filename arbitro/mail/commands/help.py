"""AIUTO / HELP: how to write orders and commands."""

from __future__ import annotations

from ...service.addresses import game_address
from .base import Request
from .replies import queue


class Help:
    name = "help"
    words = frozenset({"aiuto", "help", "?", "istruzioni", "comandi", "commands", "помощь", "справка", "команды"})
    gm_only = False

    def run(self, req: Request) -> str:
        send_help(req, problem=None)
        return "help"


def send_help(req: Request, problem: str | None) -> None:
    server = req.config.server
    queue(req.svc, req.uow, f"mail:{req.mail_id}:help", req.mail.from_address, "help", req.lang,
          {"game_id": req.game.id, "problem": problem, "gm": req.is_gm,
           "game_address": game_address(server.referee_address, req.game.id, server.plus_separator)},
          req.now, req.game.id)


COMMAND = Help()
