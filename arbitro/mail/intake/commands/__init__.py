"""Mail commands: small named objects, one per file, found by their keyword.

A mail without a command word holds orders (``orders``). A command's name may be two
words ("NON ATTENDERE"). Each command has a one-line description for AIUTO/HELP under
the catalog key ``help.command.<name>`` (tests/mail/test_help_status.py checks that
every command has one).
"""

from __future__ import annotations

from collections.abc import Sequence

from ....spelling.folding import fold
from . import (
    absence, account, ballot, games, help, history, map, observe, orders, preferences, status, summary,
    timezone, trial, votes, wait,
)
from .base import Command, Request
from .gm import eject, extend, pause, preview, process, replace, resume, rollback

COMMANDS: tuple[Command, ...] = (
    orders.COMMAND,
    status.COMMAND,
    help.COMMAND,
    wait.WAIT,
    wait.NOWAIT,
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
# Commands that may stand on a line of their own among orders and other commands (a
# mail "STATO" + orders, or "ATTENDI" + orders), and those of them that run before the
# orders (issue 16).
ALONE = frozenset({"status", "help", "wait", "nowait"})
FIRST = frozenset({"wait", "nowait"})

# Folded like the words read (Russian "часовой" -> "часовои"), so any spelling finds its command.
_BY_WORD = {fold(word): command for command in COMMANDS for word in command.words}


def _bare(word: str) -> str:
    return fold(word.strip(".:,;!*"))


def by_word(word: str) -> Command | None:
    """The command a word names ("STATO", "Status:", "aiuto!"), if any."""
    return _BY_WORD.get(_bare(word))


def by_words(words: Sequence[str]) -> tuple[Command, int] | None:
    """The command the first words name, and how many words its name took: "NON
    ATTENDERE" is one command of two words, "STATO" one of one."""
    if len(words) >= 2:
        found = _BY_WORD.get(f"{_bare(words[0])} {_bare(words[1])}")
        if found is not None:
            return found, 2
    if words:
        one = by_word(words[0])
        if one is not None:
            return one, 1
    return None


__all__ = ["ALONE", "COMMANDS", "DEFAULT", "FIRST", "Command", "Request", "by_word", "by_words"]
