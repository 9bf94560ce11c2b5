"""R-RET-3 over every choice a player can make for two dislodged units: whatever the
player orders, forgets or mistypes, the tacit retreats never cost the power a unit.

The retreat phase is played by the engine from its movement phase (the position of
test_unit_by_unit: Berlin may go to Kiel only; Munich to Kiel, Ruhr or Tyrolia).
"""

from __future__ import annotations

import itertools

from test_unit_by_unit import DOUBLE_DISLODGEMENT

from arbitro.contract import position_from_json, read_orders
from arbitro.diplomacy.board import province_of
from arbitro.diplomacy.orders import Disband, Retreat
from arbitro.diplomacy.outcome import Result, Source
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.rules import Rules


def _retreat_position(board):
    movement = position_from_json(board, DOUBLE_DISLODGEMENT)
    orders, unreadable = read_orders(board, DOUBLE_DISLODGEMENT, movement)
    assert not unreadable
    return play(board, movement, orders, Rules()).next


def test_R_RET_3_every_partial_order_set(board):
    position = _retreat_position(board)
    choices = {
        d.unit.location: [None, "D", "BOH", *d.retreats]  # BOH: never legal here
        for d in position.dislodged
    }
    assert sorted(choices) == ["BER", "MUN"]
    for picks in itertools.product(*choices.values()):
        orders = []
        for loc, pick in zip(choices, picks, strict=True):
            if pick == "D":
                orders.append(Disband("GERMANY", "A", loc))
            elif pick is not None:
                orders.append(Retreat("GERMANY", "A", loc, pick))
        out = play(board, position, {"GERMANY": orders}, Rules())
        stood = [r for r in out.results if r.result is not Result.VOID]
        assert sorted(province_of(r.order.location) for r in stood) == ["BER", "MUN"], picks
        if any(r.reason == "retreat_clash" and r.source is Source.PLAYER for r in stood):
            continue  # the player's own two retreats into Kiel: nothing left to save
        retreats = [r for r in stood if isinstance(r.order, Retreat)]
        for r in stood:
            if r.source is not Source.DEFAULT:
                continue
            others = {province_of(o.order.destination) for o in retreats if o is not r}
            if isinstance(r.order, Retreat):
                assert province_of(r.order.destination) not in others, (picks, out.results)
            else:  # disbanded only when every way out is taken by the power's own retreats
                (d,) = [x for x in position.dislodged if x.unit.location == r.order.location]
                assert set(d.retreats) <= others, (picks, out.results)
        germans = [u for u in out.next.units if u.power == "GERMANY" and u.province != "DEN"]
        assert len(germans) == len(retreats), (picks, out.results)
        assert all(r.result is Result.SUCCEEDS for r in retreats), (picks, out.results)
