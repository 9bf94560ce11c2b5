"""Majority orders from the other players' ballots (R-ONP-3 abandonment, R-ONP-5 civil disorder)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..board import Board
from ..legality import Void, check_unit_order
from ..orders import Hold, Order
from ..outcome import Source
from ..position import Position


@dataclass(frozen=True)
class Discarded:
    """A ballot order that was not counted, and why (for the GM and the end-of-game report)."""

    voter: str
    order: Order
    reason: str  # a reason code ("own_ballot": the power's own vote); words: reason.<code>
    detail: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tally:
    # unit location -> ((normal-form order, votes), ...), most votes first
    votes: Mapping[str, tuple[tuple[Order, int], ...]]
    discarded: tuple[Discarded, ...]


def tally_ballots(
    board: Board,
    position: Position,
    power: str,
    ballots: Mapping[str, Sequence[Order]],
    infer_single_coast: bool = True,
) -> Tally:
    """Count the votes for each unit of ``power``.

    ``ballots`` maps each voting power to the orders it sent for ``power``'s units.
    Not counted: the power's own ballot, orders for units that do not exist or belong to
    another power, and illegal orders. One vote per voter per unit: when a voter sent
    several legal orders for one unit, the last replaces the earlier (as a re-sent order
    does, R-ORD-7).
    """
    chosen: dict[tuple[str, str], Order] = {}
    discarded: list[Discarded] = []
    for voter in sorted(ballots):
        for order in ballots[voter]:
            if voter == power:
                discarded.append(Discarded(voter, order, "own_ballot"))
                continue
            checked = check_unit_order(board, position, power, order, infer_single_coast)
            if isinstance(checked, Void):
                discarded.append(Discarded(voter, order, checked.reason, checked.detail))
                continue
            key = (voter, checked.location)
            if key in chosen:
                discarded.append(Discarded(voter, chosen[key], "superseded"))
            chosen[key] = checked
    counters: dict[str, Counter[Order]] = {}
    for (_, location), order in chosen.items():
        counters.setdefault(location, Counter())[order] += 1
    votes = {loc: tuple(c.most_common()) for loc, c in sorted(counters.items())}
    return Tally(votes=votes, discarded=tuple(discarded))


def majority_orders(
    board: Board,
    position: Position,
    power: str,
    ballots: Mapping[str, Sequence[Order]],
    infer_single_coast: bool = True,
) -> list[tuple[Order, Source]]:
    """One order per unit of ``power``: the most voted, or a hold on a tie or no vote.

    A voted order (a voted hold included) has ``Source.BALLOT``; a hold given because
    no single order has the most votes has ``Source.DEFAULT``.
    """
    tally = tally_ballots(board, position, power, ballots, infer_single_coast)
    result: list[tuple[Order, Source]] = []
    for unit in sorted(position.units_of(power), key=lambda u: u.location):
        ranked = tally.votes.get(unit.location, ())
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):
            result.append((ranked[0][0], Source.BALLOT))
        else:
            result.append((Hold(power, unit.kind, unit.location), Source.DEFAULT))
    return result
