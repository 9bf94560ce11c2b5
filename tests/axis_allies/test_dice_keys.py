"""The key chain (R-AAE-PBEM-8) and the die (R-AAE-PBEM-9), checked against the one-line
recipes of R-AAE-PBEM-10 run as real ``python3 -c`` processes, as a player would run them."""

from __future__ import annotations

import hashlib
import re
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import shared_file

from arbitro.fairness.chain import ChainError, KeyChain, chain_recipe, draw, hash_key, links
from arbitro.fairness.dice import DieName, check_name, die, die_of, die_recipe, face, orders_digest

SECRET = "a1" * 32
GAME = "aae-0001"


def _shell(line: str) -> str:
    done = subprocess.run(["sh", "-c", line], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_chain_hashes_down_to_its_head():
    chain = KeyChain(SECRET, length=5)
    keys = chain.keys()
    assert keys[5] == SECRET and len(keys) == 6
    assert keys[0] == chain.head
    for r in range(1, 6):
        assert keys[r - 1] == hashlib.sha256(bytes.fromhex(keys[r])).hexdigest()
        assert chain.key(r) == keys[r]
        assert links(keys[r], keys[r - 1])
        assert links(keys[r], chain.head, steps=r)
    assert not links(keys[2], keys[0])
    with pytest.raises(ChainError):
        chain.key(6)


def test_a_full_chain_is_a_thousand_keys_and_draw_takes_the_callers_entropy():
    chain = draw(lambda n: bytes(range(n)))
    assert chain.length == 1000
    assert chain.secret == bytes(range(32)).hex()
    assert hash_key(chain.key(1000)) == chain.key(999)
    with pytest.raises(ChainError):
        draw(lambda n: b"short")


@pytest.mark.parametrize("bad", ["", "A1" * 32, "a1" * 31, "g1" * 32, "a1" * 33])
def test_keys_are_64_lower_case_hex_digits(bad):
    with pytest.raises(ChainError):
        KeyChain(bad)


def test_the_die_is_the_first_byte_below_252():
    assert face(bytes([252, 255, 7])) == 7 % 6 + 1
    assert face(bytes([251])) == 251 % 6 + 1
    assert face(bytes([255] * 32)) is None  # all high: R-AAE-PBEM-9 hashes again
    message = "x|y"
    first = hashlib.sha256(message.encode()).digest()
    assert die_of(message) == next(b % 6 + 1 for b in first if b < 252)


def test_the_die_message_is_eight_fields_in_order():
    name = DieName(SECRET, GAME, "R03-GERMANY", "NLB/AA4", 0, "aa", 2, "0" * 64)
    assert name.message() == f"{SECRET}|{GAME}|R03-GERMANY|NLB/AA4|0|aa|2|{'0' * 64}"
    assert check_name(name) is name
    for bad in (DieName(SECRET, GAME, "R|3", "EPOL", 1, "attack", 1, "0"),
                DieName(SECRET, GAME, "R03", "EPOL", 1, "shoot", 1, "0"),
                DieName(SECRET, GAME, "R03", "EPOL", 1, "attack", 0, "0")):
        with pytest.raises(ValueError):
            check_name(bad)


def test_the_digest_is_of_the_canonical_json():
    lines = ["BUY 4 infantry", "MOVE GER: 2 fighter -> POL"]
    text = '["BUY 4 infantry","MOVE GER: 2 fighter -> POL"]'
    assert orders_digest(lines) == hashlib.sha256(text.encode()).hexdigest()
    assert orders_digest({"b": 1, "a": "è"}) == hashlib.sha256('{"a":"è","b":1}'.encode()).hexdigest()


def test_the_dice_are_fair_enough_to_be_dice():
    """Six faces, each about a sixth of 6000 dice (a biased derivation would show)."""
    counts = [0] * 7
    for n in range(1, 6001):
        counts[die(DieName(SECRET, GAME, "R01-GERMANY", "EPOL", 1, "attack", n, "0" * 64))] += 1
    assert counts[0] == 0
    assert all(900 < c < 1100 for c in counts[1:]), counts


def _documented(prefix: str) -> str:
    """The recipe of R-AAE-PBEM-10 as the rules write it, without its placeholder arguments."""
    text = shared_file("docs", "AAE_RULES.md").read_text(encoding="utf-8")
    section = text[text.index("R-AAE-PBEM-10"):]
    for line in re.findall(r"`(python3 -c '[^`]*)`", section):
        if prefix in line:
            return line[: line.rindex("'") + 1]
    raise AssertionError(f"no recipe with {prefix!r} in R-AAE-PBEM-10")


def test_our_recipes_are_the_documented_ones():
    name = DieName(SECRET, GAME, "R01-GERMANY", "EPOL", 1, "attack", 1, "0" * 64)
    assert die_recipe(name).startswith(_documented("b%6+1") + " ")
    assert chain_recipe(SECRET, SECRET).startswith(_documented("fromhex") + " ")


@settings(max_examples=12, deadline=None)
@given(
    secret=st.binary(min_size=32, max_size=32),
    step=st.sampled_from(["R01-GERMANY", "R12-USA", "GM-7"]),
    battle=st.sampled_from(["EPOL", "GBR/SBR", "NLB/AA4", "BIS"]),
    round_=st.integers(0, 9),
    roll=st.sampled_from(["aa", "bombard", "first_strike", "attack", "defence", "escort",
                          "intercept", "damage"]),
    n=st.integers(1, 40),
)
def test_the_die_recipe_run_as_a_process_gives_the_codes_die(secret, step, battle, round_, roll, n):
    name = DieName(secret.hex(), GAME, step, battle, round_, roll, n, orders_digest([step, n]))
    assert _shell(die_recipe(name)) == str(die(name))


def test_the_chain_recipe_run_as_a_process_checks_a_link():
    chain = KeyChain(SECRET, length=3)
    assert _shell(chain_recipe(chain.key(2), chain.key(1))) == "True"
    assert _shell(chain_recipe(chain.key(2), chain.key(0))) == "False"
