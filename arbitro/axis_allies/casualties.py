"""Choosing casualties (R-AAE-PBEM-5): the places ranked by the chooser's order of loss, and each
taken while the places taken can still all be matched to distinct hits they may receive.

Each unit is one place; an undamaged battleship two, its damaging first hit and its sinking.
Hits come in classes (a submarine's go on ships only, an aircraft's on anything but submarines
unless a destroyer of its side is there, R-AAE-COMBAT-5), so not every hit fits every place.
Walking down the ranking and keeping a place only when the set taken still has a matching onto
distinct hits is the greedy algorithm on a transversal matroid: it places as many hits as the
rules allow (S8: a hit that can be placed must be) and, among those choices, the one the order
of loss prefers. Whether a set has such a matching is Hall's condition, checked over the few
kinds of place there are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .instructions import FIRST_HIT, OrderOfLoss


@dataclass(frozen=True)
class Place:
    """One casualty place: a unit, or the first hit of an undamaged battleship."""

    piece: int  # the unit's number in its battle
    owner: str
    type: str
    accepts: frozenset[str]  # the hit classes it may receive
    first_hit: bool = False  # the damaging first hit (the sinking is another place)
    loaded: bool = False  # a transport or carrier with cargo (taken after an empty one)


@dataclass(frozen=True)
class Pick:
    """A place taken: its rank in the completed order of loss (from 0), and the places ranked
    above it that were passed over because no hit left could go on them."""

    place: Place
    rank: int
    rank_name: str
    passed: tuple[Place, ...] = ()


def rank_name(place: Place, order: OrderOfLoss) -> str:
    """Where a place ranks: its first hit where the list names it, else with its type."""
    return FIRST_HIT if place.first_hit and order.first_hit_on() else place.type


def ranked(places: Sequence[Place], order: OrderOfLoss, chooser: str,
           turn_order: Sequence[str]) -> list[tuple[int, Place]]:
    """The places in the order the chooser loses them: by rank; within a rank first hits before
    sinkings, the chooser's own units before its allies' (in turn order), an empty transport or
    carrier before a loaded one."""
    index = {name: i for i, name in enumerate(order.ranks)}
    owners = {power: i + 1 for i, power in enumerate(turn_order)}
    owners[chooser] = 0

    def key(place: Place) -> tuple[int, int, int, int, int]:
        return (index.get(rank_name(place, order), len(index)), 0 if place.first_hit else 1,
                owners.get(place.owner, len(owners) + 1), int(place.loaded), place.piece)

    return [(index.get(rank_name(p, order), len(index)), p) for p in sorted(places, key=key)]


def fits(taken: Sequence[frozenset[str]], hits: Mapping[str, int]) -> bool:
    """Whether places accepting these classes can each get a hit of its own (Hall's condition:
    every family of kinds of place needs at least as many hits in the classes it accepts)."""
    kinds = Counter(taken)
    sets = list(kinds)
    for mask in range(1, 1 << len(sets)):
        family = [s for i, s in enumerate(sets) if mask >> i & 1]
        classes = frozenset().union(*family)
        if sum(kinds[s] for s in family) > sum(hits.get(c, 0) for c in classes):
            return False
    return True


def choose(places: Sequence[Place], hits: Mapping[str, int], order: OrderOfLoss, chooser: str,
           turn_order: Sequence[str]) -> tuple[Pick, ...]:
    """The places the hits take, in the order taken (R-AAE-PBEM-5)."""
    total = sum(hits.values())
    first_hits = {p.piece: p for p in places if p.first_hit}
    taken: list[Place] = []
    taken_ids: set[tuple[int, bool]] = set()
    picks: list[Pick] = []
    passed: list[Place] = []
    for rank, place in ranked(places, order, chooser, turn_order):
        if len(taken) >= total:
            break
        if (place.piece, place.first_hit) in taken_ids:
            continue  # a first hit already taken with its sinking
        bundle = [place]
        first = first_hits.get(place.piece)
        if not place.first_hit and first is not None and (first.piece, True) not in taken_ids:
            bundle.insert(0, first)  # a battleship sinks only through its first hit
        if len(taken) + len(bundle) > total or not fits([p.accepts for p in taken + bundle], hits):
            passed.append(place)
            continue
        for item in bundle:
            taken.append(item)
            taken_ids.add((item.piece, item.first_hit))
            picks.append(Pick(item, rank, rank_name(item, order), tuple(passed)))
            passed = []
    return tuple(picks)
