"""R-END-3, an auditable nation draw: a secret seed from ``secrets`` fixed when the game is
created, its SHA-256 mailed to every player then, the seed revealed with the assignment;
anyone repeats the draw from what was mailed (also with the one-line recipe), and a game
with the same id draws from a new seed."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from datetime import timedelta

from service_helpers import BOARD, START, Driver, game_table, make_config

from arbitro.fairness.draw import assign_by_lot, assign_by_preferences, draw_order, ticket
from arbitro.service import Referee
from arbitro.store import open_store

HEX64 = r"[0-9a-f]{64}"


def opened_hash(body: str) -> str:
    found = re.findall(HEX64, body)
    assert len(found) == 1, body
    return found[0]


def revealed(body: str) -> tuple[str, str]:
    """(seed, hash) as the welcome mail states them, in either language."""
    seed = re.search(rf"(?:Seme del sorteggio|Seed of the draw): ({HEX64})", body)
    digest = re.search(rf"SHA-256[^:]*: ({HEX64})", body)
    assert seed and digest, body
    return seed.group(1), digest.group(1)


def table_in(body: str) -> dict[str, str]:
    """address -> power name from the numbered draw table of a welcome mail."""
    rows = re.findall(r"^\s+\d+\. (\S+@\S+): (\w[\w ]*?)(?: \(|$)", body, re.MULTILINE)
    return dict(rows)


def test_the_hash_comes_first_the_seed_with_the_assignment_and_the_draw_repeats(store):
    game_id = "lotto"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    assert referee.tick(START - timedelta(days=2)) == [f"{game_id}:created"]
    opened = d.outbox("opened:")
    assert len(opened) == 7 and not d.outbox("welcome:")
    published = {m.recipients[0]: opened_hash(m.body) for m in opened}
    assert len(set(published.values())) == 1  # the same fingerprint for everyone

    assert referee.tick(START) == [f"{game_id}:started"]
    holders = d.holders()
    players = sorted(holders.values())
    for mail in d.outbox("welcome:"):
        address = mail.recipients[0]
        seed, digest = revealed(mail.body)
        assert hashlib.sha256(seed.encode()).hexdigest() == digest == published[address]
        # Anyone repeats the draw from the revealed seed and the players' addresses.
        again = assign_by_lot(players, sorted(BOARD.powers), seed)
        assert again == {a: p for p, a in holders.items()}
        lang = "it" if "Seme" in mail.body else "en"
        shown = table_in(mail.body)
        assert shown == {a: BOARD.powers[p].name_it if lang == "it" else BOARD.powers[p].name_en
                         for a, p in again.items()}
    # The one-line recipe in the mail, run as printed, gives the orders the mail states.
    body = d.outbox("welcome:")[0].body
    lines = [line.strip() for line in body.splitlines() if line.strip().startswith("python3 -c")]
    assert len(lines) == 2
    seed, _ = revealed(body)
    out = [subprocess.run(line.replace("python3", sys.executable, 1), shell=True, check=True,
                          capture_output=True, text=True).stdout.split() for line in lines]
    assert out == [draw_order(seed, sorted(BOARD.powers)), draw_order(seed, players)]
    gm = d.outbox("started:")[0]
    assert seed in gm.body


def test_a_game_with_the_same_id_draws_from_a_new_seed(new_db):
    """Today's fixed seed let anyone compute the draw from the game id in advance."""
    draws = []
    seeds = set()
    for _ in range(3):
        store = open_store(new_db())
        try:
            referee = Referee(store, make_config(game_table("stessa")))
            referee.tick(START)
            d = Driver(referee, store, "stessa")
            draws.append(tuple(sorted(d.holders().items())))
            seeds.add(d.game().draw_seed)
        finally:
            store.close()
    assert len(seeds) == 3 and all(s and re.fullmatch(HEX64, s) for s in seeds)
    assert len(set(draws)) > 1  # three equal draws of 7! = 5040: one chance in 25 million


def test_preference_lists_draw_with_the_seed_and_are_revealed(store):
    """Ties by preference (R-END-3) go by the seed's draw order; the lists are published
    with the seed so that the assignment can be repeated."""
    game_id = "preferenze"
    table = game_table(game_id, assignment="preferences")
    everyone_france = ["FRANCE", "ITALY", "GERMANY", "ENGLAND", "AUSTRIA", "RUSSIA", "TURKEY"]
    for i, player in enumerate(table["players"]):
        player["preferences"] = everyone_france if i < 3 else list(reversed(everyone_france))
    referee = Referee(store, make_config(table))
    d = Driver(referee, store, game_id)
    referee.tick(START)
    seed = d.game().draw_seed
    holders = {a: p for p, a in d.holders().items()}
    prefs = {p["address"]: p["preferences"] for p in table["players"]}
    assert holders == assign_by_preferences(sorted(prefs), sorted(BOARD.powers), prefs, seed)
    first_three = draw_order(seed, [p["address"] for p in table["players"][:3]])
    assert [holders[a] for a in first_three] == ["FRANCE", "ITALY", "GERMANY"]
    body = d.outbox("welcome:")[0].body
    assert all(a in body for a in prefs) and ("Francia, Italia" in body or "France, Italy" in body)


def test_the_draw_is_a_pure_function_of_seed_players_and_preferences():
    """Known answers: SHA-256 of "seed:name" orders players and powers; the same on every
    platform (no Python ``random``)."""
    seed = "00" * 32
    powers = sorted(BOARD.powers)
    players = [f"p{i}@x.example" for i in range(7)]
    assert ticket(seed, "FRANCE") == hashlib.sha256(f"{seed}:FRANCE".encode()).hexdigest()
    order = draw_order(seed, powers)
    assert order == sorted(powers, key=lambda p: hashlib.sha256(f"{seed}:{p}".encode()).hexdigest())
    lot = assign_by_lot(players, powers, seed)
    assert lot == dict(zip(draw_order(seed, players), order, strict=True))
    assert lot == assign_by_lot(list(reversed(players)), list(reversed(powers)), seed)
    assert assign_by_lot(players, powers, "11" * 32) != lot
    # Fewer players than powers: the last powers in power order stay free.
    assert sorted(assign_by_lot(players[:3], powers, seed).values()) == sorted(order[:3])
    # One claimant of a nation gets it whatever the tickets; several: first in draw order.
    prefs = {players[0]: ["TURKEY"], players[1]: ["ITALY"], players[2]: ["ITALY"]}
    got = assign_by_preferences(players[:3], powers, prefs, seed)
    assert got[players[0]] == "TURKEY"
    winner = draw_order(seed, players[1:3])[0]
    assert got[winner] == "ITALY"
    loser = next(p for p in players[1:3] if p != winner)
    assert got[loser] == next(p for p in order if p not in ("TURKEY", "ITALY"))


def test_the_welcome_lists_the_units_in_the_readers_words(store):
    """Not "A MOS, F SEV, F STP/SC" in every language (issue 29 point 2): the units as the
    status mail and the confirmations write them."""
    game_id = "unita"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    referee.tick(START - timedelta(days=2))
    referee.tick(START)
    holders = d.holders()
    for mail in d.outbox("welcome:"):
        power = next(p for p, a in holders.items() if a == mail.recipients[0])
        if power != "RUSSIA":
            continue
        line = next(x for x in mail.body.splitlines() if x.startswith(("Le tue unità", "Your units")))
        assert "STP/SC" not in line and "A MOS" not in line, line
        assert ("San Pietroburgo" in line and "costa sud" in line) or ("St Petersburg" in line and " sc" in line), line
