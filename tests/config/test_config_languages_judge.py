"""Languages are the catalogs (a game or a player may be Russian), and the judge-format
option of a game (issue 19): both checked like every other setting, the wrong value named."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.config import ConfigError, load_config

GAME = """
[server]
referee_address = "arbitro@example.org"
language = "ru"

[[game]]
id = "g1"
gm_address = "gm@example.org"
gm_password = "pw"
"""
PLAYER = """
[[game.players]]
address = "ivan@example.org"
language = "{lang}"
"""


def _load(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "arbitro.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path, {})


def test_russian_is_a_language_of_games_and_players(tmp_path: Path) -> None:
    config = _load(tmp_path, GAME + PLAYER.format(lang="ru"))
    (game,) = config.games
    assert config.server.language == "ru" and game.language == "ru"
    assert [p.language for p in game.players] == ["ru"]


def test_a_language_without_a_catalog_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as err:
        _load(tmp_path, GAME + PLAYER.format(lang="xx"))
    assert "language" in str(err.value) and "ru" in str(err.value)


@pytest.mark.parametrize("mode", ["off", "attachment", "inline"])
def test_judge_results_modes(tmp_path: Path, mode: str) -> None:
    (game,) = _load(tmp_path, GAME + f'judge_results = "{mode}"\n').games
    assert game.judge_results == mode


def test_judge_results_default_off_and_bad_value_named(tmp_path: Path) -> None:
    (game,) = _load(tmp_path, GAME).games
    assert game.judge_results == "off"
    with pytest.raises(ConfigError) as err:
        _load(tmp_path, GAME + 'judge_results = "yes"\n')
    assert "judge_results" in str(err.value)
