"""The drawing model as a Pillow image (the PNG of the mails)."""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Iterator
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw
from PIL.PngImagePlugin import PngInfo

from .model import Disc, Drawing, Hatch, Line, Point, Poly, Rect, Text
from .style import font


def to_image(drawing: Drawing) -> Image.Image:
    img = Image.new("RGB", (drawing.width, drawing.height), drawing.background)
    draw = ImageDraw.Draw(img)
    for s in drawing.shapes:
        if isinstance(s, Poly):
            pts = list(s.points)
            if s.fill is not None:
                draw.polygon(pts, fill=s.fill)
                if s.hatch is not None:
                    _hatch(img, pts, drawing.hatches[s.hatch], s.hatch)
            if s.outline is not None:
                draw.line(pts + pts[:1], fill=s.outline, width=_w(s.width), joint="curve")
        elif isinstance(s, Line):
            if s.dash is None:
                draw.line(list(s.points), fill=s.colour, width=_w(s.width), joint="curve")
            else:
                for a, b in _dashes(s.points, s.dash):
                    draw.line([a, b], fill=s.colour, width=_w(s.width))
        elif isinstance(s, Disc):
            x, y = s.centre
            draw.ellipse((x - s.r, y - s.r, x + s.r, y + s.r), fill=s.fill, outline=s.outline,
                         width=_w(s.width) if s.outline else 0)
        elif isinstance(s, Rect):
            draw.rectangle(s.box, fill=s.fill, outline=s.outline,
                           width=_w(s.width) if s.outline else 0)
        elif isinstance(s, Text):
            draw.text(s.at, s.text, fill=s.colour, font=font(s.size, s.bold), anchor=s.anchor,
                      stroke_width=s.stroke, stroke_fill=s.halo)
    return img


def to_png(drawing: Drawing, compress_level: int = 1) -> bytes:
    """PNG bytes with the map's title (and its language) in an iTXt chunk. A low
    compression level by default: maps are drawn per phase and language, and speed matters
    more than a few kilobytes."""
    info = PngInfo()
    if drawing.title:
        info.add_itxt("Title", drawing.title, lang=drawing.lang)
    out = io.BytesIO()
    to_image(drawing).save(out, format="PNG", compress_level=compress_level, pnginfo=info)
    return out.getvalue()


def _w(width: float) -> int:
    return max(1, round(width))


def _dashes(points: tuple[Point, ...], dash: tuple[float, float]) -> Iterator[tuple[Point, Point]]:
    on, off = dash
    for a, b in pairwise(points):
        length = math.dist(a, b)
        if length == 0:
            continue
        t = 0.0
        while t < length:
            t2 = min(t + on, length)
            yield ((a[0] + (b[0] - a[0]) * t / length, a[1] + (b[1] - a[1]) * t / length),
                   (a[0] + (b[0] - a[0]) * t2 / length, a[1] + (b[1] - a[1]) * t2 / length))
            t = t2 + off


@functools.lru_cache(maxsize=32)
def _hatch_tile(key: str, hatch: Hatch, size: int) -> Image.Image:
    """A square mask of the pattern's lines, cropped to each polygon's box when laid."""
    tile = Image.new("L", (size, size), 0)
    d = ImageDraw.Draw(tile)
    angles = (hatch.angle, hatch.angle + 90) if hatch.cross else (hatch.angle,)
    for angle in angles:
        rad = math.radians(angle)
        ux, uy = math.cos(rad), math.sin(rad)  # along the line
        nx, ny = -uy, ux  # across
        steps = int(size * 1.5 / hatch.spacing) + 1
        for i in range(-steps, steps + 1):
            cx, cy = size / 2 + nx * i * hatch.spacing, size / 2 + ny * i * hatch.spacing
            d.line([(cx - ux * size, cy - uy * size), (cx + ux * size, cy + uy * size)],
                   fill=255, width=_w(hatch.width))
    return tile


def _hatch(img: Image.Image, pts: list[tuple[float, float]], hatch: Hatch, key: str) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = max(0, math.floor(min(xs))), max(0, math.floor(min(ys)))
    x1, y1 = min(img.width, math.ceil(max(xs)) + 1), min(img.height, math.ceil(max(ys)) + 1)
    if x1 <= x0 or y1 <= y0:
        return
    mask = Image.new("L", (x1 - x0, y1 - y0), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in pts], fill=255)
    size = max(img.width, img.height)
    # Cropped at the polygon's place in the whole image: patterns line up across borders.
    lines = _hatch_tile(key, hatch, size).crop((x0, y0, x1, y1))
    img.paste(hatch.colour, (x0, y0, x1, y1), ImageChops.multiply(mask, lines))
