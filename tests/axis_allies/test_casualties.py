"""Choosing casualties (R-AAE-PBEM-5): orders of loss completed, the places ranked, and each
taken while every place taken can still get a hit of its own."""

from __future__ import annotations

import pytest

from arbitro.axis_allies.casualties import Place, choose, fits
from arbitro.axis_allies.instructions import (
    FIRST_HIT,
    LAND_DEFENCE,
    SEA_ATTACK,
    SEA_DEFENCE,
    Instructions,
    loss_list_problem,
    ranking,
)

ORDER = ("GERMANY", "USSR", "UK", "USA")
SHIP = frozenset({"ships_only", "no_subs", "any"})
SUB = frozenset({"ships_only", "any"})
AIR = frozenset({"no_subs", "any"})
LAND = frozenset({"any"})


def _order(kind: str, listed: list[str] | None = None, space: str = "BIS"):
    losses = {} if listed is None else {kind: tuple(listed)}
    return Instructions(losses=losses).order_of_loss(kind, space)


def _taken(picks):
    return [(p.place.owner, p.place.type, "first_hit" if p.place.first_hit else "unit") for p in picks]


def test_a_list_stands_for_a_whole_order():
    assert ranking(("armour",), LAND_DEFENCE)[:5] == ("armour", "infantry", "artillery", "bomber",
                                                      "fighter")
    whole = ranking((), SEA_DEFENCE)
    assert whole[:7] == ("transport", "submarine", "destroyer", "fighter", "carrier",
                         "battleship", "infantry")
    assert FIRST_HIT not in whole  # a list that leaves it out has the first hit off
    assert set(whole) >= {"bomber", "armour", "artillery"}  # every type can be ranked


def test_where_an_order_comes_from():
    base = Instructions(losses={LAND_DEFENCE: ("armour",)},
                        losses_at={"GER": {LAND_DEFENCE: ("fighter",)}})
    assert base.order_of_loss(LAND_DEFENCE, "GER").source == "exception"
    assert base.order_of_loss(LAND_DEFENCE, "GER").ranks[0] == "fighter"
    assert base.order_of_loss(LAND_DEFENCE, "POL").source == "instruction"
    assert base.order_of_loss(SEA_DEFENCE, "BAL").source == "default"
    assert base.order_of_loss(SEA_DEFENCE, "BAL").first_hit_on()


@pytest.mark.parametrize("items,problem", [
    (["aa_gun"], "never a casualty"),
    (["infantry", "infantry"], "twice"),
    (["tank"], "unknown unit type"),
])
def test_bad_orders_of_loss_are_refused_with_a_reason(items, problem):
    assert problem in (loss_list_problem(items) or "")
    assert loss_list_problem(["battleship_first_hit", "transport"]) is None


def test_the_matching_beats_a_naive_greedy():
    """A destroyer's hit and a submarine's: the ship ranked first must take the submarine's hit
    so that the aircraft can take the other (S8: every hit that can be placed is taken)."""
    places = [Place(0, "UK", "transport", SHIP), Place(1, "UK", "fighter", AIR)]
    hits = {"ships_only": 1, "any": 1}
    assert fits([SHIP, AIR], hits)
    assert not fits([AIR, AIR], hits)
    picks = choose(places, hits, _order(SEA_ATTACK), "UK", ORDER)
    assert _taken(picks) == [("UK", "transport", "unit"), ("UK", "fighter", "unit")]


def test_a_place_no_hit_can_reach_is_passed_over():
    places = [Place(0, "UK", "fighter", AIR), Place(1, "UK", "destroyer", SHIP)]
    picks = choose(places, {"ships_only": 2}, _order(SEA_ATTACK, ["fighter"]), "UK", ORDER)
    assert _taken(picks) == [("UK", "destroyer", "unit")]
    assert [p.type for p in picks[0].passed] == ["fighter"]


def test_first_hit_on_and_off():
    bb = [Place(0, "GERMANY", "battleship", SHIP, first_hit=True),
          Place(0, "GERMANY", "battleship", SHIP), Place(1, "GERMANY", "transport", SHIP)]
    on = choose(bb, {"any": 1}, _order(SEA_DEFENCE), "GERMANY", ORDER)
    assert _taken(on) == [("GERMANY", "battleship", "first_hit")]
    off = choose(bb, {"any": 2}, _order(SEA_DEFENCE, ["transport"]), "GERMANY", ORDER)
    assert _taken(off) == [("GERMANY", "transport", "unit"), ("GERMANY", "battleship", "first_hit")]


def test_first_hits_of_several_battleships_before_any_sinks():
    places = [Place(0, "UK", "battleship", SHIP, first_hit=True), Place(0, "UK", "battleship", SHIP),
              Place(1, "USA", "battleship", SHIP, first_hit=True), Place(1, "USA", "battleship", SHIP)]
    picks = choose(places, {"any": 2}, _order(SEA_ATTACK, ["battleship"]), "UK", ORDER)
    assert _taken(picks) == [("UK", "battleship", "first_hit"), ("USA", "battleship", "first_hit")]


def test_a_battleship_sinks_only_through_its_first_hit():
    places = [Place(0, "UK", "battleship", SHIP, first_hit=True), Place(0, "UK", "battleship", SHIP),
              Place(1, "UK", "destroyer", SHIP)]
    order = _order(SEA_ATTACK, ["battleship", "destroyer", FIRST_HIT])
    assert _taken(choose(places, {"any": 2}, order, "UK", ORDER)) == [
        ("UK", "battleship", "first_hit"), ("UK", "battleship", "unit")]
    # one hit cannot both damage and sink it: the destroyer goes
    assert _taken(choose(places, {"any": 1}, order, "UK", ORDER)) == [("UK", "destroyer", "unit")]


def test_own_units_first_then_allies_in_turn_order_and_empty_before_loaded():
    places = [Place(0, "USA", "transport", SHIP), Place(1, "UK", "transport", SHIP, loaded=True),
              Place(2, "USSR", "transport", SHIP), Place(3, "UK", "transport", SHIP)]
    picks = choose(places, {"any": 4}, _order(SEA_ATTACK), "UK", ORDER)
    assert [p.place.piece for p in picks] == [3, 1, 2, 0]


def test_it_stops_when_the_hits_are_placed_or_the_places_run_out():
    places = [Place(i, "USSR", "infantry", LAND) for i in range(3)]
    assert len(choose(places, {"any": 2}, _order(LAND_DEFENCE), "USSR", ORDER)) == 2
    assert len(choose(places, {"any": 9}, _order(LAND_DEFENCE), "USSR", ORDER)) == 3
    assert choose(places, {"any": 0}, _order(LAND_DEFENCE), "USSR", ORDER) == ()
