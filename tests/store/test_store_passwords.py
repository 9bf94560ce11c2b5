"""Passwords: salted scrypt, verified in constant time; malformed hashes never match (R-MAIL-2)."""

from __future__ import annotations

from arbitro.store import hash_password, is_password_hash, new_reply_token, verify_password


def test_a_hash_verifies_its_password_and_rejects_others() -> None:
    stored = hash_password("Diplomacy 1901!")
    assert verify_password("Diplomacy 1901!", stored)
    assert not verify_password("diplomacy 1901!", stored)
    assert not verify_password("", stored)
    assert "Diplomacy" not in stored


def test_hashes_are_salted() -> None:
    first, second = hash_password("same"), hash_password("same")
    assert first != second
    assert verify_password("same", first) and verify_password("same", second)


def test_non_ascii_passwords() -> None:
    stored = hash_password("perché-città")
    assert verify_password("perché-città", stored)
    assert not verify_password("perche-citta", stored)


def test_malformed_or_tampered_hashes_never_match() -> None:
    stored = hash_password("pw")
    prefix, n, r, p, salt, key = stored.split("$")
    tampered = [
        "",
        "pw",
        "plain:pw",
        f"bcrypt${n}${r}${p}${salt}${key}",
        f"{prefix}${n}${r}${p}${salt}",  # missing part
        f"{prefix}$1000${r}${p}${salt}${key}",  # N not a power of two
        f"{prefix}${2**30}${r}${p}${salt}${key}",  # cost too high to be ours
        f"{prefix}${n}${r}${p}${salt}$!!notbase64",
        f"{prefix}${n}${r}${p}${salt}${key[:-4]}AAA=",  # another key
    ]
    for bad in tampered:
        assert not verify_password("pw", bad), bad
    assert is_password_hash(stored)
    assert not any(is_password_hash(bad) for bad in tampered[:-1])


def test_reply_tokens_are_unique_lowercase_hex() -> None:
    tokens = {new_reply_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(len(t) == 24 and t == t.lower() and int(t, 16) >= 0 for t in tokens)
