"""Press between nations through the referee's relay (issue 7, R-MAIL-3): aliases, the
anonymising clean-up, the rules per game and phase. The mail layer reads a mail into a
``Letter``; the archive's publication at the end is the service's. See docs/PRESS.md."""

from .aliases import ANONYMOUS, BROADCAST, address_of, alias_of, resolve
from .letter import Image, Letter
from .relay import relay_press

__all__ = [
    "ANONYMOUS",
    "BROADCAST",
    "Image",
    "Letter",
    "address_of",
    "alias_of",
    "relay_press",
    "resolve",
]
