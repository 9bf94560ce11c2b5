"""Mail commands: small named objects, one per file, found by their keyword.

A mail without a command word holds orders (``orders``).
"""

from __future__ import annotations

from ...game.names import fold
from . import (
    absence, account, ballot, games, help, history, map, observe, orders, preferences, status, summary,
    timezone, trial, votes,
)
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

    map.COMMAND,
    history.COMMAND,
    summary.COMMAND,
    games.COMMAND,
    observe.COMMAND,
    observe.STOP,
    account.PASSWORD,
    account.ADDRESS,
    account.CONFIRM,
)
DEFAULT: Command = orders.COMMAND

_BY_WORD = {word: command for command in COMMANDS for word in command.words}


def by_word(word: str) -> Command | None:
    """The command a word names ("STATO", "Status:", "aiuto!"), if any."""
    return _BY_WORD.get(fold(word.strip(".:,;!*")))


def by_words(words: list[str] | tuple[str, ...]) -> tuple[Command, int] | None:
    """The command the first words name, and how many words it took: a two-word keyword
    ("NON OSSERVARE", "NUOVA PASSWORD") before a one-word one."""
    if len(words) >= 2:
        two = _BY_WORD.get(f"{fold(words[0].strip('.:,;!*'))} {fold(words[1].strip('.:,;!*'))}")
        if two is not None:
            return two, 2
    one = by_word(words[0]) if words else None
    return (one, 1) if one is not None else None


__all__ = ["COMMANDS", "DEFAULT", "Command", "Request", "by_word", "by_words"]
