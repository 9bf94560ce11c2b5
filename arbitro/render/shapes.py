"""Drawing primitives in canvas units: lines with dashes, arrows, unit tokens."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from PIL import ImageDraw

from ..game.board import FLEET
from .style import HALO, INK, Colour, blend, darker, font

Point = tuple[float, float]


class Pen:
    """An ImageDraw that takes canvas units (the geometry's) and scales them."""

    def __init__(self, draw: ImageDraw.ImageDraw, scale: float, dy: float = 0.0) -> None:
        self.draw = draw
        self.s = scale
        self.dy = dy  # pixels above the map (title bar)

    def px(self, p: Point) -> tuple[float, float]:
        return (p[0] * self.s, p[1] * self.s + self.dy)

    def polygon(self, ring: Sequence[Point], fill: Colour | None, outline: Colour | None = None,
                width: float = 1.0) -> None:
        pts = [self.px(p) for p in ring]
        if fill is not None:
            self.draw.polygon(pts, fill=fill)
        if outline is not None:
            self.draw.line(pts + pts[:1], fill=outline, width=max(1, round(width * self.s)),
                           joint="curve")

    def line(self, pts: Sequence[Point], colour: Colour, width: float,
             dash: tuple[float, float] | None = None) -> None:
        w = max(1, round(width * self.s))
        if dash is None:
            self.draw.line([self.px(p) for p in pts], fill=colour, width=w, joint="curve")
            return
        on, off = dash
        for a, b in pairwise(pts):
            length = math.dist(a, b)
            if length == 0:
                continue
            t = 0.0
            while t < length:
                t2 = min(t + on, length)
                p = (a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length)
                q = (a[0] + (b[0] - a[0]) * t2 / length, a[1] + (b[1] - a[1]) * t2 / length)
                self.draw.line([self.px(p), self.px(q)], fill=colour, width=w)
                t = t2 + off

    def disc(self, c: Point, r: float, fill: Colour | None, outline: Colour | None = None,
             width: float = 1.0) -> None:
        x, y = self.px(c)
        rr = r * self.s
        self.draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill, outline=outline,
                          width=max(1, round(width * self.s)) if outline else 0)

    def text(self, p: Point, text: str, size: float, colour: Colour = INK, bold: bool = False,
             halo: Colour | None = HALO, anchor: str = "mm") -> None:
        f = font(max(6, round(size * self.s)), bold)
        stroke = max(1, round(size * self.s / 7)) if halo else 0
        self.draw.text(self.px(p), text, fill=colour, font=f, anchor=anchor,
                       stroke_width=stroke, stroke_fill=halo)


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


def cross(pen: Pen, c: Point, r: float, colour: Colour = INK, width: float = 2.0) -> None:
    """An X (failed order, disbanded unit), white-haloed."""
    for halo, w in ((HALO, width + 2.0), (colour, width)):
        pen.line([(c[0] - r, c[1] - r), (c[0] + r, c[1] + r)], halo, w)
        pen.line([(c[0] - r, c[1] + r), (c[0] + r, c[1] - r)], halo, w)


UNIT_R = 8.5


def unit_token(pen: Pen, kind: str, c: Point, colour: Colour, ghost: bool = False) -> None:
    """Army: a disc. Fleet: a ship (hull and sail). Ghost: hollow, for dislodged units."""
    edge = darker(colour, 0.6)
    fill = None if ghost else colour
    r = UNIT_R
    if kind == FLEET:
        x, y = c
        hull = [(x - r * 1.35, y + r * 0.05), (x + r * 1.35, y + r * 0.05),
                (x + r * 0.85, y + r * 0.8), (x - r * 0.85, y + r * 0.8)]
        sail = [(x - r * 0.15, y - r * 1.05), (x - r * 0.15, y - r * 0.05),
                (x - r * 1.0, y - r * 0.05)]
        sail2 = [(x + r * 0.1, y - r * 0.85), (x + r * 0.1, y - r * 0.05), (x + r * 0.95, y - r * 0.05)]
        for shape in (hull, sail, sail2):
            if ghost:
                pen.polygon(shape, blend(colour, HALO, 0.6), darker(colour, 0.3), 1.4)
            else:
                pen.polygon(shape, fill, edge, 1.0)
    else:
        if ghost:
            pen.disc(c, r * 0.95, blend(colour, HALO, 0.6), darker(colour, 0.3), 1.6)
        else:
            pen.disc(c, r * 0.95, fill, edge, 1.2)
            # a gun barrel, so the army reads as a shape and not only a colour
            pen.line([(c[0] - r * 0.45, c[1] + r * 0.25), (c[0] + r * 0.5, c[1] - r * 0.4)], edge, 1.6)
