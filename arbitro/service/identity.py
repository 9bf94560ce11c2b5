"""Resolving the ``Caller`` (``access.py``) once, from the plain values a mail carries, or
for the command line, the demo and the tests."""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from ..config import Config, GameConfig
from ..config.addresses import plus_tag
from ..store import PlayerStatus, verify_password
from ..words.guess import guess_language
from .access import NO_PASSWORD, NOT_PLAYER, WRONG_PASSWORD, Caller, Credentials, Role, check_secret
from .table import Office, Table


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


