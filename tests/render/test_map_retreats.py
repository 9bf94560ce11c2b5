"""Retreats readable (issue 29 point 13), read from the drawing model: in a head-to-head
battle the winner's arrow shows and the loser is drawn beside the winner, not on it; where
a dislodged unit may go does not look like a failed move; a retreat between neighbours does
not run across a third land; the legend names retreats, their options and builds.

The cases (tests/render/cases/clash_*.json, made by make_cases.py): in spring 1901 the
French army in Burgundy, supported from the Ruhr, beats the German one of Munich moving the
other way; the French fleet of Brest, supported, dislodges the English one from the Channel,
which retreats to the North Sea (whose line, straight, would cross England)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from arbitro.contract import outcome_from_json, position_from_json
from arbitro.render import draw_map, load_geometry
from arbitro.render.labels import inside
from arbitro.render.model import CHROME, Disc, Line, Poly, Text
from arbitro.render.shapes import UNIT_R
from arbitro.variants import load_board

CASES = Path(__file__).parent / "cases"
WIDTH = 1600


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def _case(board, pos: str, result: str | None = None):
    before = position_from_json(board, json.loads((CASES / pos).read_text()))
    outcome = None
    if result:
        outcome = outcome_from_json(board, before, json.loads((CASES / result).read_text()))
    return before, outcome


def _px(board, location: str) -> tuple[float, float]:
    """A unit point in the drawing's pixels (the title bar above the map)."""
    geo = load_geometry(board)
    s = WIDTH / geo.width
    x, y = geo.unit_point(location)
    return (x * s, y * s + max(24, round(WIDTH / 26)))


def _lines_near(drawing, a, b, tol: float = 30.0) -> list[tuple[int, Line]]:
    """The lines (with their place in the drawing) running from near ``a`` to near ``b``."""
    out = []
    for i, s in enumerate(drawing.shapes):
        if isinstance(s, Line) and s.layer != CHROME and len(s.points) >= 2:
            p, q = s.points[0], s.points[-1]
            if math.dist(p, a) < tol and math.dist(q, b) < tol:
                out.append((i, s))
    return out


def test_head_to_head_the_winner_shows_and_the_loser_stands_beside_it(board):
    before, outcome = _case(board, "clash_pos.json", "clash_result.json")
    drawing = draw_map(board, None, before, outcome, "en", WIDTH)
    bur, mun = _px(board, "BUR"), _px(board, "MUN")
    won = _lines_near(drawing, bur, mun)  # A BUR - MUN, succeeded: solid
    lost = _lines_near(drawing, mun, bur, tol=45.0)  # A MUN - BUR, failed: dashed
    assert won and all(s.dash is None for _, s in won)
    assert lost and all(s.dash is not None for _, s in lost)
    # side by side, not one on top of the other; the winner drawn after (over) the loser
    mid = lambda s: ((s.points[0][0] + s.points[-1][0]) / 2, (s.points[0][1] + s.points[-1][1]) / 2)  # noqa: E731
    assert min(math.dist(mid(a), mid(b)) for _, a in won for _, b in lost) >= 4.0
    assert min(i for i, _ in won) > max(i for i, _ in lost)
    # two armies' badges in Munich: the French winner and the pale German, apart
    s = WIDTH / load_geometry(board).width
    badges = [d for d in drawing.shapes if isinstance(d, Disc) and abs(d.r - UNIT_R * 0.98 * s) < 0.5
              and math.dist(d.centre, mun) < UNIT_R * 4 * s]
    assert len(badges) == 2
    assert math.dist(badges[0].centre, badges[1].centre) >= UNIT_R * 1.8 * s


def test_retreat_options_are_not_drawn_as_failed_moves(board):
    before, _ = _case(board, "clash_retreat_pos.json")
    drawing = draw_map(board, None, before, None, "en", WIDTH)
    mun = _px(board, "MUN")
    options = [s for s in drawing.shapes if isinstance(s, Line) and s.layer != CHROME
               and math.dist(s.points[0], mun) < UNIT_R * 4 * WIDTH / 1000]
    assert len(options) >= 3  # BOH, SIL, TYR
    assert all(s.dash is None for s in options)  # a failed move is dashed
    heads = [p for p in drawing.shapes if isinstance(p, Poly) and len(p.points) == 3
             and p.fill == (255, 255, 255)]
    assert len(heads) >= 3 + 6  # open heads: Munich's three and the Channel's six


def _over(line_points, rings_list, s: float, title: float) -> float:
    """Canvas units of a polyline (pixels) that lie over the given lands."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(line_points, line_points[1:]):
        n = 200
        step = math.dist((x0, y0), (x1, y1)) / s / n
        for k in range(n):
            t = (k + 0.5) / n
            p = ((x0 + (x1 - x0) * t) / s, (y0 + (y1 - y0) * t - title) / s)
            total += step if any(inside(p, rings) for rings in rings_list) else 0.0
    return total


def test_a_retreat_to_the_north_sea_bends_through_the_strait_not_across_england(board):
    before, outcome = _case(board, "clash_retreat_pos.json", "clash_retreat_result.json")
    geo = load_geometry(board)
    s = WIDTH / geo.width
    title = max(24, round(WIDTH / 26))
    england = [geo.provinces[c].shape for c in ("LON", "YOR", "WAL", "EDI", "LVP", "CLY")]
    eng, nth = _px(board, "ENG"), _px(board, "NTH")
    assert _over([eng, nth], england, s, title) > 50  # the straight line: across England
    for drawing in (draw_map(board, None, before, outcome, "en", WIDTH),  # the retreat
                    draw_map(board, None, before, None, "en", WIDTH)):  # the option
        lines = [sh for sh in drawing.shapes if isinstance(sh, Line) and sh.layer != CHROME
                 and math.dist(sh.points[-1], nth) < UNIT_R * 3 * s
                 and math.dist(sh.points[0], eng) < UNIT_R * 5 * s]
        assert lines, "no line from the Channel to the North Sea"
        for line in lines:
            assert len(line.points) >= 3  # bent at the strait
            # at most a graze of Kent's coast on the way to the strait
            assert _over(line.points, england, s, title) < 4.0


@pytest.mark.parametrize("lang,words", [
    ("en", {"Retreat", "May retreat to", "Build"}),
    ("it", {"Ritirata", "Ritirata possibile", "Costruzione"}),
    ("ru", {"Отступление", "Может отступить", "Постройка"}),
])
def test_the_legend_names_retreats_their_options_and_builds(board, lang, words):
    before, _ = _case(board, "clash_pos.json")
    drawing = draw_map(board, None, before, None, lang, 1200)
    assert words <= {s.text for s in drawing.shapes if isinstance(s, Text) and s.layer == CHROME}
