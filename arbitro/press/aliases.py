"""Relay aliases: ``arbitro+<game>-<nation>@host`` per nation, and the broadcast alias.

A nation answers to its Italian and English names, its key and its Italian code, written
lower-case without accents, blanks as "_" (``francia``, ``france``, ``fra``); the alias the
referee writes follows the game's ``press_aliases`` language.
"""

from __future__ import annotations

import re
import unicodedata

from ..config.addresses import relay_address
from ..diplomacy.board import Board
from ..words import languages, say
from ..words.names import power_name

BROADCAST = "*"  # the alias of every nation at once
ANONYMOUS = "?"  # the alias anonymous grey press comes from: it takes no replies
# The aliases of every nation and of anonymous press are words of the reader's catalog
# (press.alias.*; addresses are ASCII: a Russian game's are the English ones). Besides
# every language's own, the reader takes the other forms players write.
_OTHER_FORMS = {"tutte": BROADCAST, "everyone": BROADCAST, "anonima": ANONYMOUS}


def broadcast_alias(lang: str) -> str:
    return say(lang, "press.alias.all")


def anonymous_alias(lang: str) -> str:
    return say(lang, "press.alias.anonymous")


def _reserved() -> dict[str, str]:
    out = dict(_OTHER_FORMS)
    for lang in languages():
        out[slug(broadcast_alias(lang))] = BROADCAST
        out[slug(anonymous_alias(lang))] = ANONYMOUS
    return out


def slug(name: str) -> str:
    """ "Turchia" -> "turchia", "Ottoman Empire" -> "ottoman_empire"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_")


def alias_of(board: Board, power: str, lang: str = "it") -> str:
    return slug(power_name(board, power, lang)) or slug(power)


def resolve(board: Board, alias: str) -> str | None:
    """The power key an alias names, BROADCAST, ANONYMOUS, or None when unknown."""
    wanted = slug(alias)
    reserved = _reserved()
    if wanted in reserved:
        return reserved[wanted]
    for key, p in board.powers.items():
        if wanted in {slug(n) for n in (key, p.name, p.name_it, p.name_en, p.code_it) if n}:
            return key
    return None


def address_of(
    referee: str, separator: str, game: str, board: Board, power: str, lang: str
) -> str:
    """The address the referee delivers ``power``'s press from."""
    if power == BROADCAST:
        alias = broadcast_alias(lang)
    elif power == ANONYMOUS:
        alias = anonymous_alias(lang)
    else:
        alias = alias_of(board, power, lang)
    return relay_address(referee, game, alias, separator)


def every_alias(board: Board, lang: str) -> list[str]:
    """The aliases a player may write to, for refusals and help."""
    return [alias_of(board, p, lang) for p in sorted(board.powers)] + [broadcast_alias(lang)]
