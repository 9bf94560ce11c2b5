"""Centres are drawn in their owner's colour whoever stands on them; an army and a fleet
are told apart by shape at phone size (issue 18)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from arbitro.contract import position_from_json
from arbitro.render import MapOptions, draw_map, load_geometry, to_image
from arbitro.render.model import BASE, MARK, Disc, Drawing, Poly, Rect
from arbitro.render.shapes import UNIT_R, Pen, unit_token
from arbitro.render.style import LAND, TINT, blend, hex_colour
from arbitro.variants import load_board


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


@pytest.mark.parametrize("palette", ["standard", "colourblind"])
def test_a_centre_is_drawn_by_its_owner_not_its_occupier(board, palette):
    # A French army stands in Munich and a Russian fleet in Ankara: both centres are German
    # and Turkish still (owners change only at the end of the year).
    pos = position_from_json(board, {
        "phase": "F1901M",
        "units": {"FRANCE": ["A MUN"], "RUSSIA": ["F ANK"]},
        "centers": {"GERMANY": ["MUN"], "TURKEY": ["ANK"]},
    })
    width = 1000
    drawing = draw_map(board, None, pos, width=width, options=MapOptions(palette=palette))
    geo = load_geometry(board)
    s = width / geo.width
    # the map starts below the title bar, the one box from the top left corner
    title_h = next(sh.box[3] for sh in drawing.shapes if isinstance(sh, Rect) and sh.box[:2] == (0, 0))
    for code, owner, occupier in (("MUN", "GERMANY", "FRANCE"), ("ANK", "TURKEY", "RUSSIA")):
        x, y = geo.provinces[code].sc
        at = (x * s, y * s + title_h)
        dots = [d for d in drawing.shapes if isinstance(d, Disc) and d.layer == MARK
                and abs(d.centre[0] - at[0]) < 0.01 and abs(d.centre[1] - at[1]) < 0.01]
        fills = {d.fill for d in dots}
        owner_colour = _colour(board, drawing, owner, palette)
        assert owner_colour in fills and _colour(board, drawing, occupier, palette) not in fills
        first = geo.provinces[code].shape[0][0]
        land = next(p for p in drawing.shapes if isinstance(p, Poly) and p.layer == BASE
                    and p.fill is not None and p.points[0] == (first[0] * s, first[1] * s + title_h))
        assert land.fill == blend(LAND, owner_colour, TINT)
        if palette == "colourblind":
            assert land.hatch == owner.lower()
    swi = geo.provinces["SWI"].shape[0][0]
    (impassable,) = [p for p in drawing.shapes if isinstance(p, Poly) and p.fill is not None
                     and p.points[0] == (swi[0] * s, swi[1] * s + title_h)]
    assert impassable.hatch is None  # no one's land (it once took the last province's pattern)


def _colour(board, drawing: Drawing, power: str, palette: str):
    if palette == "standard":
        return hex_colour(board.powers[power].colour)
    from arbitro.render.style import COLOURBLIND

    return COLOURBLIND[list(board.powers).index(power)]


def _token(kind: str, colour, scale: float) -> object:
    size = round(UNIT_R * 3 * scale)
    drawing = Drawing(size, size, (255, 255, 255))
    unit_token(Pen(drawing, scale), kind, (UNIT_R * 1.5, UNIT_R * 1.5), colour)
    return to_image(drawing).convert("L")


@pytest.mark.parametrize("colour", [(0, 114, 178), (240, 228, 66), (120, 120, 120)])
def test_army_and_fleet_differ_by_shape_at_phone_size(colour):
    """At the mails' 1200 px (a unit about 20 px wide) the two tokens of one colour
    differ in a good share of their pixels, and the army's disc holds a drawing (the
    cannon) in an ink that stands out from the power's colour."""
    scale = 1.2
    army, fleet = _token("A", colour, scale), _token("F", colour, scale)
    diff = ImageChops.difference(army, fleet).point(lambda v: 255 if v > 60 else 0)
    ink = diff.histogram()[255]
    assert ink > 0.25 * army.width * army.height * 0.35
    r = UNIT_R * scale
    c = UNIT_R * 1.5 * scale
    inside = [army.getpixel((x, y)) for x in range(army.width) for y in range(army.height)
              if (x - c) ** 2 + (y - c) ** 2 < (0.8 * r) ** 2]
    body = sorted(inside)[len(inside) // 2]  # the power's colour, the disc's most
    marked = sum(1 for v in inside if abs(v - body) > 70)
    assert marked > 0.12 * len(inside)
