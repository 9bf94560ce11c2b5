"""Press between nations through the referee's relay (issue 7, R-MAIL-3), as rules over
values: aliases, the rules per game and phase (``rules.judge``: who may write to whom,
modes, anonymity), the anonymising clean-up. The mail layer reads a mail into a
``Letter``; the service's relay (``service/press.py``) reads the game, judges the letter
with these rules and queues what they allow; the archive's publication at the end is the
service's too. See docs/PRESS.md."""

from .aliases import ANONYMOUS, BROADCAST, address_of, alias_of, resolve
from .letter import Image, Letter
from .rules import Press, Refusal, Seats, judge

__all__ = [
    "ANONYMOUS",
    "BROADCAST",
    "Image",
    "Letter",
    "Press",
    "Refusal",
    "Seats",
    "address_of",
    "alias_of",
    "judge",
    "resolve",
]
