"""The map of Axis & Allies Europe (issue 28 Build 5, begun): arbitro's own drawing of the
board, every space on it, territories in their controller's colour, units as counted
pieces per owner and type, PNG and SVG, a golden image of the start."""

from __future__ import annotations

import io
import re
from xml.etree import ElementTree

import pytest
from PIL import Image

from arbitro.aae_contract.board_file import load_board
from arbitro.axis_allies.state import initial_state
from arbitro.render import to_image, to_png, to_svg
from arbitro.render.aae import COLOURS, TINT, _geometry, draw_aae
from arbitro.render.model import LABEL, MARK, Poly, Text
from arbitro.render.style import LAND, blend
from test_render import _check_golden


@pytest.fixture(scope="module")
def board():
    return load_board()


def test_every_space_of_the_board_is_drawn(board):
    geo = _geometry()
    drawn = set(geo["spaces"]) | set(geo["boxes"])
    assert drawn == set(board.spaces)
    assert set(geo["boxes"]) == set(board.convoys())
    assert all(geo["spaces"][c]["shape"] for c in geo["spaces"])


def test_a_territory_takes_its_controllers_colour(board):
    state = initial_state(board, "g")
    before = draw_aae(board, state, "en", 1000)
    taken = draw_aae(board, state.with_control("UKR", "GERMANY"), "en", 1000)
    german = blend(LAND, COLOURS["GERMANY"], TINT)
    soviet = blend(LAND, COLOURS["USSR"], TINT)
    fills = lambda d: [s.fill for s in d.shapes if isinstance(s, Poly) and s.layer == "base"]  # noqa: E731
    assert fills(taken).count(german) > fills(before).count(german)
    assert fills(taken).count(soviet) < fills(before).count(soviet)


def test_units_are_counted_pieces_per_owner_and_type(board):
    state = initial_state(board, "g")
    drawing = draw_aae(board, state, "en", 1000)
    chips = [s.text for s in drawing.shapes if isinstance(s, Text) and s.layer == LABEL
             and re.fullmatch(r"\d+[A-Z][A-Za-z]?", s.text)]
    total = sum(int(re.match(r"\d+", c).group()) for c in chips)
    expected = sum(g.count + sum(c.count for c in g.cargo) for _, g in state.all_groups()
                   if g.type != "complex")
    assert total == expected
    assert "4I" in chips and "1BB" in chips  # e.g. Germany's infantry, a battleship


@pytest.mark.parametrize("lang,title,piece", [
    ("en", "Round 1 · Germany · combat move", "I infantry"),
    ("it", "Round 1 · Germania · movimento di combattimento", "I fanteria"),
    ("ru", "Раунд 1 · Germany · боевое передвижение", "I infantry"),
])
def test_title_and_legend_in_the_readers_language(board, lang, title, piece):
    drawing = draw_aae(board, initial_state(board, "g"), lang, 1000)
    words = {s.text for s in drawing.shapes if isinstance(s, Text)}
    assert drawing.title == title and title in words and piece in words


def test_png_and_svg_and_the_golden_start(board):
    drawing = draw_aae(board, initial_state(board, "g"), "it", 1000)
    with Image.open(io.BytesIO(to_png(drawing))) as img:
        assert img.size == (1000, drawing.height) and img.text["Title"].startswith("Round 1")
    root = ElementTree.fromstring(to_svg(drawing))
    assert root.get("width") == "1000"
    assert any(s.layer == MARK for s in drawing.shapes)
    _check_golden(to_image(drawing), "aae_start")


def test_a_step_played_shows_its_moves_and_battles(board):
    from arbitro.axis_allies.combat.dice import FixedDice
    from arbitro.axis_allies.turn import play_step
    from arbitro.render.model import Disc, Line

    start = initial_state(board, "g")
    out = play_step(board, start, ["MOVE POL: 3 infantry -> EPOL", "MOVE GER: 2 fighter -> POL -> EPOL",
                                   "EXECUTE"], dice=FixedDice(tuple([3] * 400)))
    assert [b.battle for b in out.battles] == ["EPOL"] and out.state is not None
    plain = draw_aae(board, out.state, "en", 1000)
    played = draw_aae(board, out.state, "en", 1000, out)
    lines = lambda d: [s for s in d.shapes if isinstance(s, Line) and s.layer == MARK]  # noqa: E731
    assert len(lines(played)) >= len(lines(plain)) + 2 * 2  # two moves, each haloed
    geo = _geometry()
    s = 1000 / geo["width"]
    ex, ey = geo["spaces"]["EPOL"]["label"]
    rings = [d for d in played.shapes if isinstance(d, Disc) and d.fill is None
             and abs(d.centre[0] - ex * s) < 2 and d.outline == (200, 30, 30)]
    assert rings  # the battle, where it was fought
    _check_golden(to_image(played), "aae_step")
