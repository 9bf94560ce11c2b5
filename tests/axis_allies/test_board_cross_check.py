"""maps/aae_europe.toml against the facts of ../shared/variants/aae/europe.json: every space, name,
adjacency, canal, set-up unit and value matches (the board is re-encoded, never copied)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from shared_data import shared_file

from arbitro.aae_contract.board_file import load_board
from arbitro.axis_allies.board import Board, BoardError, board_from_dict


@pytest.fixture(scope="module")
def facts() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(shared_file("variants", "aae", "europe.json").read_text("utf-8"))
    return data


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def test_powers_in_turn_order_with_sides_capitals_and_cash(board: Board, facts: dict[str, Any]) -> None:
    expected = sorted(facts["powers"].items(), key=lambda kv: kv[1]["turn"])
    assert board.turn_order == tuple(code for code, _ in expected)
    for code, p in expected:
        mine = board.power(code)
        assert (mine.en, mine.it, mine.side, mine.turn, mine.capital) == (
            p["name"], p["it"], p["side"], p["turn"], p["capital"])
        assert mine.cash == facts["start"]["cash"][code]
    assert set(board.holders) == set(facts["holders"])
    for code, h in facts["holders"].items():
        assert (board.holders[code].side, board.holders[code].it) == (h["side"], h["it"])


def test_every_territory_and_zone(board: Board, facts: dict[str, Any]) -> None:
    assert set(board.territories()) == set(facts["territories"])
    assert set(board.zones()) == set(facts["sea_zones"])
    for code, t in facts["territories"].items():
        s = board.spaces[code]
        assert (s.en, s.it, list(s.aliases)) == (t["name"], t["it"], t["aliases"]), code
        assert s.owner == t["owner"] and s.ipc == t["ipc"], code
        assert s.capital == (t["capital"] is not None), code
        if t["capital"]:
            assert board.capital_of(t["capital"]) == code
        assert (s.complex, s.impassable, s.middle_east, s.patriotic_war) == (
            t["complex"], t["impassable"], t["middle_east"], t["patriotic_war"]), code
    for code, z in facts["sea_zones"].items():
        s = board.spaces[code]
        assert (s.en, s.it, list(s.aliases)) == (z["name"], z["it"], z["aliases"]), code
        if z["convoy"] is None:
            assert s.convoy is None, code
        else:
            assert s.convoy is not None, code
            assert (s.convoy.ipc, s.convoy.owner, s.convoy.requires) == (
                z["convoy"]["ipc"], z["convoy"]["owner"], z["convoy"].get("requires")), code


def test_every_adjacency_and_no_other(board: Board, facts: dict[str, Any]) -> None:
    pairs = {frozenset(p) for kind in facts["adjacency"].values() for p in kind}
    mine = {frozenset((a, b)) for a, near in board.neighbours.items() for b in near}
    assert mine == pairs
    assert len(pairs) == 241  # PROVENANCE.md: 236 upstream + 5 added
    for kind, lst in facts["adjacency"].items():
        want = {"land_land": ("land", "land"), "land_sea": ("land", "sea"),
                "sea_sea": ("sea", "sea")}[kind]
        for a, b in lst:
            assert (board.spaces[a].kind, board.spaces[b].kind) == want


def test_the_canal(board: Board, facts: dict[str, Any]) -> None:
    assert [(set(c.zones), list(c.control), c.it) for c in board.canals] == [
        (set(c["zones"]), c["control"], c["it"]) for c in facts["canals"]]
    assert board.canal_between("BLK", "AEG") is not None
    assert board.canal_between("AEG", "EMED") is None


def test_the_unit_table(board: Board, facts: dict[str, Any]) -> None:
    assert set(board.unit_types) == set(facts["unit_types"])
    for name, u in facts["unit_types"].items():
        t = board.unit_types[name]
        assert (t.cost, t.attack, t.defence) == (u["cost"], u.get("attack"), u.get("defence")), name
        assert t.move == u.get("move", 0), name
        assert t.air == bool(u.get("air")) and t.sea == bool(u.get("sea")), name
        assert t.cargo == u.get("cargo"), name
        assert t.capacity == u.get("capacity", 0), name
        assert t.carrier_space == u.get("carrier_space"), name
        assert t.fighters == u.get("fighters", 0), name
        assert t.hits == u.get("hits", 1), name
        assert t.bombard == u.get("bombard"), name
        assert (t.escort, t.intercept) == (u.get("escort"), u.get("intercept")), name
        assert t.raid_dice == u.get("raid_damage_dice", 0), name
        assert board.unit_words[name].it == u["it"], name


def test_the_setup(board: Board, facts: dict[str, Any]) -> None:
    mine: Counter[tuple[str, str, str]] = Counter()
    for space, groups in board.setup.items():
        for g in groups:
            mine[(g.owner, space, g.type)] += g.count
    want: Counter[tuple[str, str, str]] = Counter()
    for power, spaces in facts["setup"].items():
        for space, units in spaces.items():
            for type_name, count in units.items():
                want[(power, space, type_name)] += count
    assert mine == want
    assert sum(mine.values()) == 197  # PROVENANCE.md


def test_production_at_the_start_is_the_starting_cash(board: Board, facts: dict[str, Any]) -> None:
    """R-AAE-ECON-1: 40 / 24 / 25 / 40, territories (the Middle East aside) and convoys."""
    production = {p: 0 for p in board.turn_order}
    for code in board.territories():
        s = board.spaces[code]
        if s.owner in production and not s.middle_east:
            production[s.owner] += s.ipc
    for code in board.convoys():
        convoy = board.spaces[code].convoy
        assert convoy is not None
        production[convoy.owner] += convoy.ipc
    assert production == facts["start"]["production"] == {
        "GERMANY": 40, "USSR": 24, "UK": 25, "USA": 40}


def test_a_broken_board_is_refused() -> None:
    """The board reader checks what the rules rely on (so the tests above mean something)."""
    import tomllib

    from arbitro.aae_contract.board_file import board_path

    data = tomllib.loads(board_path().read_text("utf-8"))
    data["spaces"]["GER"]["next"] = [n for n in data["spaces"]["GER"]["next"] if n != "POL"]
    with pytest.raises(BoardError, match="one-way"):
        board_from_dict(data)
    data = tomllib.loads(board_path().read_text("utf-8"))
    data["setup"]["GERMANY"]["BAL"] = "1 infantry"
    with pytest.raises(BoardError, match="cannot stand"):
        board_from_dict(data)
    data = tomllib.loads(board_path().read_text("utf-8"))
    del data["spaces"]["GER"]["complex"]
    with pytest.raises(BoardError, match="capital"):
        board_from_dict(data)
