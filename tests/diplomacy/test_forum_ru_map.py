"""The forum's map (seed 004, "Некоторые нюансы на карте"): an overlay of the standard map
(maps/forum_ru.toml) that ``forum_ru`` brings; each border note of the seed is checked."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.rulesets import board_variant
from arbitro.variants import load_board


@pytest.fixture(scope="module")
def forum():
    return load_board("forum_ru")


def fleet(board, a, b):
    return b in board.fleet_moves.get(a, ()) and a in board.fleet_moves.get(b, ())


def test_the_ruleset_brings_the_forum_map():
    assert board_variant("forum_ru", "standard") == "forum_ru"
    assert board_variant("standard", "standard") == "standard"
    assert board_variant("forum_ru", "youngstown") == "youngstown"  # other maps as they are


def test_heligoland_borders_the_baltic_and_the_skagerrak(forum):
    # Seed: "Гельголланд граничит с Балтийским морем и проливом Скагеррак."
    assert fleet(forum, "HEL", "BAL") and fleet(forum, "HEL", "SKA")
    standard = load_board("standard")
    assert not fleet(standard, "HEL", "BAL") and not fleet(standard, "HEL", "SKA")


def test_heligoland_does_not_border_sweden(forum):
    # Seed: "Гельголланд НЕ граничит со Швецией."
    assert "SWE" not in forum.neighbours("HEL")


def test_skagerrak_does_not_border_the_baltic(forum):
    # Seed: "Скагеррак НЕ граничит с Балтийским морем." and "Флот, двигающийся из
    # Балтийского Моря, не может оказаться сразу в Проливе Скагеррак (или наоборот)"
    assert "BAL" not in forum.neighbours("SKA")


def test_denmark_does_not_border_berlin(forum):
    # Seed: "Дания не граничит с Берлином."
    assert "BER" not in forum.neighbours("DEN")


def test_denmarks_neighbours(forum):
    # Seed: "Дания граничит с Килем, Балтийским морем, Северным морем, Швецией, проливом
    # Скагеррак и заливом Гельголланд."
    assert forum.neighbours("DEN") == {"KIE", "BAL", "NTH", "SWE", "SKA", "HEL"}


def test_sweden_and_denmark_one_move(forum):
    # Seed: "Армия или Флот может передвигаться из Швеции в Данию (или наоборот) за один ход."
    assert "DEN" in forum.army_moves["SWE"] and fleet(forum, "SWE", "DEN")


def test_spain_does_not_border_north_africa(forum):
    # Seed: "Испания НЕ граничит с Северной Африкой."
    assert "NAF" not in forum.neighbours("SPA")


def test_rumania_borders_serbia(forum):
    # Seed: "Румыния граничит с Сербией."
    assert "SER" in forum.army_moves["RUM"]


def test_the_split_coasts(forum):
    # Seed: "Болгария, Испания и Санкт-Петербург: Это единственные береговые провинции,
    # которые имеют два различных берега."
    split = {p.code for p in forum.provinces.values() if p.coasts}
    assert split == {"BUL", "SPA", "STP"}


def test_kiel_and_constantinople_are_canals(forum):
    # Seed: "Флот может двигаться из Голландии в Киль за один ход, а затем двигаться из
    # Киля в Берлин" and "Флот может двигаться из Черного Моря в Константинополь ... но
    # нельзя переместиться из Черного моря сразу в Эгейское."
    assert fleet(forum, "HOL", "KIE") and fleet(forum, "KIE", "BER")
    assert fleet(forum, "BLA", "CON") and fleet(forum, "CON", "AEG")
    assert not fleet(forum, "BLA", "AEG")


def test_switzerland_is_impassable(forum):
    # Seed: "нельзя трогать отмеченную чёрным цветом Швейцарию"
    assert not forum.army_moves.get("SWI") and "SWI" not in forum.army_moves["MUN"]
