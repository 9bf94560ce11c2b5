"""Who is asking, and in which language to answer (issue 24, Build 2).

A ``Caller`` is resolved once, from plain values (the sender, the addresses the mail went
to, the password it carried, the text to guess a stranger's language from), before any
rule runs; every procedure takes it, and every refusal is worded in ``caller.lang``.

- the **GM**: the game's GM address with the GM password (R-MAIL-2's equivalent for the GM);
- a **player**: an active player of the game, from their registered address, proved by
  their password or by replying to a mail whose Reply-To carried their secret token;
- an **observer**: an address that gets the game's results (where the GM allows it);
- a **stranger**: anyone else, including a player whose proof failed (``problem`` says
  how) and a player the game no longer counts (replaced, ejected).

The language: a registered player's own (of this game, else of any game here); otherwise
the one the mail's words are written in (``words/guess.py``), else the game's.

These are the values; ``identity.py`` resolves them (it reads the table).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from enum import StrEnum

from ..store import verify_password


class Role(StrEnum):
    GM = "gm"
    PLAYER = "player"
    OBSERVER = "observer"
    STRANGER = "stranger"


# Why a claimed identity did not hold (catalog ``reply.<code>`` / ``refusal.<code>``).
NO_PASSWORD, WRONG_PASSWORD, NOT_PLAYER = "no_password", "wrong_password", "not_player"


@dataclass(frozen=True)
class Credentials:
    """What a mail says about its sender, as plain values (read by the mail layer)."""

    sender: str  # the From address, lower-case
    recipients: tuple[str, ...] = ()  # To, Cc and Delivered-To: a reply token is a plus-tag
    password: str | None = None  # the PASSWORD line, if any
    text: str = ""  # subject and body: a stranger's language is guessed from them


@dataclass(frozen=True)
class Caller:
    role: Role
    address: str
    lang: str
    # Why a registered player of the game was not proved (or "not_player" for an address
    # the game does not know): the rules refuse such a mail before any command runs.
    problem: str | None = None
    registered: bool = False  # the address is a player's of this game (any status)
    gm: bool = False  # the GM's credentials held (the GM may also play)
    actor: str = ""  # how the audit log names who acted ("mail:gm@...", "cli:mario")

    @property
    def who(self) -> str:
        return self.actor or self.address


def check_secret(given: str | None, plain: str | None, hashed: str | None) -> bool:
    """A GM password against the config's plain or hashed one, in constant time."""
    if not given:
        return False
    if hashed:
        return verify_password(given, hashed)
    if plain:
        return hmac.compare_digest(given.encode(), plain.encode())
    return False
