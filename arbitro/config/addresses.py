"""The referee's own addresses: per game (``arbitro+milano1@host``), per relay alias
(``arbitro+milano1-francia@host``, issue 7, R-MAIL-3) and per player reply token.

Written by the service (reply addresses, help) and the press relay, recognised by the mail
layer (which game a mail names, whose token a reply carries).
"""

from __future__ import annotations

import re

GAME_ID = r"[a-z0-9_-]{1,32}"
ALIAS_SEPARATOR = "-"
_GAME_ID = re.compile(rf"^{GAME_ID}$")


def game_address(referee: str, game: str, separator: str = "+") -> str:
    """arbitro+<game>@host; the plain referee address when plus-addressing is off."""
    if not separator:
        return referee
    local, domain = referee.rsplit("@", 1)
    return f"{local}{separator}{game}@{domain}"


def relay_address(referee: str, game: str, alias: str, separator: str = "+") -> str:
    """arbitro+<game>-<alias>@host: where press to a nation's alias is sent."""
    if not separator:
        raise ValueError("relay aliases need plus-addressing (plus_separator is off)")
    return game_address(referee, f"{game}{ALIAS_SEPARATOR}{alias.lower()}", separator)


def plus_tag(address: str, referee: str, separator: str = "+") -> str | None:
    """The tag of a plus-address of the referee (lower-case), else None."""
    if not separator or "@" not in address or "@" not in referee:
        return None
    local, domain = address.strip().lower().rsplit("@", 1)
    ref_local, ref_domain = referee.strip().lower().rsplit("@", 1)
    prefix = ref_local + separator
    if domain != ref_domain or not local.startswith(prefix):
        return None
    tag = local[len(prefix) :]
    return tag if _GAME_ID.match(tag) else None
