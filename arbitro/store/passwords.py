"""Player and GM passwords: salted scrypt, verified in constant time; reply tokens."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

# scrypt cost: about 16 MiB and a few tens of milliseconds per check.
N, R, P = 2**14, 8, 1
_SALT_BYTES, _KEY_BYTES = 16, 32
PREFIX = "scrypt"


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _derive(password: str, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=dklen, maxmem=256 * 1024 * 1024
    )


def hash_password(password: str) -> str:
    """``scrypt$N$r$p$salt$key`` (base64): self-describing, so the cost can rise later."""
    salt = secrets.token_bytes(_SALT_BYTES)
    key = _derive(password, salt, N, R, P, _KEY_BYTES)
    return f"{PREFIX}${N}${R}${P}${_b64(salt)}${_b64(key)}"


def is_password_hash(text: str) -> bool:
    return _split(text) is not None


def _split(stored: str) -> tuple[int, int, int, bytes, bytes] | None:
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != PREFIX:
        return None
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt = base64.b64decode(parts[4], validate=True)
        key = base64.b64decode(parts[5], validate=True)
    except ValueError:
        return None
    # refuse absurd costs from a tampered row rather than exhaust memory
    if n < 2 or n & (n - 1) or n > 2**20 or not 1 <= r <= 32 or not 1 <= p <= 16 or not key:
        return None
    return n, r, p, salt, key


def verify_password(password: str, stored: str) -> bool:
    """True when ``password`` matches ``stored``; False for a wrong or malformed hash."""
    split = _split(stored)
    if split is None:
        return False
    n, r, p, salt, key = split
    candidate = _derive(password, salt, n, r, p, len(key))
    return hmac.compare_digest(candidate, key)


def new_reply_token() -> str:
    """A secret for reply addresses: lower-case hex survives case-folding mail systems."""
    return secrets.token_hex(12)


def new_password() -> str:
    """A password to mail to a player who was registered without one."""
    return secrets.token_urlsafe(9)
