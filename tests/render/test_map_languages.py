"""Each map in its reader's language (issue 29 point 11): the codes and names of the
reader's language on the board, the title, the table and the legend in that language too;
the English code where a variant gives a language none."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.position import start_position
from arbitro.render import MapOptions, draw_map
from arbitro.render.model import CHROME, LABEL, Text
from arbitro.variants import load_board


def _words(drawing, layer: str) -> set[str]:
    return {s.text for s in drawing.shapes if isinstance(s, Text) and s.layer == layer}


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


ITALIAN_ONLY = {"MON", "SVI", "BOE", "GDB", "MTI", "SMI"}  # the Italian codes of MUN, SWI, ...
ENGLISH_ONLY = {"MUN", "SWI", "BOH", "BOT", "TYS", "SMY"}


def test_a_russian_map_has_russian_codes_under_a_russian_title_and_legend(board):
    drawing = draw_map(board, None, start_position(board), lang="ru")
    labels = _words(drawing, LABEL)
    assert {"МЮН", "ШВЦ", "БОГ", "МОС", "СПБ", "ТРМ"} <= labels
    assert not (ITALIAN_ONLY | ENGLISH_ONLY) & labels
    chrome = " ".join(_words(drawing, CHROME))
    assert "Весна 1901" in chrome and "Армия" in chrome and "Россия" in chrome
    assert drawing.lang == "ru" and drawing.title.startswith("Весна 1901")


def test_full_names_on_a_russian_map_are_russian(board):
    labels = _words(draw_map(board, None, start_position(board), lang="ru",
                             options=MapOptions(names="full")), LABEL)
    assert {"Москва", "Украина", "Тирренское море"} <= labels
    assert not {"Moscow", "Ukraine", "Tyrrhenian Sea", "Mosca"} & labels
    # where a whole name does not fit, the Russian code, never another language's
    assert not (ITALIAN_ONLY | ENGLISH_ONLY) & labels


@pytest.mark.parametrize("lang,codes,names", [
    ("it", {"MON", "SVI", "BOE", "MTI"}, {"Mosca", "Mar Tirreno"}),
    ("en", {"MUN", "SWI", "BOH", "TYS"}, {"Moscow", "Tyrrhenian Sea"}),
])
def test_every_language_its_own_codes_and_names(board, lang, codes, names):
    start = start_position(board)
    assert codes <= _words(draw_map(board, None, start, lang=lang), LABEL)
    assert names <= _words(draw_map(board, None, start, lang=lang,
                                    options=MapOptions(names="full")), LABEL)


def test_the_forum_board_keeps_the_russian_names_of_its_base():
    board = load_board("forum_ru")
    labels = _words(draw_map(board, None, start_position(board), lang="ru"), LABEL)
    assert {"МЮН", "ШВЦ"} <= labels and not {"MON", "SVI"} & labels


def test_a_variant_without_russian_codes_falls_back_to_english_ones():
    board = load_board("imperial1871")
    assert not any(p.ru_code for p in board.provinces.values())
    labels = _words(draw_map(board, None, start_position(board), lang="ru"), LABEL)
    assert labels <= set(board.provinces) | {p.name_en for p in board.provinces.values()}
