"""The map's PNG (issue 30, Build 2): a palette image of the drawing's own colours, as
large as the drawing, the same picture as the RGB image, and never larger than the RGB
PNG the mails carried before (compress level 1)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from arbitro.contract import outcome_from_json, position_from_json
from arbitro.diplomacy.position import start_position
from arbitro.render import MapOptions, draw_map, to_image, to_png
from arbitro.render.model import Drawing, Poly, Rect
from arbitro.render.raster import palette_of
from arbitro.render.style import SEA
from arbitro.variants import load_board

CASES = Path(__file__).parent / "cases"


def _maps():
    board = load_board("standard")
    busy = position_from_json(board, json.loads((CASES / "busy_pos.json").read_text()))
    results = outcome_from_json(board, busy, json.loads((CASES / "busy_result.json").read_text()))
    yield "busy", draw_map(board, None, busy, results, "en", 1200)
    yield "busy colour-blind", draw_map(board, None, busy, results, "it", 1200,
                                        MapOptions(names="full", palette="colourblind"))
    yield "start ru", draw_map(board, None, start_position(board), None, "ru", 1200)
    imperial = load_board("imperial1871")
    yield "imperial", draw_map(imperial, None, start_position(imperial), None, "it", 1200)


MAPS = list(_maps())


@pytest.mark.parametrize("name,drawing", MAPS, ids=[m[0] for m in MAPS])
def test_a_map_is_a_palette_png_of_the_same_picture_and_no_larger_than_before(name, drawing):
    png = to_png(drawing)
    rgb = to_image(drawing)
    with Image.open(io.BytesIO(png)) as img:
        assert img.mode == "P" and img.size == rgb.size
        assert img.text["Title"] == drawing.title
        back = img.convert("RGB")
    diff = ImageChops.difference(rgb, back)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    assert mean < 0.3, f"{name}: mean difference {mean:.2f}"
    # flat colours exact: every pixel of a fill, a line or a token keeps its colour;
    # only the smoothed edges of type may move, and only a little
    flat = palette_of(drawing)
    assert flat is not None and SEA in flat
    black = Image.new("RGB", rgb.size)
    for colour in {s.fill for s in drawing.shapes if isinstance(s, (Poly, Rect)) and s.fill}:
        mask = ImageChops.difference(rgb, Image.new("RGB", rgb.size, colour)).convert("L")
        mask = mask.point(lambda v: 255 if v == 0 else 0)
        worst = max(hi for _, hi in Image.composite(diff, black, mask).getextrema())
        # exact, but where two flat colours are a shade apart (Pillow's palette lookup
        # reads a colour with its two low bits cleared): then the nearer of the two
        assert worst <= 8, (name, colour, worst)
    changed = sum(diff.convert("L").histogram()[1:])
    assert changed / (rgb.width * rgb.height) < 0.06  # the edges of type, a few per cent
    before = io.BytesIO()
    rgb.save(before, format="PNG", compress_level=1)
    assert len(png) <= len(before.getvalue()), name


def test_a_drawing_of_more_flat_colours_than_a_palette_holds_is_still_a_faithful_png():
    drawing = Drawing(300, 40, (255, 255, 255), title="t", lang="en")
    for i in range(300):  # 300 distinct flat colours
        drawing.add(Rect((i, 0, i + 1, 40), (i % 256, (i * 7) % 256, (i * 13) % 256)))
    with Image.open(io.BytesIO(to_png(drawing))) as img:
        assert img.mode == "P" and img.size == (300, 40)
        diff = ImageChops.difference(to_image(drawing), img.convert("RGB"))
        assert sum(ImageStat.Stat(diff).mean) / 3 < 12
