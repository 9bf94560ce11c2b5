"""A die anyone can recompute (R-AAE-PBEM-9, -10): SHA-256 of the die's own name.

A die's message is eight fields joined by ``|``: the step's key, the game, the step, the
battle, the round, the roll, the die's number in that roll and the digest of the orders that
ran. The die is ``b % 6 + 1`` for the first byte ``b`` of SHA-256(message) below 252 (252 is
the largest multiple of 6 in a byte, so every face is equally likely); a digest with no such
byte is hashed again. No ``random``: the same die on every machine, for every replay.
"""

from __future__ import annotations

import hashlib
import json
import shlex
from dataclasses import dataclass
from typing import Any

from .chain import check_key

# The rolls of R-AAE-PBEM-9, the words a die's message uses.
ROLLS = ("aa", "bombard", "first_strike", "attack", "defence", "escort", "intercept", "damage")
_BELOW = 252  # 6 * 42: bytes from 252 up would favour the low faces


@dataclass(frozen=True)
class DieName:
    """Everything a die is derived from, in message order."""

    key: str  # the step's key k_r, hex
    game: str  # the game id
    step: str  # "R03-GERMANY", "GM-7"
    battle: str  # "EPOL", "GBR/SBR", "NLB/AA4"
    round: int  # 0 before round 1 (AA, bombardment); a raid: 0 AA, 1 air battle, 2 damage
    roll: str  # one of ROLLS
    n: int  # the die's number in its roll, from 1
    digest: str  # orders_digest of the step's orders

    def fields(self) -> tuple[str, ...]:
        return (self.key, self.game, self.step, self.battle, str(self.round), self.roll,
                str(self.n), self.digest)

    def message(self) -> str:
        return "|".join(self.fields())


def die_of(message: str) -> int:
    """The die (1-6) of a message: the first byte below 252 of its SHA-256, rehashed if none."""
    digest = hashlib.sha256(message.encode("utf-8")).digest()
    while (value := face(digest)) is None:
        digest = hashlib.sha256(digest).digest()  # probability 2**-192 per digest
    return value


def face(digest: bytes) -> int | None:
    """The die a digest shows, or None when every byte is 252 or more (rehash it)."""
    for byte in digest:
        if byte < _BELOW:
            return byte % 6 + 1
    return None


def die(name: DieName) -> int:
    return die_of(name.message())


def canonical_json(value: Any) -> str:
    """The one JSON text a digest covers: keys sorted, no spaces, UTF-8 as written."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def orders_digest(value: Any) -> str:
    """SHA-256 in hex of the canonical JSON of a step's orders (the list of canonical lines
    that ran) or of a GM battle's input without its dice."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def check_name(name: DieName) -> DieName:
    """``name`` when its fields can make a die's message (a ``|`` would move the fields)."""
    check_key(name.key)
    if name.roll not in ROLLS:
        raise ValueError(f"unknown roll {name.roll!r}: one of {', '.join(ROLLS)}")
    if name.round < 0 or name.n < 1:
        raise ValueError("a die's round is 0 or more and its number 1 or more")
    for what, text in (("game", name.game), ("step", name.step), ("battle", name.battle),
                       ("digest", name.digest)):
        if "|" in text:
            raise ValueError(f"a die's {what} cannot hold '|'")
    return name


def die_recipe(name: DieName) -> str:
    """R-AAE-PBEM-10's shell line that prints the die of ``name`` with Python alone (it
    differs from ``die`` only where the rule rehashes: probability 2**-192)."""
    program = ('import hashlib,sys;h=hashlib.sha256("|".join(sys.argv[1:]).encode()).digest();'
               "print(next(b%6+1 for b in h if b<252))")
    return f"python3 -c '{program}' " + " ".join(shlex.quote(f) for f in name.fields())
