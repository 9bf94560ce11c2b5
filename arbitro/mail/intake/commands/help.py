"""AIUTO / HELP: how to write orders, and every command this referee knows.

Answered to anyone (no password, an unregistered sender too: a newcomer asks this
first), in the sender's language. The list of commands is built from the registry
(``COMMANDS``), each with its one line ``help.command.<name>`` from the catalog, so a new
command appears here by itself.
"""

from __future__ import annotations

from ....config import GameConfig
from ....config.addresses import game_address
from ....service.table import Office
from ....words import has, say
from ...mime.message import InboundMail
from .base import Command, Request
from .replies import queue

GUIDE = "docs/PLAYERS.md"


class Help:
    name = "help"
    words = frozenset({"aiuto", "help", "?", "istruzioni", "comandi", "commands", "помощь", "справка", "команды"})
    gm_only = False

    def run(self, req: Request) -> str:
        send_help(req, problem=None)
        return "help"


def command_lines(commands: tuple[Command, ...], lang: str, gm: bool) -> list[str]:
    """One line per command the reader may use, from the registry and the catalog."""
    return [say(lang, f"help.command.{c.name}") for c in commands
            if (gm or not c.gm_only) and has(f"help.command.{c.name}")]


def send_help_to(office: Office, mail: InboundMail, mail_id: int, game: GameConfig | None,
                 lang: str, *, is_gm: bool, problem: str | None,
                 commands: tuple[Command, ...]) -> None:
    """Queue the help mail to the sender of ``mail``; ``commands``: the registry."""
    server = office.config.server
    target = game.id if game is not None else say(lang, "help.game_placeholder")
    queue(office, f"mail:{mail_id}:help", mail.from_address, "help", lang,
          {"game_id": game.id if game is not None else None, "problem": problem, "gm": is_gm,
           "game_address": game_address(server.referee_address, target, server.plus_separator),
           "players": command_lines(commands, lang, gm=False),
           "gm_commands": [line for line in command_lines(commands, lang, gm=True)
                           if line not in command_lines(commands, lang, gm=False)],
           "guide": GUIDE},
          game.id if game is not None else None)


def send_help(req: Request, problem: str | None) -> None:
    send_help_to(req.office, req.mail, req.mail_id, req.game, req.lang, is_gm=req.is_gm,
                 problem=problem, commands=req.registry)


COMMAND = Help()
