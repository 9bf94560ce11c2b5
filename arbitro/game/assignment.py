"""Who plays which nation (R-END-3): by lot, or by the players' secret preference lists.

Pure: the caller passes a ``random.Random`` seeded from something stable (the game id),
so the same game always draws the same way, also after a restart.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence


def assign_by_lot(
    players: Sequence[str], powers: Sequence[str], rng: random.Random
) -> dict[str, str]:
    """player -> power, drawn at random. With fewer players than powers, some powers stay
    unassigned; more players than powers is an error."""
    if len(players) > len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    pool = sorted(powers)
    rng.shuffle(pool)
    return {player: pool[i] for i, player in enumerate(players)}


def assign_by_preferences(
    players: Sequence[str],
    powers: Sequence[str],
    preferences: Mapping[str, Sequence[str]],
    rng: random.Random,
) -> dict[str, str]:
    """R-END-3: for rank 1, 2, ...: a nation chosen at that rank by exactly one unassigned
    player goes to that player; one chosen by several goes by lot to one of them; then the
    next rank for the players and nations left. Players without a list (or with a short
    one) take what is left by lot at the end."""
    if len(players) > len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    known = set(powers)
    free_powers = sorted(known)
    waiting = list(players)
    result: dict[str, str] = {}
    depth = max((len(p) for p in preferences.values()), default=0)
    for rank in range(depth):
        wanted: dict[str, list[str]] = {}
        for player in waiting:
            ranking = [p for p in preferences.get(player, ()) if p in known]
            if rank < len(ranking) and ranking[rank] in free_powers:
                wanted.setdefault(ranking[rank], []).append(player)
        for power in sorted(wanted):
            claimants = wanted[power]
            winner = claimants[0] if len(claimants) == 1 else rng.choice(sorted(claimants))
            result[winner] = power
            free_powers.remove(power)
            waiting.remove(winner)
    rest = assign_by_lot(waiting, free_powers, rng)
    result.update(rest)
    return {player: result[player] for player in players}


def game_rng(game_id: str) -> random.Random:
    """The draw of one game: the same id always gives the same sequence."""
    return random.Random(f"arbitro-assignment:{game_id}")
