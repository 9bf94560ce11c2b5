"""Whole random games: the engine never raises and keeps the rules' invariants."""

import random

import pytest

from arbitro.diplomacy.legal_orders import legal_orders, random_orders
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import ADJUSTMENT, MOVEMENT, start_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("defaults", ["standard", "italian"])
def test_random_game_keeps_invariants(seed, defaults):
    board = load_board("standard")
    rules = Rules(defaults=defaults)
    rng = random.Random(seed)
    position = start_position(board)
    for _ in range(40):
        orders = random_orders(board, position, rng)
        out = play(board, position, orders, rules)
        given = sum(len(v) for v in orders.values())
        assert len([r for r in out.results if r.source.value == "player"]) == given
        if position.phase.kind == MOVEMENT:
            # random orders are legal; only a convoy whose army went by land (no route
            # of convoying fleets) may come back void
            void = [r for r in out.results if r.result is Result.VOID]
            assert all(r.reason == "convoy_mismatch" for r in void), void
        nxt = out.next
        provinces = [u.province for u in nxt.units]
        assert len(provinces) == len(set(provinces))
        for u in nxt.units:
            assert board.unit_can_stand(u.kind, u.location), u
        for d in nxt.dislodged:
            assert all(board.can_move(d.unit.kind, d.unit.location, r) for r in d.retreats)
            assert not {r.split("/")[0] for r in d.retreats} & set(provinces)
        if position.phase.kind == ADJUSTMENT:
            for power in board.powers:
                assert len(nxt.units_of(power)) <= max(
                    len(nxt.centres_of(power)), len(position.units_of(power))
                )
        if out.winner:
            break
        position = nxt


def test_every_legal_order_of_the_start_is_adjudicated_as_legal():
    board = load_board("standard")
    start = start_position(board)
    for unit in start.units:
        for order in legal_orders(board, start, unit):
            out = play(board, start, {unit.power: [order]}, Rules(defaults="standard"))
            (res,) = [r for r in out.results if r.order == order]
            # supports and convoys of orders not given are void; everything else is legal
            if res.result is Result.VOID:
                assert res.reason in ("support_mismatch", "support_hold_of_move", "convoy_mismatch"), (order, res)
