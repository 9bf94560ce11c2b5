"""Where a province's name goes: near its own spot, never under a unit, an order's line or
a centre, nor over another name.

Everything already drawn on the ``mark`` layer is an obstacle; each label tries spots in
rings around the province's label point, inside the province first, and takes the first
that is free. The check is geometric (boxes, circles, thick segments), in pixels.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from .model import Box, Disc, Line, Poly, Point, Shape, Text

CELL = 40.0  # pixels: the grid that keeps the checks local
GAP = 1.0  # pixels kept clear around a label


@dataclass(frozen=True, slots=True)
class Obstacle:
    kind: str  # "circle" (a, r), "segment" (a, b, r: half width), "box" (box)
    a: Point
    b: Point
    r: float

    def box(self) -> Box:
        if self.kind == "box":
            return (self.a[0], self.a[1], self.b[0], self.b[1])
        if self.kind == "circle":
            return (self.a[0] - self.r, self.a[1] - self.r, self.a[0] + self.r, self.a[1] + self.r)
        return (min(self.a[0], self.b[0]) - self.r, min(self.a[1], self.b[1]) - self.r,
                max(self.a[0], self.b[0]) + self.r, max(self.a[1], self.b[1]) + self.r)

    def hits(self, box: Box) -> bool:
        if self.kind == "box":
            return _boxes_meet(box, self.box())
        if self.kind == "circle":
            return _point_box_distance(self.a, box) < self.r
        return segment_box_distance(self.a, self.b, box) < self.r


def obstacles_of(shapes: Iterable[Shape]) -> list[Obstacle]:
    """The room each drawn shape takes."""
    out: list[Obstacle] = []
    for s in shapes:
        if isinstance(s, Disc):
            out.append(Obstacle("circle", s.centre, s.centre, s.r + (s.width / 2 if s.outline else 0)))
        elif isinstance(s, Line):
            # a dashed line is still a line: its gaps do not make room for a name
            for a, b in zip(s.points, s.points[1:], strict=False):
                out.append(Obstacle("segment", a, b, s.width / 2))
        elif isinstance(s, Poly):
            xs, ys = [p[0] for p in s.points], [p[1] for p in s.points]
            w = s.width / 2 if s.outline else 0
            out.append(Obstacle("box", (min(xs) - w, min(ys) - w), (max(xs) + w, max(ys) + w), 0))
        elif isinstance(s, Text):
            out.append(Obstacle("box", s.box[:2], s.box[2:], 0))
    return out


class Room:
    """The obstacles on a grid, so a label checks only what is near it."""

    def __init__(self, obstacles: Iterable[Obstacle], bounds: Box) -> None:
        self.bounds = bounds
        self.grid: dict[tuple[int, int], list[Obstacle]] = {}
        for o in obstacles:
            self.add(o)

    def _cells(self, box: Box) -> Iterator[tuple[int, int]]:
        for i in range(math.floor(box[0] / CELL), math.floor(box[2] / CELL) + 1):
            for j in range(math.floor(box[1] / CELL), math.floor(box[3] / CELL) + 1):
                yield (i, j)

    def add(self, o: Obstacle) -> None:
        for cell in self._cells(o.box()):
            self.grid.setdefault(cell, []).append(o)

    def free(self, box: Box) -> bool:
        b = self.bounds
        if box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]:
            return False
        grown = (box[0] - GAP, box[1] - GAP, box[2] + GAP, box[3] + GAP)
        seen: set[int] = set()
        for cell in self._cells(grown):
            for o in self.grid.get(cell, ()):
                if id(o) in seen:
                    continue
                seen.add(id(o))
                if o.hits(grown):
                    return False
        return True


def _boxes_meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _point_box_distance(p: Point, box: Box) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)


def _point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == dy == 0:
        return math.dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.dist(p, (a[0] + dx * t, a[1] + dy * t))


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return (side(a, b, c) * side(a, b, d) < 0) and (side(c, d, a) * side(c, d, b) < 0)


def segment_box_distance(a: Point, b: Point, box: Box) -> float:
    """0 when the segment touches the box, else the shortest distance between them."""
    x0, y0, x1, y1 = box
    if x0 <= a[0] <= x1 and y0 <= a[1] <= y1:
        return 0.0
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    for c, d in zip(corners, corners[1:] + corners[:1], strict=True):
        if _segments_cross(a, b, c, d):
            return 0.0
    return min(
        _point_box_distance(a, box),
        _point_box_distance(b, box),
        *(_point_segment_distance(c, a, b) for c in corners),
    )


def inside(p: Point, rings: Sequence[Sequence[Point]]) -> bool:
    x, y = p
    for ring in rings:
        hit = False
        for (x1, y1), (x2, y2) in zip(ring, list(ring[1:]) + [ring[0]], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        if hit:
            return True
    return False


def box_inside(box: Box, rings: Sequence[Sequence[Point]]) -> bool:
    """Every corner and edge middle of ``box`` lies in the province."""
    x0, y0, x1, y1 = box
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    return all(inside(p, rings) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1),
                                           (xm, y0), (xm, y1), (x0, ym), (x1, ym)))


# Canvas-unit offsets from the label point, nearest first: on the point, then rings
# of eight directions, the vertical ones first (a code reads best just above or below
# its unit), then sixteen directions further out, for crowded corners.
_DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0), (0.75, 0.75), (-0.75, 0.75),
               (0.75, -0.75), (-0.75, -0.75))
_SIXTEEN = tuple((math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16))
OFFSETS: tuple[Point, ...] = (
    ((0.0, 0.0),)
    + tuple((dx * d, dy * d) for d in (4.0, 7.0, 10.0, 13.0, 17.0) for dx, dy in _DIRECTIONS)
    + tuple((dx * d, dy * d) for d in (21.0, 25.0, 29.0, 33.0) for dx, dy in _SIXTEEN)
)


def place(
    room: Room,
    anchor: Point,
    measure: Callable[[Point], Box],
    within: Callable[[Box], bool],
    scale: float,
    loose: bool = True,
) -> tuple[Point, Box] | None:
    """The first free spot near ``anchor`` (pixels) for a label whose box at a spot
    ``measure`` gives: first one ``within`` its province, then (``loose``) any."""
    spots = [(anchor[0] + dx * scale, anchor[1] + dy * scale) for dx, dy in OFFSETS]
    for strict in (True, False) if loose else (True,):
        for p in spots:
            box = measure(p)
            if (not strict or within(box)) and room.free(box):
                return p, box
    return None
