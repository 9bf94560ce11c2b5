"""Whole random games under ``forum_ru``: the engine never raises, and ownership changes
only as the house rules say (holding, the unique weapon, gifts)."""

from __future__ import annotations

import random

import pytest

from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.orders import Allow, Gift, Strike
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import MOVEMENT, home_territories, start_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

FORUM = Rules(defaults="standard", ruleset="forum_ru")


def _house_orders(board, position, rng):
    """Now and then a strike, a gift or a passage for each power."""
    out: dict[str, list] = {}
    for power in board.powers:
        mine = [u for u in position.units if u.power == power]
        if mine and power not in position.weapons_used and rng.random() < 0.15:
            origin = rng.choice(mine).province
            out.setdefault(power, []).append(Strike(power, rng.choice(sorted(board.neighbours(origin))), origin))
        owned = sorted(p for p in position.territories if position.territories[p] == power)
        if owned and rng.random() < 0.1:
            out.setdefault(power, []).append(Gift(power, rng.choice(owned), rng.choice(sorted(board.powers))))
        if rng.random() < 0.1:
            out.setdefault(power, []).append(Allow(power, (rng.choice(sorted(board.powers)),)))
    return out


@pytest.mark.parametrize("seed", range(5))
def test_random_forum_game(seed):
    board = load_board("forum_ru")
    rng = random.Random(seed)
    position = start_position(board)
    position = type(position)(position.phase, position.units, position.centres,
                              territories=home_territories(board))
    strikes = 0
    for _ in range(40):
        orders = random_orders(board, position, rng)
        if position.phase.kind == MOVEMENT:
            for power, extra in _house_orders(board, position, rng).items():
                orders.setdefault(power, []).extend(extra)
        out = play(board, position, orders, FORUM)
        nxt = out.next
        provinces = [u.province for u in nxt.units]
        assert len(provinces) == len(set(provinces))
        assert position.weapons_used <= nxt.weapons_used
        for p, owner in nxt.territories.items():
            assert not board.provinces[p].is_sea and not board.provinces[p].supply_centre
            assert owner in board.powers
        for d in nxt.dislodged:
            for r in d.retreats:
                owner = nxt.centres.get(r.split("/")[0])
                assert owner in (None, d.unit.power), (d, r)  # R-RU-1
        if position.phase.kind == MOVEMENT:
            struck = {r.detail[0] for r in out.results
                      if isinstance(r.order, Strike) and r.result is Result.SUCCEEDS}
            given = {r.order.province for r in out.results
                     if isinstance(r.order, Gift) and r.result is Result.SUCCEEDS}
            strikes += len(struck)
            after = out.after or nxt
            holders = {u.province: u.power for u in position.units}
            for p in set(position.territories) | set(after.territories):
                old, new = position.territories.get(p), after.territories.get(p)
                if old != new:
                    # taken by a unit that stood there all the phase, by a strike, or a gift
                    assert holders.get(p) == new or p in struck or p in given, (p, old, new)
        if out.winner:
            break
        position = nxt
    assert strikes > 0
