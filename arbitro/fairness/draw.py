"""Who plays which nation (R-END-3): by lot, or by the players' secret preference lists.

Pure and auditable: every chance in the draw comes from SHA-256 of a secret seed (drawn
by the service, its hash published before the draw, the seed after it), so anyone can
repeat the draw with nothing but ``sha256``:

    ticket(x) = sha256(f"{seed}:{x}") in hex, for a player's address or a power's key

Players in ascending ticket order form the *draw order*; powers in ascending ticket order
form the *power order*. By lot, the players in draw order take the powers in power order.
By preferences, rank by rank: a free nation wanted at that rank by one waiting player goes
to them; wanted by several, to the one first in draw order (a lot among them: each ticket
is uniformly random); then the next rank. Those left (no list, or a short one) take what
is left, in draw order and power order. No Python ``random``: the result is the same on
every platform and version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence


def ticket(seed: str, name: str) -> str:
    """The draw ticket of a player address or a power key: sha256("seed:name") in hex."""
    return hashlib.sha256(f"{seed}:{name}".encode()).hexdigest()


def seed_hash(seed: str) -> str:
    """What is published before the draw: sha256 of the seed as written (hex text)."""
    return hashlib.sha256(seed.encode()).hexdigest()


def draw_order(seed: str, names: Sequence[str]) -> list[str]:
    """``names`` sorted by ticket."""
    return sorted(names, key=lambda n: ticket(seed, n))


def assign_by_lot(players: Sequence[str], powers: Sequence[str], seed: str) -> dict[str, str]:
    """player -> power. With fewer players than powers, the last powers in power order stay
    unassigned; more players than powers is an error."""
    if len(players) > len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    pool = draw_order(seed, sorted(set(powers)))
    chosen = dict(zip(draw_order(seed, players), pool, strict=False))
    return {player: chosen[player] for player in players}


def assign_by_preferences(
    players: Sequence[str],
    powers: Sequence[str],
    preferences: Mapping[str, Sequence[str]],
    seed: str,
) -> dict[str, str]:
    """R-END-3, rank by rank (see the module doc)."""
    if len(players) > len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    known = set(powers)
    free = set(known)
    waiting = draw_order(seed, players)  # ties go to the first of them in this order
    result: dict[str, str] = {}
    depth = max((len(p) for p in preferences.values()), default=0)
    for rank in range(depth):
        taken: dict[str, str] = {}
        for player in waiting:
            ranking = [p for p in preferences.get(player, ()) if p in known]
            if rank < len(ranking) and ranking[rank] in free and ranking[rank] not in taken:
                taken[ranking[rank]] = player
        for power, player in taken.items():
            result[player] = power
            free.discard(power)
        waiting = [p for p in waiting if p not in result]
    result.update(assign_by_lot(waiting, sorted(free), seed))
    return {player: result[player] for player in players}


def recipe(seed: str, names: Sequence[str]) -> str:
    """A shell line that prints ``names`` in draw order with Python's standard library."""
    quoted = " ".join(f"'{n}'" for n in names)
    return (
        "python3 -c \"import hashlib,sys; s=sys.argv[1]; "
        "print(*sorted(sys.argv[2:], key=lambda x: hashlib.sha256((s+':'+x).encode()).hexdigest()))\" "
        f"{seed} {quoted}"
    )
