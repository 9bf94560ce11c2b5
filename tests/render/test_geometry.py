"""The standard map's drawing data agrees with its rules data (maps/standard.toml)."""

from __future__ import annotations

import itertools
import math

import pytest

from arbitro.diplomacy.board import Terrain
from arbitro.render.geometry_files import load_geometry
from arbitro.render.schematic import schematic_geometry
from arbitro.variants import load_board

NEAR = 12.0  # canvas units (map 1000 wide): across a strait, e.g. DEN-SWE


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


@pytest.fixture(scope="module")
def geo(board):
    g = load_geometry(board)
    assert not g.schematic, "maps/standard_geometry.json should be found"
    return g


def _segments(geo, code):
    for ring in geo.provinces[code].shape:
        yield from zip(ring, ring[1:] + ring[:1])


def _seg_dist(p, a, b):
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (ax + dx * t, ay + dy * t))


def _gap(geo, a, b):
    pts_a = [p for ring in geo.provinces[a].shape for p in ring]
    segs_b = list(_segments(geo, b))
    return min(_seg_dist(p, s, e) for p in pts_a for s, e in segs_b)


def _shared(geo, a, b, tol=0.6):
    """How many of a's border points lie on b's border: a shared border, roughly."""
    segs_b = list(_segments(geo, b))
    return sum(
        1 for ring in geo.provinces[a].shape for p in ring
        if any(_seg_dist(p, s, e) < tol for s, e in segs_b)
    )


def _inside(p, ring):
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_every_province_is_drawn(board, geo):
    assert set(geo.provinces) == set(board.provinces)


def test_adjacent_provinces_touch_or_are_near(board, geo):
    """R-MAP-1: a player reading the picture finds every adjacency of the rules data."""
    far = []
    for a in sorted(board.provinces):
        for b in sorted(board.neighbours(a)):
            if a < b and _gap(geo, a, b) > NEAR and _gap(geo, b, a) > NEAR:
                far.append(f"{a}-{b}")
    assert not far, f"adjacent but drawn apart: {far}"


def test_no_border_between_provinces_that_are_not_adjacent(board, geo):
    """The picture must not suggest a move the rules refuse (SWI borders are fine)."""
    wrong = []
    for a, b in itertools.combinations(sorted(board.provinces), 2):
        if b in board.neighbours(a) or Terrain.IMPASSABLE in (
            board.provinces[a].terrain, board.provinces[b].terrain
        ):
            continue
        if _shared(geo, a, b) >= 2:
            wrong.append(f"{a}-{b}")
    assert not wrong, f"share a border but are not adjacent: {wrong}"


def test_switzerland_is_impassable_and_drawn(board, geo):
    assert board.provinces["SWI"].terrain is Terrain.IMPASSABLE
    assert geo.provinces["SWI"].shape


def test_anchor_points_lie_in_their_province(board, geo):
    outside = []
    for code, d in geo.provinces.items():
        points = {"unit": d.unit, "label": d.label, **({"sc": d.sc} if d.sc else {}), **d.coasts}
        for what, p in points.items():
            if not any(_inside(p, ring) for ring in d.shape):
                outside.append(f"{code}.{what}")
    assert not outside, outside


def test_every_coast_and_centre_has_a_spot(board, geo):
    for code, prov in board.provinces.items():
        assert set(prov.coasts) == set(geo.provinces[code].coasts), code
        assert (geo.provinces[code].sc is not None) == prov.supply_centre, code


def test_schematic_layout_is_deterministic_and_spread(board):
    a, b = schematic_geometry(board), schematic_geometry(board)
    assert {c: d.unit for c, d in a.provinces.items()} == {c: d.unit for c, d in b.provinces.items()}
    units = [d.unit for d in a.provinces.values()]
    closest = min(math.dist(p, q) for p, q in itertools.combinations(units, 2))
    assert closest > 8.0


def test_geometry_is_cached_per_variant_not_per_board_object(board, geo):
    """Each service loads its own Board of a variant; the drawing data is read once per
    variant (an id() key read it again for every copy, and could hand a later board the
    geometry of a collected one that had the same id)."""
    import copy

    again = copy.copy(board)
    assert again is not board
    assert load_geometry(again) is geo
