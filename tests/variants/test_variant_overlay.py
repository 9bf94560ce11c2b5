"""Variant files on a base: how a GM overrides a variant of the project (docs/VARIANTS.md)."""

import pytest

from arbitro.diplomacy.board import BoardError
from arbitro.variant_import.overlay import apply_overlay
from arbitro.variants import (
    UnknownVariant,
    diplomacy_variants,
    load_board,
    load_board_file,
    load_variant_data,
    variant_path,
)


def test_merge_replace_add_remove_and_drop():
    base = {
        "variant": {"name": "b", "start_year": 1901},
        "powers": {"A": {"units": ["A X", "F Y"], "en": "A"}, "B": {"units": []}},
    }
    over = {
        "variant": {"base": "b", "name": "o"},
        "powers": {"A": {"units-": ["F Y"], "units+": ["A Z"], "it": "Alfa"}, "B": {"drop": True}},
    }
    out = apply_overlay(base, over)
    assert out["variant"] == {"name": "o", "start_year": 1901}
    assert out["powers"] == {"A": {"units": ["A X", "A Z"], "en": "A", "it": "Alfa"}}
    assert base["powers"]["A"]["units"] == ["A X", "F Y"]  # the base is not changed


def test_removing_what_the_base_lacks_is_refused():
    with pytest.raises(BoardError, match="not in the base"):
        apply_overlay({"powers": {"A": {"units": []}}}, {"powers": {"A": {"units-": ["A X"]}}})
    with pytest.raises(BoardError, match="drops"):
        apply_overlay({"powers": {}}, {"powers": {"Z": {"drop": True}}})


def test_edits_link_join_coasts_and_rename():
    base = load_variant_data(variant_path("standard"))
    over = {
        "edits": [
            {"op": "link", "a": "LON", "b": "BEL", "army": True, "fleet": True},
            {"op": "join_coasts", "province": "BUL"},
            {"op": "rename_power", "from": "TURKEY", "to": "OTTOMANS"},
        ]
    }
    from arbitro.diplomacy.board import board_from_dict

    board = board_from_dict(apply_overlay(base, over))
    assert "BEL" in board.army_moves["LON"] and "LON" in board.fleet_moves["BEL"]
    assert board.provinces["BUL"].coasts == ()
    assert board.fleet_moves["BUL"] == {"AEG", "BLA", "CON", "GRE", "RUM"}
    assert "BUL" in board.fleet_moves["BLA"] and "BUL/EC" not in board.fleet_moves["BLA"]
    assert "OTTOMANS" in board.powers and "TURKEY" not in board.powers


def test_unknown_edit_is_refused():
    with pytest.raises(BoardError, match="unknown op"):
        apply_overlay({}, {"edits": [{"op": "teleport"}]})


def test_a_gm_file_overrides_imperial1871(tmp_path):
    """The GM supplies facts the rules leave open, on top of the project's definition."""
    gm = tmp_path / "my1871.toml"
    gm.write_text(
        """
[variant]
base = "imperial1871"
name = "my1871"

[powers.ITALY]
home_centres = ["VEN", "ROM"]
units = ["A VEN", "A ROM"]

[neutral]
"units-" = ["A TEH"]
"""
    )
    board = load_board_file(gm)
    assert board.name == "my1871"
    assert board.powers["ITALY"].home_centres == {"VEN", "ROM"}
    assert board.victory_threshold("ITALY") == 45
    assert ("A", "TEH") not in board.neutral_units and ("A", "VIE") in board.neutral_units
    assert board.start_year == 1871


def test_base_loops_are_refused(tmp_path):
    (tmp_path / "a.toml").write_text('[variant]\nbase = "b"\n')
    (tmp_path / "b.toml").write_text('[variant]\nbase = "a"\n')
    with pytest.raises(BoardError, match="loop"):
        load_board_file(tmp_path / "a.toml")


def test_every_committed_variant_loads():
    for name in diplomacy_variants():
        board = load_board(name)
        assert board.powers and board.supply_centres


def test_a_board_of_another_game_is_no_diplomacy_variant():
    """maps/aae_europe.toml is Axis & Allies' board: the Diplomacy loader names the game."""
    assert "aae_europe" not in diplomacy_variants() and "standard" in diplomacy_variants()
    with pytest.raises(UnknownVariant, match="axis_allies_europe, not a Diplomacy variant"):
        load_board("aae_europe")
