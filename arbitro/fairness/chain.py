"""The dice key chain (R-AAE-PBEM-8): keys committed before any die is rolled.

A secret 32-byte value ``s`` is the last key, k_N = s; every earlier key is the SHA-256 of
the next one over its 32 raw bytes, k_(r-1) = SHA-256(k_r), down to k_0, the *head*, which
the opening mail publishes. Each step that may roll dice takes the next unused key k_r and its
results mail reveals it; anyone checks SHA-256(k_r) = k_(r-1), and no one can compute k_r
from the keys already shown. Keys are written as 64 lower-case hex digits.

Pure: the secret is drawn by the caller (``draw(secrets.token_bytes)``), so nothing here reads
the system's entropy.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

LENGTH = 1000  # N: the keys of one chain (R-AAE-PBEM-8)
SECRET_BYTES = 32
HEX_DIGITS = frozenset("0123456789abcdef")


class ChainError(ValueError):
    """A key that is not 64 lower-case hex digits, or an index outside the chain."""


def hash_key(key: str) -> str:
    """SHA-256 of a key's 32 raw bytes, in hex: the key before it in its chain."""
    return hashlib.sha256(bytes.fromhex(check_key(key))).hexdigest()


def check_key(key: str) -> str:
    """``key`` itself when it is written as a key is (64 lower-case hex digits)."""
    if len(key) != 2 * SECRET_BYTES or not set(key) <= HEX_DIGITS:
        raise ChainError(f"a key is 64 lower-case hex digits, not {key[:70]!r}")
    return key


def links(key: str, earlier: str, steps: int = 1) -> bool:
    """Whether ``key`` hashes to ``earlier`` in ``steps`` hashes (1: the key just before it)."""
    check_key(earlier)
    for _ in range(steps):
        key = hash_key(key)
    return key == earlier


@dataclass(frozen=True)
class KeyChain:
    """One chain, known to the referee alone: its secret last key and its length."""

    secret: str  # k_N in hex
    length: int = LENGTH

    def __post_init__(self) -> None:
        check_key(self.secret)
        if self.length < 1:
            raise ChainError("a chain has at least one key")

    @property
    def head(self) -> str:
        """k_0, the commitment the opening mail publishes."""
        return self.key(0)

    def key(self, index: int) -> str:
        """k_index (0 is the head, ``length`` the secret)."""
        if not 0 <= index <= self.length:
            raise ChainError(f"key {index} is outside a chain of {self.length}")
        key = self.secret
        for _ in range(self.length - index):
            key = hash_key(key)
        return key

    def keys(self) -> tuple[str, ...]:
        """k_0 ... k_N, computed once (for a replay that reveals many)."""
        chain = [self.secret]
        for _ in range(self.length):
            chain.append(hash_key(chain[-1]))
        return tuple(reversed(chain))


def draw(entropy: Callable[[int], bytes], length: int = LENGTH) -> KeyChain:
    """A new chain from ``entropy(32)`` (the caller passes ``secrets.token_bytes``). The mail
    that reveals k_N of a chain commits the head of the next one drawn this way."""
    secret = entropy(SECRET_BYTES)
    if len(secret) != SECRET_BYTES:
        raise ChainError(f"the secret is {SECRET_BYTES} bytes, not {len(secret)}")
    return KeyChain(secret.hex(), length)


def chain_recipe(key: str, earlier: str) -> str:
    """R-AAE-PBEM-10's shell line that prints True when ``key`` follows ``earlier``."""
    return ("python3 -c 'import hashlib,sys;print(hashlib.sha256(bytes.fromhex(sys.argv[1]))"
            f".hexdigest()==sys.argv[2])' {key} {earlier}")
