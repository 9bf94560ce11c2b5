"""Issue 18, finding 2: no province name is covered by a unit, an order's line or a
centre, and no two names overlap, even with every province occupied and every unit
ordered. Checked on the drawing model with this file's own geometry."""

from __future__ import annotations

import math

import pytest

from arbitro.contract import adjudicate_json, outcome_from_json, position_from_json
from arbitro.diplomacy.board import Terrain
from arbitro.diplomacy.position import start_position
from arbitro.render import MapOptions, draw_map, load_geometry
from arbitro.render.model import LABEL, MARK, Disc, Line, Poly, Text
from arbitro.variants import load_board

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def crowded(board) -> dict:
    """Every province that can hold a unit holds one; every other unit moves to a
    neighbour, and the rest support that move or hold: some seventy lines on the map."""
    units: dict[str, list[str]] = {p: [] for p in POWERS}
    kind: dict[str, str] = {}
    for i, (code, prov) in enumerate(sorted(board.provinces.items())):
        if prov.terrain is Terrain.IMPASSABLE:
            continue
        kind[code] = "F" if prov.terrain is Terrain.SEA else "A"
        units[POWERS[i % len(POWERS)]].append(f"{kind[code]} {code}")
    owner = {u.split()[1]: p for p, us in units.items() for u in us}
    orders: dict[str, list[str]] = {p: [] for p in POWERS}
    moving: dict[str, str] = {}
    for i, code in enumerate(sorted(kind)):
        reach = sorted(t for t in board.neighbours(code) if t in kind
                       and board.can_move(kind[code], code, t))
        if i % 2 == 0 and reach:
            target = reach[i % len(reach)]
            moving[code] = target
            orders[owner[code]].append(f"{kind[code]} {code} - {target}")
    for code in sorted(kind):
        if code in moving:
            continue
        helped = next((m for m in sorted(moving) if moving[m] in board.neighbours(code)
                       and board.can_move(kind[code], code, moving[m])), None)
        if helped is not None:
            orders[owner[code]].append(
                f"{kind[code]} {code} S {kind[helped]} {helped} - {moving[helped]}")
        else:
            orders[owner[code]].append(f"{kind[code]} {code} H")
    centres = {p: [] for p in POWERS}
    for i, code in enumerate(sorted(c for c, p in board.provinces.items() if p.supply_centre)):
        centres[POWERS[(i + 3) % len(POWERS)]].append(code)  # owners unlike occupiers
    return {"variant": "standard", "phase": "F1905M", "units": units, "centers": centres,
            "orders": orders}


# -- the test's own geometry, in pixels ---------------------------------------

def _pt_box(p, box) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _pt_seg(p, a, b) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + dx * t, a[1] + dy * t))


def _seg_box(a, b, box) -> float:
    """Sampled along the segment: simple, and exact enough at a tenth of a pixel."""
    n = max(2, int(math.dist(a, b) * 4))
    return min(_pt_box((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n), box)
               for k in range(n + 1))


def _inside(p, ring) -> bool:
    x, y = p
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _covers(shape, box) -> bool:
    if isinstance(shape, Disc):
        return _pt_box(shape.centre, box) < shape.r
    if isinstance(shape, Line):
        return any(_seg_box(a, b, box) < shape.width / 2
                   for a, b in zip(shape.points, shape.points[1:]))
    if isinstance(shape, Poly):
        ring = list(shape.points)
        corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
        return (any(_seg_box(a, b, box) == 0 for a, b in zip(ring, ring[1:] + ring[:1]))
                or any(_inside(c, ring) for c in corners))
    raise AssertionError(f"unexpected mark {shape!r}")


def _reach(shape):
    """The shape's box, grown by its stroke: no farther can it cover anything."""
    if isinstance(shape, Disc):
        x, y = shape.centre
        return (x - shape.r, y - shape.r, x + shape.r, y + shape.r)
    xs, ys = [p[0] for p in shape.points], [p[1] for p in shape.points]
    w = shape.width / 2 + 1
    return (min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check(drawing, board, crowd: int = 100) -> None:
    labels = [s for s in drawing.shapes if isinstance(s, Text) and s.layer == LABEL]
    marks = [s for s in drawing.shapes if s.layer == MARK]
    assert len(labels) == len(board.provinces)
    assert len(marks) > crowd  # what is checked against is really drawn
    reach = [(m, _reach(m)) for m in marks]
    covered = [(t.text, type(m).__name__) for t in labels for m, r in reach
               if _overlap(r, t.box) and _covers(m, t.box)]
    assert not covered, f"names covered: {covered[:12]}"
    piled = [(a.text, b.text) for i, a in enumerate(labels) for b in labels[i + 1:]
             if _overlap(a.box, b.box)]
    assert not piled, f"names on names: {piled}"


def _near_own_province(drawing, board, lang) -> None:
    """A name stays by its province: its middle within 40 canvas units of its spot."""
    geo = load_geometry(board)
    scale = drawing.width / geo.width
    top = round(drawing.width / 26) if drawing.width / 26 > 24 else 24
    by_text = {}
    for code, prov in board.provinces.items():
        by_text[prov.code if lang == "en" else prov.code_it.upper()] = code
    for t in (s for s in drawing.shapes if isinstance(s, Text) and s.layer == LABEL):
        code = by_text[t.text]
        lx, ly = geo.provinces[code].label
        mid = ((t.box[0] + t.box[2]) / 2, (t.box[1] + t.box[3]) / 2)
        assert math.dist(mid, (lx * scale, ly * scale + top)) < 40 * scale, t.text


@pytest.mark.parametrize("lang,width", [("it", 1200), ("en", 1600), ("it", 800)])
def test_no_name_is_covered_on_a_crowded_board(board, lang, width):
    data = crowded(board)
    before = position_from_json(board, data)
    outcome = outcome_from_json(board, before, adjudicate_json(board, data))
    drawing = draw_map(board, None, before, outcome, lang, width)
    check(drawing, board, crowd=700)
    _near_own_province(drawing, board, lang)


@pytest.mark.parametrize("names", ["codes", "full"])
def test_the_names_the_issue_found_covered_are_free_at_the_start(board, names):
    """LVP, MTI (TYS), SMI (SMY), GAL and SER were hidden by units and centres."""
    drawing = draw_map(board, None, start_position(board), lang="it", width=1200,
                       options=MapOptions(names=names))
    check(drawing, board)


def test_the_check_sees_a_covered_name(board):
    """The geometry above catches a unit set on a name (a check that cannot fail proves
    nothing)."""
    drawing = draw_map(board, None, start_position(board), lang="en", width=1200)
    label = next(s for s in drawing.shapes if isinstance(s, Text) and s.text == "LVP")
    mid = ((label.box[0] + label.box[2]) / 2, (label.box[1] + label.box[3]) / 2)
    drawing.shapes.append(Disc(mid, 6.0, (0, 0, 0), layer=MARK))
    with pytest.raises(AssertionError, match="LVP"):
        check(drawing, board)
