"""AIUTO / HELP: how to write orders, and every command this referee knows.

Answered to anyone (no password, an unregistered sender too: a newcomer asks this
first), in the sender's language. The list of commands is built from the registry
(``COMMANDS``), each with its one line ``help.command.<name>`` from the catalog, so a new
command appears here by itself.
"""

from __future__ import annotations

import re
from datetime import datetime

from ...config import Config, GameConfig
from ...game.names import fold
from ...service.addresses import game_address
from ...service.common import Services
from ...store import UnitOfWork
from ...words import has, languages, say
from ..message import InboundMail
from .base import Command, Request
from .replies import queue

GUIDE = "docs/PLAYERS.md"

# Words that tell a mail's language when its sender is not registered: the command
# words first (weight 3), then common words of a short message.
_HINTS: dict[str, dict[str, int]] = {
    "it": {"aiuto": 3, "istruzioni": 3, "comandi": 3, "ciao": 1, "grazie": 1, "come": 1,
           "vorrei": 1, "sono": 1, "il": 1, "la": 1, "di": 1, "che": 1, "non": 1, "per": 1,
           "partita": 1, "ordini": 1, "giocare": 1, "buongiorno": 1, "salve": 1},
    "en": {"help": 3, "commands": 3, "hello": 1, "hi": 1, "thanks": 1, "please": 1, "how": 1,
           "would": 1, "the": 1, "i": 1, "is": 1, "to": 1, "and": 1, "game": 1, "orders": 1,
           "play": 1, "my": 1},
}


class Help:
    name = "help"
    words = frozenset({"aiuto", "help", "?", "istruzioni", "comandi", "commands"})
    gm_only = False

    def run(self, req: Request) -> str:
        send_help(req, problem=None)
        return "help"


def guess_language(uow: UnitOfWork, mail: InboundMail, game: GameConfig | None,
                   fallback: str) -> str:
    """The sender's language: a registered player's own (this game's, else any game's);
    otherwise read from the mail's words (the command word weighs most); else
    ``fallback``."""
    address = mail.from_address
    player = uow.players.by_address(game.id, address) if game is not None else None
    if player is None:
        player = next(iter(uow.players.games_of(address)), None)
    if player is not None:
        return player.language
    words = re.findall(r"[^\W\d_]+", f"{mail.subject}\n{mail.body[:2000]}".lower())
    scores = {lang: sum(hints.get(fold(w), 0) for w in words) for lang, hints in _HINTS.items()
              if lang in languages()}
    best = max(scores.values(), default=0)
    winners = [lang for lang, score in scores.items() if score == best]
    return winners[0] if best and len(winners) == 1 else fallback


def command_lines(commands: tuple[Command, ...], lang: str, gm: bool) -> list[str]:
    """One line per command the reader may use, from the registry and the catalog."""
    return [say(lang, f"help.command.{c.name}") for c in commands
            if (gm or not c.gm_only) and has(f"help.command.{c.name}")]


def send_help_to(svc: Services, uow: UnitOfWork, config: Config, mail: InboundMail, mail_id: int,
                 now: datetime, game: GameConfig | None, lang: str, *, is_gm: bool,
                 problem: str | None, commands: tuple[Command, ...]) -> None:
    """Queue the help mail to the sender of ``mail``; ``commands``: the registry."""
    server = config.server
    target = game.id if game is not None else "partita" if lang == "it" else "game"
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
