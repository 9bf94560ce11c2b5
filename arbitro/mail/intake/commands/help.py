"""AIUTO / HELP: how to write orders, and every command this referee knows.

Answered to anyone (no password, an unregistered sender too: a newcomer asks this
first), in the sender's language. The list of commands is built from the registry
(``COMMANDS``), each with its one line ``help.command.<name>`` from the catalog, so a new
command appears here by itself.
"""

from __future__ import annotations

import re
from datetime import datetime

from ....config import Config, GameConfig
from ....spelling.folding import fold
from ....service.addresses import game_address
from ....service.common import Services
from ....store import UnitOfWork
from ....words import has, say
from ....words.guess import guess_language
from ...mime.message import InboundMail
from .base import Command, Request
from .replies import queue

GUIDE = "docs/PLAYERS.md"

# Words that tell a mail's language when its sender is not registered: the command
# words first (weight 3), then common words of a short message.
class Help:
    name = "help"
    words = frozenset({"aiuto", "help", "?", "istruzioni", "comandi", "commands", "помощь", "справка", "команды"})
    gm_only = False

    def run(self, req: Request) -> str:
        send_help(req, problem=None)
        return "help"


def sender_language(uow: UnitOfWork, mail: InboundMail, game: GameConfig | None,
                    fallback: str) -> str:
    """The sender's language: a registered player's own (this game's, else any game's);
    otherwise read from the mail's words (words/guess.py); else ``fallback``."""
    address = mail.from_address
    player = uow.players.by_address(game.id, address) if game is not None else None
    if player is None:
        player = next(iter(uow.players.games_of(address)), None)
    if player is not None:
        return player.language
    return guess_language(f"{mail.subject}\n{mail.body}", fallback)


def command_lines(commands: tuple[Command, ...], lang: str, gm: bool) -> list[str]:
    """One line per command the reader may use, from the registry and the catalog."""
    return [say(lang, f"help.command.{c.name}") for c in commands
            if (gm or not c.gm_only) and has(f"help.command.{c.name}")]


def send_help_to(svc: Services, uow: UnitOfWork, config: Config, mail: InboundMail, mail_id: int,
                 now: datetime, game: GameConfig | None, lang: str, *, is_gm: bool,
                 problem: str | None, commands: tuple[Command, ...]) -> None:
    """Queue the help mail to the sender of ``mail``; ``commands``: the registry."""
    server = config.server
    target = game.id if game is not None else say(lang, "help.game_placeholder")
    queue(svc, uow, f"mail:{mail_id}:help", mail.from_address, "help", lang,
          {"game_id": game.id if game is not None else None, "problem": problem, "gm": is_gm,
           "game_address": game_address(server.referee_address, target, server.plus_separator),
           "players": command_lines(commands, lang, gm=False),
           "gm_commands": [line for line in command_lines(commands, lang, gm=True)
                           if line not in command_lines(commands, lang, gm=False)],
           "guide": GUIDE},
          now, game.id if game is not None else None)


def send_help(req: Request, problem: str | None) -> None:
    send_help_to(req.svc, req.uow, req.config, req.mail, req.mail_id, req.now, req.game,
                 req.lang, is_gm=req.is_gm, problem=problem, commands=req.registry)


COMMAND = Help()
