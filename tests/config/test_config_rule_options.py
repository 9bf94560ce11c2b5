"""R-ORD-4 and R-ORD-5 follow a game's `defaults` unless the GM sets them one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.config import load_config

GAME = """
[server]
referee_address = "arbitro@example.org"

[[game]]
id = "g1"
gm_address = "gm@example.org"
gm_password = "pw"
"""


def _game(tmp_path: Path, extra: str = ""):
    path = tmp_path / "arbitro.toml"
    path.write_text(GAME + extra, encoding="utf-8")
    (game,) = load_config(path, {}).games
    return game


@pytest.mark.parametrize(
    ("extra", "strict", "infer"),
    [
        ("", True, False),  # an Italian game: "se non specificata si interpretano come fermata"
        ('defaults = "italian"\n', True, False),
        ('defaults = "standard"\n', False, True),  # DATC: coast inferred, support hold
        ('defaults = "italian"\ninfer_single_coast = true\n', True, True),
        ('defaults = "standard"\nstrict_support = true\n', True, True),
    ],
)
def test_R_ORD_4_R_ORD_5_options_follow_defaults(tmp_path, extra, strict, infer):
    game = _game(tmp_path, extra)
    assert (game.strict_support, game.infer_single_coast) == (strict, infer)


def test_the_example_italian_game_holds_a_coastless_fleet_move():
    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    for game in load_config(example, {}).games:
        if game.defaults == "italian":
            assert game.strict_support and not game.infer_single_coast


def test_forum_ru_rules_bring_the_map_and_the_coast_rule(tmp_path):
    game = _game(tmp_path, 'rules = "forum_ru"\n')
    assert (game.rules, game.variant) == ("forum_ru", "forum_ru")
    assert game.infer_single_coast is True  # seed 004: the coast is needed only when both are reachable
    assert _game(tmp_path, 'rules = "forum_ru"\ninfer_single_coast = false\n').infer_single_coast is False
    assert _game(tmp_path).rules == "standard"


def test_an_unknown_ruleset_is_a_problem_with_the_line_named(tmp_path):
    from arbitro.config import ConfigError

    with pytest.raises(ConfigError) as err:
        _game(tmp_path, 'rules = "klingon"\n')
    assert "rules" in str(err.value) and "forum_ru" in str(err.value)


@pytest.mark.parametrize(
    ("extra", "cut", "builds"),
    [
        ("", "attack", True),  # the rulebook's cut; the Italian automatic builds (R-ADJU-2)
        ('defaults = "standard"\n', "attack", False),
        # seed 004: "успешно атаковав" (only dislodging cuts) and "может выставить" (optional)
        ('rules = "forum_ru"\n', "dislodging", False),
        ('rules = "forum_ru"\nhold_support_cut = "attack"\nautomatic_builds = true\n', "attack", True),
    ],
)
def test_the_support_cut_and_automatic_builds_follow_the_rules(tmp_path, extra, cut, builds):
    from arbitro.service.table import rules_of

    game = _game(tmp_path, extra)
    assert (game.hold_support_cut, game.automatic_builds) == (cut, builds)
    rules = rules_of(game)
    assert (rules.hold_support_cut_rule, rules.builds_automatic) == (cut, builds)


def test_a_support_cut_of_no_known_kind_is_a_problem(tmp_path):
    from arbitro.config import ConfigError

    with pytest.raises(ConfigError) as err:
        _game(tmp_path, 'hold_support_cut = "sometimes"\n')
    assert "hold_support_cut" in str(err.value) and "dislodging" in str(err.value)
