"""Stored positions keep what house rules add (territories, spent weapons) and read back."""

from __future__ import annotations

from arbitro.diplomacy.orders import Allow, Confirm, Gift, Strike, Treaty
from arbitro.diplomacy.position import Unit, make_position
from arbitro.store.codec import order_json, orders_of, position_json, position_of
from arbitro.variants import load_board

BOARD = load_board("forum_ru")


def test_a_forum_position_round_trips():
    position = make_position(
        "F1902R", [Unit("RUSSIA", "A", "GAL")], {"WAR": "RUSSIA"},
        territories={"GAL": "RUSSIA", "UKR": "AUSTRIA"}, weapons_used=["RUSSIA"],
    )
    stored = position_json(position)
    assert stored["territories"] == {"AUSTRIA": ["UKR"], "RUSSIA": ["GAL"]}
    assert stored["weapons_used"] == ["RUSSIA"]
    assert position_of(BOARD, stored) == position


def test_a_standard_position_is_stored_as_before():
    stored = position_json(make_position("S1901M", [Unit("FRANCE", "A", "PAR")], {"PAR": "FRANCE"}))
    assert set(stored) == {"phase", "units", "dislodged", "centers"}


def test_power_orders_round_trip_as_stored_texts():
    orders = [Strike("RUSSIA", "MUN", "BOH"), Gift("RUSSIA", "UKR", "AUSTRIA"),
              Allow("RUSSIA", ("AUSTRIA", "TURKEY")), Treaty("RUSSIA", ("TURKEY",), "peace: and quiet"),
              Confirm("RUSSIA", "AUSTRIA")]
    assert orders_of(BOARD, "RUSSIA", [order_json(o) for o in orders]) == orders
