"""The GM's map options ([[game]] map_names, map_palette; issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.config import ConfigError, load_config

GAME = """
[server]
referee_address = "arbitro@example.org"

[[game]]
id = "g1"
gm_address = "gm@example.org"
gm_password = "pw"
"""


def _load(tmp_path: Path, extra: str):
    path = tmp_path / "arbitro.toml"
    path.write_text(GAME + extra, encoding="utf-8")
    return load_config(path, {})


def test_codes_and_the_variant_colours_unless_the_gm_chooses(tmp_path):
    (game,) = _load(tmp_path, "").games
    assert (game.map_names, game.map_palette) == ("codes", "standard")
    (game,) = _load(tmp_path, 'map_names = "full"\nmap_palette = "colourblind"\n').games
    assert (game.map_names, game.map_palette) == ("full", "colourblind")


@pytest.mark.parametrize("extra,key", [('map_names = "long"\n', "map_names"),
                                       ('map_palette = "grey"\n', "map_palette")])
def test_an_unknown_choice_is_named_with_its_key(tmp_path, extra, key):
    with pytest.raises(ConfigError) as err:
        _load(tmp_path, extra)
    assert key in str(err.value)


def test_the_example_documents_both_options():
    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    text = example.read_text(encoding="utf-8")
    assert "map_names" in text and "map_palette" in text
    for game in load_config(example, {}).games:
        assert game.map_names in ("codes", "full") and game.map_palette in ("standard", "colourblind")
