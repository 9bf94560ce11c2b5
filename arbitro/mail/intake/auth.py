"""Who sent a mail, and whether they proved it (R-MAIL-2).

Orders count only from the player's registered address *and* with the player's
password (a ``PASSWORD ...`` / ``PAROLA ...`` line), or as a reply to a referee mail
whose Reply-To carried the player's secret token (``arbitro+<token>@host``).
"""

from __future__ import annotations

import hmac
import re
from dataclasses import dataclass

from ...service.addresses import plus_tag
from ...store import UnitOfWork, verify_password
from ...store.models import Player
from ..mime.message import InboundMail

_PASSWORD = re.compile(
    r"^\s*\*?(?:password|passwd|pwd|parola(?:\s+d['’]ordine)?|parolachiave|chiave)\*?"
    r"\s*[:=]?\s*(\S+)\s*$",
    re.IGNORECASE,
)


def take_password(body: str) -> tuple[str | None, str]:
    """The password written in the body, and the body without any password line.

    The first unquoted line counts; every other one (quoted with ``>``, or pasted
    history below the new text) is removed too, so no password ever reaches the order
    parser, the stored order text, the archive or a reply.
    """
    password = None
    kept = []
    for line in body.split("\n"):
        bare = line.lstrip(" \t>")
        m = _PASSWORD.match(bare)
        if m:
            if password is None and not line.lstrip().startswith(">"):
                password = m.group(1)
            continue
        kept.append(line)
    return password, "\n".join(kept)


@dataclass(frozen=True)
class Identity:
    player: Player | None  # the player of this game whose registered address sent it
    problem: str | None  # "no_password" | "wrong_password" | "not_player" | None


def identify(
    uow: UnitOfWork,
    game_id: str,
    mail: InboundMail,
    password: str | None,
    referee: str,
    separator: str,
) -> Identity:
    player = uow.players.by_address(game_id, mail.from_address)
    if player is None:
        return Identity(None, "not_player")
    for address in (*mail.to, *mail.cc, *mail.delivered_to):
        tag = plus_tag(address, referee, separator)
        if tag and hmac.compare_digest(tag.encode(), player.reply_token.encode()):
            return Identity(player, None)  # a reply to its token
    if password is None:
        return Identity(player, "no_password")
    if verify_password(password, player.password_hash):
        return Identity(player, None)
    return Identity(player, "wrong_password")


def check_secret(given: str | None, plain: str | None, hashed: str | None) -> bool:
    """A GM password against the config's plain or hashed one, in constant time."""
    if not given:
        return False
    if hashed:
        return verify_password(given, hashed)
    if plain:
        return hmac.compare_digest(given.encode(), plain.encode())
    return False
