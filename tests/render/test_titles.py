"""The map's title is the phase it shows, and every word on it is in the map's language
(issue 18, finding 1), read from the drawing model and from the files written."""

from __future__ import annotations

import io
import json
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image

from arbitro.contract import outcome_from_json, position_from_json
from arbitro.render import draw_map
from arbitro.render.model import CHROME, LABEL, Text
from arbitro.reports.maps import render_map_png, render_map_svg
from arbitro.variants import load_board

CASES = Path(__file__).parent / "cases"


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def _played(board, pos: str, result: str):
    before = position_from_json(board, json.loads((CASES / pos).read_text()))
    return before, outcome_from_json(board, before, json.loads((CASES / result).read_text()))


def _words(drawing, layer: str) -> list[str]:
    return [s.text for s in drawing.shapes if isinstance(s, Text) and s.layer == layer]


@pytest.mark.parametrize("pos,result,it,en", [
    ("busy_pos.json", "busy_result.json",
     "Autunno 1902 · Movimento · risultati", "Autumn 1902 · Movement · results"),
    ("retreat_pos.json", "retreat_result.json",
     "Autunno 1902 · Ritirate · risultati", "Autumn 1902 · Retreats · results"),
    ("build_pos.json", "build_result.json",
     "Inverno 1902 · Aggiustamenti · risultati", "Winter 1902 · Adjustments · results"),
])
def test_a_results_map_is_titled_with_the_phase_played(board, pos, result, it, en):
    before, outcome = _played(board, pos, result)
    assert outcome.next.phase != before.phase  # the trap: the next phase is another one
    for lang, title in (("it", it), ("en", en)):
        png = render_map_png(board, outcome, before, lang)
        with Image.open(io.BytesIO(png)) as img:
            assert img.text["Title"] == title
        svg = ElementTree.fromstring(render_map_svg(board, outcome, before, lang))
        ns = "{http://www.w3.org/2000/svg}"
        assert svg.find(f"{ns}title").text == title
        assert title in [t.text for t in svg.iter(f"{ns}text")]  # drawn, not only named
        assert title in _words(draw_map(board, None, before, outcome, lang), CHROME)


def test_names_and_legend_follow_the_language(board):
    before, outcome = _played(board, "busy_pos.json", "busy_result.json")
    it = draw_map(board, None, before, outcome, "it")
    en = draw_map(board, None, before, outcome, "en")
    it_labels, en_labels = set(_words(it, LABEL)), set(_words(en, LABEL))
    assert {"MTI", "SMI", "MDN", "GLS"} <= it_labels and not {"TYS", "SMY", "NTH"} & it_labels
    assert {"TYS", "SMY", "NTH", "WAL"} <= en_labels and not {"MTI", "SMI"} & en_labels
    assert {"Armata", "Flotta", "Appoggio"} <= set(_words(it, CHROME))
    assert {"Army", "Fleet", "Support"} <= set(_words(en, CHROME))


def test_full_names_option_writes_names_where_they_fit(board):
    from arbitro.diplomacy.position import start_position
    from arbitro.render import MapOptions

    start = start_position(board)
    full = set(_words(draw_map(board, None, start, lang="it",
                               options=MapOptions(names="full")), LABEL))
    assert {"Mar Tirreno", "Mosca", "Ucraina"} <= full  # large provinces: whole names
    assert "BEL" in full or "Belgio" in full  # a small one keeps its code if it must
    codes = set(_words(draw_map(board, None, start, lang="it"), LABEL))
    assert "Mosca" not in codes and "MOS" in codes


@pytest.mark.parametrize("kind,it,en,ru", [
    ("now", "Autunno 1902 · Movimento · posizione attuale", "Autumn 1902 · Movement · position now",
     "Осень 1902 · Движение · текущая позиция"),
    ("results", "Autunno 1902 · Movimento · risultati", "Autumn 1902 · Movement · results",
     "Осень 1902 · Движение · итоги"),
    ("trial", "Autunno 1902 · Movimento · PROVA: risultati simulati",
     "Autumn 1902 · Movement · TRIAL: would-be results", "Осень 1902 · Движение · ПРОБА: возможные итоги"),
    ("past", "Autunno 1902 · Movimento · risultati · fase passata",
     "Autumn 1902 · Movement · results · past phase", "Осень 1902 · Движение · итоги · прошедшая фаза"),
])
def test_the_title_says_what_the_map_is(board, kind, it, en, ru):
    """Issue 29.12: the position now is never "results"; a trial says it is one."""
    from arbitro.render import MapKind

    before, outcome = _played(board, "busy_pos.json", "busy_result.json")
    for lang, title in (("it", it), ("en", en), ("ru", ru)):
        png = render_map_png(board, outcome, before, lang, kind=MapKind(kind))
        with Image.open(io.BytesIO(png)) as img:
            assert img.text["Title"] == title
        assert title in _words(draw_map(board, None, before, outcome if kind != "now" else None,
                                        lang, kind=MapKind(kind)), CHROME)


def test_a_map_of_the_position_now_draws_no_orders_and_a_trial_is_marked_apart(board):
    from arbitro.render import MapKind
    from arbitro.render.model import Line

    before, outcome = _played(board, "busy_pos.json", "busy_result.json")
    now = draw_map(board, None, before, None, "it")
    assert now.title.endswith("posizione attuale")
    results = draw_map(board, None, before, outcome, "it")
    trial = draw_map(board, None, before, outcome, "it", kind=MapKind.TRIAL)
    arrows = [s for s in results.shapes if isinstance(s, Line) and s.layer != CHROME]
    assert arrows and len([s for s in now.shapes if isinstance(s, Line)]) < len(arrows)
    # the title bar: the first shape the chrome draws, the colour of a draft for a trial
    bar = next(s for s in trial.shapes if s.layer == CHROME)
    assert bar.fill != next(s for s in results.shapes if s.layer == CHROME).fill
