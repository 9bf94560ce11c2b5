"""The standard map data (R-MAP-1..3), checked against the reference map when present."""

import json

import pytest
from shared_data import shared_file

from arbitro.diplomacy.board import Terrain
from arbitro.diplomacy.position import start_position
from arbitro.variants import load_board


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def test_r_map_1_provinces_centres_and_coasts(board):
    passable = [p for p in board.provinces.values() if p.terrain is not Terrain.IMPASSABLE]
    assert len(passable) == 75
    assert board.provinces["SWI"].terrain is Terrain.IMPASSABLE
    assert len(board.supply_centres) == 34
    split = {p.code: p.coasts for p in board.provinces.values() if p.coasts}
    assert split == {
        "BUL": ("BUL/EC", "BUL/SC"),
        "SPA": ("SPA/NC", "SPA/SC"),
        "STP": ("STP/NC", "STP/SC"),
    }
    # canals: one coast, fleets pass through
    assert board.can_move("F", "BAL", "KIE") and board.can_move("F", "KIE", "HEL")
    assert board.can_move("F", "BLA", "CON") and board.can_move("F", "CON", "AEG")
    # Denmark borders Sweden for armies and fleets
    assert board.can_move("A", "DEN", "SWE") and board.can_move("F", "DEN", "SWE")


def test_r_map_2_start_position(board):
    start = start_position(board)
    assert str(start.phase) == "S1901M"
    got = {(u.power, str(u)) for u in start.units}
    assert len(got) == 22
    assert ("RUSSIA", "F STP/SC") in got and ("ENGLAND", "A LVP") in got
    assert len(set(start.centres)) == 22
    neutral = board.supply_centres - set(start.centres)
    assert len(neutral) == 12


def test_r_map_3_home_territory_is_map_data(board):
    assert board.powers["GERMANY"].home_territory == {"KIE", "BER", "MUN", "RUH", "PRU", "SIL"}
    for power in board.powers.values():
        assert power.home_centres <= power.home_territory


def test_italian_names_and_codes(board):
    assert board.provinces["BLA"].code_it == "MNE"
    assert board.provinces["NTH"].name_it == "Mare del Nord"
    assert board.provinces["WAL"].code_it == "Gls"
    assert board.powers["ENGLAND"].name_it == "Inghilterra"


def test_every_adjacency_matches_the_reference_map(board):
    ref = json.loads(shared_file("variants", "standard", "standard.json").read_text())
    assert set(ref["provinces"]) == set(board.provinces)
    for code, prov in ref["provinces"].items():
        assert board.army_moves[code] == set(prov["army"]), code
        if prov["coasts"]:
            for coast, targets in prov["coasts"].items():
                assert board.fleet_moves[f"{code}/{coast}"] == set(targets), (code, coast)
        else:
            assert board.fleet_moves.get(code, frozenset()) == set(prov["fleet"] or ()), code
        assert board.provinces[code].supply_centre == prov["sc"], code
