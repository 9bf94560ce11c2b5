"""The importers on the judge files kept in ../shared (issue 9 point 2)."""

import json
import random

import pytest
from shared_data import shared_file

from arbitro.diplomacy.board import board_from_dict, province_of
from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import MOVEMENT, start_position
from arbitro.variant_import import import_variant, to_toml
from arbitro.variants import load_board, variant_path

VARIANTS = ("standard", "ancmed", "imperial", "youngstown")
# The committed maps/ file each imported variant became.
COMMITTED = {"ancmed": "ancmed", "imperial": "imperial_base", "youngstown": "youngstown"}


def imported(variant):
    data, notes = import_variant(
        shared_file("variants", variant, "dpjudge"), COMMITTED.get(variant, variant)
    )
    return board_from_dict(data), data, notes


def test_standard_import_equals_maps_standard():
    board, _, _ = imported("standard")
    ours = load_board("standard")
    assert dict(board.army_moves) == dict(ours.army_moves)
    assert dict(board.fleet_moves) == dict(ours.fleet_moves)  # per coast
    assert {c: p.terrain for c, p in board.provinces.items()} == {
        c: p.terrain for c, p in ours.provinces.items()
    }
    assert board.supply_centres == ours.supply_centres
    for name, power in ours.powers.items():
        assert board.powers[name].home_centres == power.home_centres
        assert set(board.powers[name].start_units) == set(power.start_units)
    assert (board.start_year, board.victory_centres) == (1901, 18)


@pytest.mark.parametrize("variant", VARIANTS)
def test_import_agrees_with_the_independent_json_conversion(variant):
    """../shared holds a separate conversion of the same files: the graphs must agree."""
    board, _, _ = imported(variant)
    json_file = {"imperial": "imperial_base.json"}.get(variant, f"{variant}.json")
    ref = json.loads(shared_file("variants", variant, json_file).read_text())
    playable = {c for c, p in ref["provinces"].items() if p["type"] != "shut"}
    # owner-dependent moves (Imperial's straits) are noted and left out by the importer
    special = {(s["from"], s["to"]) for s in ref.get("special_adjacencies", ())}
    assert {c for c, p in board.provinces.items() if p.terrain.value != "impassable"} == playable
    for code in playable:
        raw = ref["provinces"][code]
        assert board.army_moves.get(code, frozenset()) == set(raw["army"] or ()), code
        if raw["coasts"]:
            for coast, targets in raw["coasts"].items():
                assert board.fleet_moves[f"{code}/{coast}"] == set(targets), (code, coast)
        else:
            expected = {t for t in raw["fleet"] or () if (code, t) not in special}
            assert board.fleet_moves.get(code, frozenset()) == expected, code
        assert board.provinces[code].supply_centre == raw["sc"], code
    for name, raw in ref["powers"].items():
        assert board.powers[name].home_centres == set(raw["homes"])
        assert sorted(board.powers[name].start_units) == sorted(
            tuple(u.split()) for u in raw["units"]
        )


def test_imperial_counts_and_what_it_cannot_translate():
    board, _, notes = imported("imperial")
    assert len(board.powers) == 13
    spaces = [p for p in board.provinces.values() if p.terrain.value != "impassable"]
    assert (len(spaces), len(board.provinces) - len(spaces)) == (346, 10)
    assert len(board.supply_centres) == 172
    assert sum(len(p.start_units) for p in board.powers.values()) == 85
    assert (board.start_year, board.victory_centres, board.build_rule) == (1861, 84, "any_home")
    # the straits AEG-BLA open only to the owner of CON: reported with file and line, left out
    straits = [n for n in notes if "owner" in n.message]
    assert [(n.file, n.line) for n in straits] == [
        ("imperial.geography", 211),
        ("imperial.geography", 249),
    ]
    assert "BLA" not in board.fleet_moves["AEG"]


@pytest.mark.parametrize("variant", sorted(COMMITTED))
def test_committed_map_is_what_the_importer_writes(variant):
    """maps/<name>.toml are the importer's output, not hand edits."""
    _, data, notes = imported(variant)
    path = variant_path(COMMITTED[variant])
    assert path.read_text(encoding="utf-8") == to_toml(data, notes)


@pytest.mark.parametrize("variant", ["ancmed", "youngstown", "imperial_base", "imperial1871"])
def test_random_legal_phases_play(variant):
    board = load_board(variant)
    rng = random.Random(9)
    position = start_position(board)
    phases = 0
    while position.phase.year < board.start_year + 2:
        orders = random_orders(board, position, rng)
        out = play(board, position, orders)
        if position.phase.kind == MOVEMENT:
            void = [r for r in out.results if r.result is Result.VOID]
            assert all(r.reason == "convoy_mismatch" for r in void), void
        nxt = out.next
        assert len({u.province for u in nxt.units}) == len(nxt.units)
        assert all(board.unit_can_stand(u.kind, u.location) for u in nxt.units)
        for d in nxt.dislodged:
            assert all(board.can_move(d.unit.kind, d.unit.location, r) for r in d.retreats)
            assert all(province_of(r) not in {u.province for u in nxt.units} for r in d.retreats)
        assert set(nxt.centres) <= board.supply_centres
        phases += 1
        position = nxt
        if out.winner:
            break
    assert phases >= 5
