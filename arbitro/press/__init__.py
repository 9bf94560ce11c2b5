"""Press between nations through the referee's relay (issue 7, R-MAIL-3): aliases, the
anonymising clean-up, the rules per game and phase, the archive and its publication.
See docs/PRESS.md."""

from .aliases import ANONYMOUS, BROADCAST, address_of, alias_of, resolve
from .publish import publish_press
from .relay import relay_press

__all__ = [
    "ANONYMOUS",
    "BROADCAST",
    "address_of",
    "alias_of",
    "publish_press",
    "relay_press",
    "resolve",
]
