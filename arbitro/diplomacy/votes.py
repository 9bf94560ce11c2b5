"""Secret votes to end a game (issue 17): what a vote says, its public commitment, and
when the votes on file end the game. Pure: no clock, no randomness (the salt is given).

A vote is committed by ``sha256(canonical(...))``: the text names the game, the vote's
number, the power, the choice and a random salt, so that the digest published in a results
mail reveals nothing until the salt is revealed at the end, and then proves the vote.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Set
from dataclasses import dataclass

DRAW = "draw"
CONCEDE = "concede"
WITHDRAW = "withdraw"
KINDS = (DRAW, CONCEDE, WITHDRAW)


@dataclass(frozen=True)
class Vote:
    power: str
    kind: str  # draw | concede | withdraw
    # draw: the powers of the draw, () = every survivor (DIAS); concede: (the winner,)
    powers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    """What the votes decided: a draw among ``powers``, or a concession to ``powers[0]``."""

    kind: str  # draw | concede
    powers: tuple[str, ...]


def choice(vote: Vote) -> str:
    """The choice as the canonical text writes it: DRAW:ALL, DRAW:FRANCE+GERMANY,
    CONCEDE:FRANCE, WITHDRAW."""
    if vote.kind == DRAW:
        return "DRAW:" + ("+".join(sorted(vote.powers)) or "ALL")
    if vote.kind == CONCEDE:
        return "CONCEDE:" + vote.powers[0]
    return "WITHDRAW"


def canonical(game_id: str, number: int, vote: Vote, salt: str) -> str:
    """The committed text: ``arbitro-vote:<game>:<number>:<power>:<choice>:<salt>``."""
    return f"arbitro-vote:{game_id}:{number}:{vote.power}:{choice(vote)}:{salt}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def draw_set(vote: Vote, survivors: Set[str]) -> frozenset[str]:
    """The powers a draw vote shares the game among, as things stand: a named power
    eliminated since the vote is no longer part of it."""
    return frozenset(vote.powers) & survivors if vote.powers else frozenset(survivors)


def verdict(standing: Mapping[str, Vote], playing: Set[str], survivors: Set[str]) -> Verdict | None:
    """The game's end when the votes of every power still played agree, else None.

    ``standing``: each power's newest vote; ``playing``: powers with a player (powers in
    civil disorder or abandoned never block); ``survivors``: powers not eliminated.
    A draw needs every playing power to vote for the same set of powers. A concession to a
    power needs every other playing power to concede to it (the winner's own vote does
    not matter), and at least one such vote.
    """
    if not playing:
        return None
    votes = {p: standing[p] for p in playing if p in standing and standing[p].kind != WITHDRAW}
    if len(votes) == len(playing) and all(v.kind == DRAW for v in votes.values()):
        sets = {draw_set(v, survivors) for v in votes.values()}
        if len(sets) == 1:
            (powers,) = sets
            if len(powers) == 1:
                return Verdict(CONCEDE, tuple(powers))
            if powers:
                return Verdict(DRAW, tuple(sorted(powers)))
    winners = {v.powers[0] for v in votes.values() if v.kind == CONCEDE}
    for winner in sorted(winners & set(survivors)):
        others = set(playing) - {winner}
        if others and all(p in votes and votes[p].kind == CONCEDE and votes[p].powers[0] == winner
                          for p in others):
            return Verdict(CONCEDE, (winner,))
    return None
