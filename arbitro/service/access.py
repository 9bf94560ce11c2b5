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
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..config import Config, GameConfig
from ..config.addresses import plus_tag
from ..store import PlayerStatus, verify_password
from ..words.guess import guess_language
from .table import Office, Table


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


def identify(table: Table, credentials: Credentials) -> Caller:
    """The caller of a mail to ``table``'s game."""
    game = table.config
    sender = credentials.sender
    gm = sender == game.gm_address.lower() and check_secret(
        credentials.password, game.gm_password, game.gm_password_hash)
    lang = language_of(table.office, credentials, game)
    actor = f"mail:{sender}"
    player = table.player_at(sender)
    if player is None:
        if gm:
            return Caller(Role.GM, sender, lang, NOT_PLAYER, gm=True, actor=actor)
        role = Role.OBSERVER if table.is_observer(sender) else Role.STRANGER
        return Caller(role, sender, lang, NOT_PLAYER, actor=actor)
    server = table.services.config.server
    tags = reply_tags(credentials.recipients, server.referee_address, server.plus_separator)
    problem = _proof(player.reply_token, player.password_hash, tags, credentials.password)
    role = Role.GM if gm else Role.PLAYER if problem is None and \
        player.status is PlayerStatus.ACTIVE else Role.STRANGER
    return Caller(role, sender, lang, problem, registered=True, gm=gm, actor=actor)


def stranger(office: Office, credentials: Credentials, game: GameConfig | None) -> Caller:
    """Someone writing to no game, or before the game is known: only a language."""
    return Caller(Role.STRANGER, credentials.sender, language_of(office, credentials, game),
                  NOT_PLAYER, actor=f"mail:{credentials.sender}")


def trusted(table: Table, address: str, actor: str = "") -> Caller:
    """A player at ``address`` as the CLI, the demo and the tests act for them: no proof
    asked (they hold the database)."""
    player = table.player_at(address)
    if player is None:
        lang = table.config.language if table.listed else table.services.config.server.language
        return Caller(Role.STRANGER, address, lang, NOT_PLAYER, actor=actor)
    role = Role.PLAYER if player.status is PlayerStatus.ACTIVE else Role.STRANGER
    return Caller(role, address, player.language, registered=True, actor=actor)


def game_master(config: Config | GameConfig, actor: str = "gm", lang: str | None = None) -> Caller:
    """The GM acting from the command line (or a test): ``actor`` names them in the audit."""
    language = lang or (config.language if isinstance(config, GameConfig) else config.server.language)
    address = config.gm_address if isinstance(config, GameConfig) else ""
    return Caller(Role.GM, address, language, gm=True, actor=actor)


def language_of(office: Office, credentials: Credentials, game: GameConfig | None) -> str:
    """A registered player's language (this game's, else any game's); else the mail's
    words' (the one guess, ``words/guess.py``); else the game's, or the server's."""
    known = office.language_of(credentials.sender, game.id if game is not None else None)
    if known is not None:
        return known
    fallback = game.language if game is not None else office.config.server.language
    return guess_language(credentials.text, fallback)


def _proof(token: str, password_hash: str, tags: Sequence[str], password: str | None) -> str | None:
    """R-MAIL-2: a reply to the player's token, or the player's password."""
    if any(hmac.compare_digest(tag.encode(), token.encode()) for tag in tags):
        return None
    if password is None:
        return NO_PASSWORD
    if verify_password(password, password_hash):
        return None
    return WRONG_PASSWORD


def reply_tags(addresses: Sequence[str], referee: str, separator: str) -> tuple[str, ...]:
    """The plus-tags of the referee's addresses a mail went to (a reply token is one)."""
    tags = (plus_tag(a, referee, separator) for a in addresses)
    return tuple(t for t in tags if t)


def check_secret(given: str | None, plain: str | None, hashed: str | None) -> bool:
    """A GM password against the config's plain or hashed one, in constant time."""
    if not given:
        return False
    if hashed:
        return verify_password(given, hashed)
    if plain:
        return hmac.compare_digest(given.encode(), plain.encode())
    return False
