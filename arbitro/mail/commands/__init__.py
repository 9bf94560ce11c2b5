"""Mail commands: small named objects, one per file, found by their keyword.

A mail without a command word holds orders (``orders``).
"""

from __future__ import annotations

from ...game.names import fold
from . import absence, ballot, help, orders, preferences, status, timezone

from . import ballot, help, orders, preferences, status, trial, votes
from .base import Command, Request
from .gm import eject, extend, pause, preview, process, replace, resume, rollback

COMMANDS: tuple[Command, ...] = (
    orders.COMMAND,
    status.COMMAND,
    help.COMMAND,
    preferences.COMMAND,
    ballot.COMMAND,
    timezone.COMMAND,
    absence.COMMAND,

    votes.DRAW_COMMAND,
    votes.CONCEDE_COMMAND,
    votes.WITHDRAW_COMMAND,
    trial.COMMAND,
    pause.COMMAND,
    resume.COMMAND,
    extend.COMMAND,
    replace.COMMAND,
    eject.COMMAND,
    process.COMMAND,
    rollback.COMMAND,
    preview.COMMAND,
)
DEFAULT: Command = orders.COMMAND

_BY_WORD = {word: command for command in COMMANDS for word in command.words}


def by_word(word: str) -> Command | None:
    """The command a word names ("STATO", "Status:", "aiuto!"), if any."""
    return _BY_WORD.get(fold(word.strip(".:,;!*")))


__all__ = ["COMMANDS", "DEFAULT", "Command", "Request", "by_word"]
