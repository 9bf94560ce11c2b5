"""Standing instructions and battle orders (R-AAE-PBEM-4, -6): their defaults, and their JSON
in the contract's shape, read and written back unchanged."""

from __future__ import annotations

import pytest

from arbitro.aae_contract.shapes import (
    ContractError,
    read_battle_orders,
    read_instructions,
    write_battle_orders,
    write_instructions,
)
from arbitro.axis_allies.instructions import (
    ALL,
    DEFAULT_LOSSES,
    NO_INSTRUCTIONS,
    BattleOrders,
    Retreat,
    SubmergePolicy,
)

FULL = {"losses": {"land_defence": ["infantry", "artillery", "armour", "bomber", "fighter"],
                   "sea_attack": ["battleship_first_hit", "transport", "submarine"],
                   "aa": ["bomber", "fighter"]},
        "losses_at": {"GER": {"land_defence": ["infantry", "armour", "artillery", "fighter",
                                               "bomber"]}},
        "submerge": {"default": "never", "at": {"BIS": "after_round:1", "BAL": "when_alone"}},
        "intercept": {"default": "all", "at": {"GER": 1, "NIT": "none"}}}


def test_nothing_set_is_every_default():
    assert NO_INSTRUCTIONS.order_of_loss("land_attack", "EPOL").ranks[:5] == DEFAULT_LOSSES[
        "land_attack"]
    assert NO_INSTRUCTIONS.submerge_policy("BIS") == (SubmergePolicy("never"), "default")
    assert NO_INSTRUCTIONS.interceptors("GER") == (ALL, "default")
    assert read_instructions({}, "x") == NO_INSTRUCTIONS
    assert write_instructions(NO_INSTRUCTIONS) == {}


def test_the_contracts_instructions_read_and_write_back_unchanged():
    read = read_instructions(FULL, "instructions.GERMANY")
    assert read.submerge_policy("BIS") == (SubmergePolicy("after_round", 1), "exception")
    assert read.submerge_policy("BAL")[0].mode == "when_alone"
    assert read.submerge_policy("NTH") == (SubmergePolicy("never"), "instruction")
    assert read.interceptors("GER") == (1, "exception")
    assert read.interceptors("NIT") == (0, "exception")
    assert read.interceptors("GBR") == (ALL, "instruction")
    assert write_instructions(read) == FULL


@pytest.mark.parametrize("data,message", [
    ({"losses": {"land_defence": ["infantry", "infantry"]}}, "named twice"),
    ({"losses": {"land": ["infantry"]}}, "unknown field 'land'"),
    ({"losses": {"aa": ["aa_gun"]}}, "never a casualty"),
    ({"submerge": {"default": "after_round:-1"}}, "not never, after_round:N or when_alone"),
    ({"submerge": {"default": "after_round:²"}}, "not never, after_round:N or when_alone"),
    ({"intercept": {"default": -1}}, "'all', 'none' or a number"),
    ({"intercept": {"default": True}}, "'all', 'none' or a number"),
    ({"interceptors": 2}, "unknown field 'interceptors'"),
])
def test_instructions_not_of_the_shape_are_refused(data, message):
    with pytest.raises(ContractError, match=message):
        read_instructions(data, "instructions.UK")


def test_a_retreat_at_a_round_below_a_count_or_both():
    at_two = Retreat("POL", after_round=2)
    assert [at_two.due(r, 9) for r in (1, 2, 3)] == [False, True, True]
    below = Retreat("POL", below=3)
    assert [below.due(1, n) for n in (2, 3)] == [True, False]
    both = Retreat("POL", after_round=2, below=3)
    assert [both.due(1, 1), both.due(2, 3), both.due(3, 2)] == [False, False, True]
    with pytest.raises(ValueError):
        Retreat("POL")


def test_battle_orders_read_and_write_back_unchanged():
    for data in ({}, {"submerge": "stall"}, {"submerge": {"from_round": 3}},
                 {"retreat": {"to": "POL", "after_round": 2, "below": 3, "count": "land"}},
                 {"retreat": {"to": "POL", "after_round": 1}, "submerge": {"from_round": 2}}):
        assert write_battle_orders(read_battle_orders(data, "orders")) == data
    assert read_battle_orders(None, "orders") == BattleOrders()
    for bad, message in (({"retreat": {"to": "POL"}}, "needs after_round, below, or both"),
                         ({"retreat": {"below": 2}}, "to must be"),
                         ({"retreat": {"to": "POL", "below": 2, "count": "ships"}}, "'all' or 'land'"),
                         ({"submerge": "now"}, "submerge must be an object")):
        with pytest.raises(ContractError, match=message):
            read_battle_orders(bad, "orders")
