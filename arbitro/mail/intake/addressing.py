"""Which game a mail names (the referee's own address forms are ``service.addresses``).

Three ways to name a game, strongest first: the address (``arbitro+milano1@host``), a
``[milano1]`` tag in the subject, a ``PARTITA milano1`` / ``GAME milano1`` / ``ПАРТИЯ milano1``
body line.
Relay aliases (issue 7, R-MAIL-3) are ``arbitro+milano1-francia@host``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ...config.addresses import ALIAS_SEPARATOR, GAME_ID, game_address, plus_tag, relay_address
from ..mime.message import InboundMail

_SUBJECT_TAG = re.compile(rf"\[\s*({GAME_ID})\s*\]", re.IGNORECASE)
_BODY_LINE = re.compile(
    rf"^\s*\*?(?:partita|game|партия)\*?\s*[:=]?\s*({GAME_ID})\s*\.?\s*$", re.IGNORECASE
)
BODY_LINES_SCANNED = 200


@dataclass(frozen=True)
class GameRef:
    game: str
    alias: str | None  # relay alias (a nation), only from an address
    source: str  # "address" | "subject" | "body"


def split_tag(tag: str, known_games: Collection[str] | None = None) -> tuple[str, str | None]:
    """(game, alias) of a tag. A known game id wins whole (ids may hold "-"); otherwise the
    longest known game before a "-" takes the rest as alias. Without known games the tag
    is the game."""
    if not known_games or tag in known_games:
        return tag, None
    cut = len(tag)
    while (cut := tag.rfind(ALIAS_SEPARATOR, 0, cut)) > 0:
        if tag[:cut] in known_games and tag[cut + 1 :]:
            return tag[:cut], tag[cut + 1 :]
    return tag, None


def find_games(
    mail: InboundMail,
    referee: str,
    separator: str = "+",
    known_games: Collection[str] | None = None,
) -> tuple[GameRef, ...]:
    """Every game the mail names, strongest source first, each game once. With
    ``known_games`` given, names of unknown games are dropped."""
    found: list[GameRef] = []
    for address in (*mail.to, *mail.cc, *mail.delivered_to):
        tag = plus_tag(address, referee, separator)
        if tag is not None:
            game, alias = split_tag(tag, known_games)
            found.append(GameRef(game, alias, "address"))
    for hit in _SUBJECT_TAG.finditer(mail.subject):
        found.append(GameRef(hit.group(1).lower(), None, "subject"))
    for line in _body_lines(mail.body):
        match = _BODY_LINE.match(line)
        if match:
            found.append(GameRef(match.group(1).lower(), None, "body"))
    if known_games is not None:
        found = [ref for ref in found if ref.game in known_games]
    seen: set[tuple[str, str | None]] = set()
    out: list[GameRef] = []
    for ref in found:
        if (ref.game, ref.alias) not in seen:
            seen.add((ref.game, ref.alias))
            out.append(ref)
    return tuple(out)


def find_game(
    mail: InboundMail,
    referee: str,
    separator: str = "+",
    known_games: Collection[str] | None = None,
) -> GameRef | None:
    games = find_games(mail, referee, separator, known_games)
    return games[0] if games else None


def _body_lines(body: str) -> Iterable[str]:
    for i, line in enumerate(body.split("\n")):
        if i >= BODY_LINES_SCANNED:
            return
        if not line.lstrip().startswith(">"):  # quoted history names old games
            yield line


__all__ = ["GameRef", "find_game", "find_games", "game_address", "plus_tag", "relay_address",
           "split_tag"]
