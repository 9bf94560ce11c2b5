"""Drawing primitives in canvas units (the geometry's), added to a drawing model in pixels:
lines with dashes, arrows, unit tokens."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from ..diplomacy.board import FLEET
from .model import BASE, CHROME, Box, Colour, Disc, Drawing, Line, Poly, Rect, Text
from .style import HALO, INK, blend, darker, font

Point = tuple[float, float]
UNIT_R = 8.5  # a unit token's radius, canvas units


@functools.lru_cache(maxsize=4096)
def text_box(text: str, size: int, bold: bool, anchor: str, stroke: int) -> Box:
    """The ink's box of ``text`` set at (0, 0), in pixels."""
    x0, y0, x1, y1 = font(size, bold).getbbox(text, anchor=anchor, stroke_width=stroke)
    return (float(x0), float(y0), float(x1), float(y1))


class Pen:
    """Adds shapes to a drawing, taking canvas units and scaling them."""

    def __init__(self, drawing: Drawing, scale: float, dy: float = 0.0) -> None:
        self.drawing = drawing
        self.s = scale
        self.dy = dy  # pixels above the map (title bar)
        self.layer = BASE

    def px(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.s, p[1] * self.s + self.dy)

    def canvas(self, p: Point) -> Point:
        return (p[0] / self.s, (p[1] - self.dy) / self.s)

    def polygon(self, ring: Sequence[Point], fill: Colour | None, outline: Colour | None = None,
                width: float = 1.0, hatch: str | None = None) -> None:
        s, dy = self.s, self.dy
        self.drawing.add(Poly(tuple((x * s, y * s + dy) for x, y in ring), fill, outline,
                              max(1.0, width * self.s), self.layer, hatch))

    def line(self, pts: Sequence[Point], colour: Colour, width: float,
             dash: tuple[float, float] | None = None) -> None:
        d = (dash[0] * self.s, dash[1] * self.s) if dash else None
        self.drawing.add(Line(tuple(self.px(p) for p in pts), colour, max(1.0, width * self.s),
                              d, self.layer))

    def disc(self, c: Point, r: float, fill: Colour | None, outline: Colour | None = None,
             width: float = 1.0) -> None:
        self.drawing.add(Disc(self.px(c), r * self.s, fill, outline,
                              max(1.0, width * self.s), self.layer))

    def text(self, p: Point, text: str, size: float, colour: Colour = INK, bold: bool = False,
             halo: Colour | None = HALO, anchor: str = "mm") -> Box:
        """Sets ``text``; returns its box in canvas units."""
        px_size = max(6, round(size * self.s))
        stroke = max(1, round(px_size / 7)) if halo else 0
        at = self.px(p)
        x0, y0, x1, y1 = text_box(text, px_size, bold, anchor, stroke)
        box = (at[0] + x0, at[1] + y0, at[0] + x1, at[1] + y1)
        self.drawing.add(Text(at, text, px_size, colour, bold, halo, stroke, anchor, box, self.layer))
        a, b = self.canvas(box[:2]), self.canvas(box[2:])
        return (a[0], a[1], b[0], b[1])

    # screen space: the title bar, the table and the legend
    def rect_px(self, box: Box, fill: Colour | None, outline: Colour | None = None,
                width: float = 1.0, layer: str = CHROME) -> None:
        self.drawing.add(Rect(box, fill, outline, width, layer))

    def text_px(self, at: Point, text: str, size: int, colour: Colour = INK, bold: bool = False,
                anchor: str = "lm") -> float:
        """Sets ``text`` at pixel ``at``; returns its width in pixels."""
        x0, y0, x1, y1 = text_box(text, size, bold, anchor, 0)
        self.drawing.add(Text(at, text, size, colour, bold, None, 0, anchor,
                              (at[0] + x0, at[1] + y0, at[0] + x1, at[1] + y1), CHROME))
        return x1 - x0


def shorten(a: Point, b: Point, from_a: float, from_b: float) -> tuple[Point, Point]:
    length = math.dist(a, b)
    if length <= from_a + from_b + 1:
        return a, b
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    return (a[0] + ux * from_a, a[1] + uy * from_a), (b[0] - ux * from_b, b[1] - uy * from_b)


def arrow(pen: Pen, pts: Sequence[Point], colour: Colour, width: float = 2.2,
          dashed: bool = False, head: float = 7.0) -> None:
    """A polyline ending in an arrowhead, outlined dark so it reads on any tint."""
    a, b = pts[-2], pts[-1]
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head, b[1] - uy * head)
    body = list(pts[:-1]) + [base]
    wing = head * 0.55
    tri = [b, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    dash = (5.0, 3.5) if dashed else None
    pen.line(body, darker(colour, 0.55), width + 1.6, dash)
    pen.line(body, colour, width, dash)
    pen.polygon(tri, colour, darker(colour, 0.55), 0.8)


def retreat_arrow(pen: Pen, pts: Sequence[Point], colour: Colour) -> None:
    """A retreat: an arrow drawn as a double line (a white core), so it is told from a
    move at a glance."""
    arrow(pen, pts, colour, 3.4)
    a, b = pts[-2], pts[-1]
    body = list(pts[:-1]) + [shorten(a, b, 0, 7.0)[1]]
    pen.line(body, HALO, 1.1)


def option_arrow(pen: Pen, pts: Sequence[Point], colour: Colour) -> None:
    """Where a dislodged unit may retreat: a thin pale line with an open head, neither
    dashed (a failed move) nor dotted (a support)."""
    a, b = pts[-2], pts[-1]
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    head = 6.0
    base = (b[0] - ux * head, b[1] - uy * head)
    wing = head * 0.6
    ink = darker(colour, 0.25)
    pen.line(list(pts[:-1]) + [base], ink, 1.6)
    tri = [b, (base[0] - uy * wing, base[1] + ux * wing), (base[0] + uy * wing, base[1] - ux * wing)]
    pen.polygon(tri, HALO, ink, 1.4)


def support_line(pen: Pen, a: Point, b: Point, colour: Colour, dot: bool) -> None:
    """A support: a dotted line, ending in a dot when it supports a move."""
    pen.line([a, b], darker(colour, 0.45), 2.6, (2.0, 3.0))
    pen.line([a, b], colour, 1.4, (2.0, 3.0))
    if dot:
        pen.disc(b, 2.6, colour, darker(colour, 0.5), 0.8)


def build_ring(pen: Pen, c: Point) -> None:
    """A unit built this winter: a black ring with a white one inside, around the token
    (a convoy's rings are in the fleet's colour)."""
    pen.disc(c, UNIT_R + 4.0, None, INK, 1.6)
    pen.disc(c, UNIT_R + 2.6, None, HALO, 1.0)


def cross(pen: Pen, c: Point, r: float, colour: Colour = INK, width: float = 2.0) -> None:
    """An X (failed order, disbanded unit), white-haloed."""
    for halo, w in ((HALO, width + 2.0), (colour, width)):
        pen.line([(c[0] - r, c[1] - r), (c[0] + r, c[1] + r)], halo, w)
        pen.line([(c[0] - r, c[1] + r), (c[0] + r, c[1] - r)], halo, w)



def _light(c: Colour) -> bool:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2] > 150


def unit_token(pen: Pen, kind: str, c: Point, colour: Colour, ghost: bool = False) -> None:
    """Army: a cannon on its carriage. Fleet: a ship (hull and sails). Ghost: pale, for
    dislodged units. Both are silhouettes in the power's colour on a white-haloed badge, so
    the kind reads by shape at phone size and the power by colour."""
    r = UNIT_R
    edge = darker(colour, 0.3) if ghost else darker(colour, 0.6)
    fill = blend(colour, HALO, 0.5) if ghost else colour
    ink = edge if ghost else (INK if _light(colour) else HALO)
    x, y = c
    if kind == FLEET:
        hull = [(x - r * 1.35, y + r * 0.05), (x + r * 1.35, y + r * 0.05),
                (x + r * 0.85, y + r * 0.8), (x - r * 0.85, y + r * 0.8)]
        sail = [(x - r * 0.15, y - r * 1.05), (x - r * 0.15, y - r * 0.05),
                (x - r * 1.0, y - r * 0.05)]
        sail2 = [(x + r * 0.1, y - r * 0.85), (x + r * 0.1, y - r * 0.05), (x + r * 0.95, y - r * 0.05)]
        for shape in (hull, sail, sail2):
            pen.polygon(shape, fill, edge, 1.4 if ghost else 1.0)
        return
    # A round badge in the power's colour with a cannon in contrasting ink: a wheel, and a
    # barrel rising to the right from a trail that rests on the ground.
    pen.disc(c, r * 0.98, fill, edge, 1.6 if ghost else 1.2)
    barrel = _bar((x - r * 0.55, y + r * 0.12), (x + r * 0.68, y - r * 0.42), r * 0.34)
    pen.polygon(barrel, ink)
    pen.line([(x - r * 0.2, y + r * 0.2), (x - r * 0.72, y + r * 0.55)], ink, r * 0.2)
    pen.disc((x - r * 0.08, y + r * 0.3), r * 0.3, ink)
    pen.disc((x - r * 0.08, y + r * 0.3), r * 0.1, fill)


def _bar(a: Point, b: Point, thick: float) -> list[Point]:
    length = math.dist(a, b) or 1.0
    nx, ny = -(b[1] - a[1]) / length * thick / 2, (b[0] - a[0]) / length * thick / 2
    # the muzzle a little wider than the breech
    return [(a[0] + nx * 0.8, a[1] + ny * 0.8), (b[0] + nx, b[1] + ny),
            (b[0] - nx, b[1] - ny), (a[0] - nx * 0.8, a[1] - ny * 0.8)]
