"""The drawing model as a Pillow image (the PNG of the mails)."""

from __future__ import annotations

import functools
import io
import math
from collections.abc import Iterator
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw
from PIL.PngImagePlugin import PngInfo

from .model import Colour, Disc, Drawing, Hatch, Line, Point, Poly, Rect, Text
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


# zlib level 4: on a palette image of a map, 2.3 times smaller than the RGB image at level 1
# mails carried before, in a third of its time (bench/render.py prints both each run).
PNG_LEVEL = 4


def to_png(drawing: Drawing, compress_level: int = PNG_LEVEL) -> bytes:
    """PNG bytes with the map's title (and its language) in an iTXt chunk. A palette
    image (one byte a pixel, the drawing's own colours), which PNG stores with no filter
    (libpng's advice for palette images: a row's bytes are indices, not intensities), so
    the encoder only has runs of flat colour to compress."""
    return encode_png(to_image(drawing), drawing, compress_level)


def encode_png(image: Image.Image, drawing: Drawing, compress_level: int = PNG_LEVEL) -> bytes:
    info = PngInfo()
    if drawing.title:
        info.add_itxt("Title", drawing.title, lang=drawing.lang)
    out = io.BytesIO()
    paletted(image, drawing).save(out, format="PNG", compress_level=compress_level, pnginfo=info)
    return out.getvalue()


def paletted(image: Image.Image, drawing: Drawing) -> Image.Image:
    """``image`` on a palette of the drawing's colours: every flat colour exact (fills,
    lines, tokens, hatches) and the few tones between a text's colour, its halo and what
    lies under it, where the type is smoothed. A drawing of more flat colours than a
    palette holds is quantised by Pillow instead."""
    colours = palette_of(drawing)
    if colours is None:
        return image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for c in colours for v in c])
    return image.quantize(palette=pal, dither=Image.Dither.NONE)


def palette_of(drawing: Drawing) -> list[Colour] | None:
    flat: dict[Colour, None] = {drawing.background: None}
    grounds: dict[Colour, None] = {drawing.background: None}  # what chrome text sits on
    inked: dict[tuple[Colour, Colour], None] = {}
    halos: dict[Colour, None] = {}
    for s in drawing.shapes:
        if isinstance(s, Text):
            flat[s.colour] = None
            if s.halo is not None and s.stroke:
                flat[s.halo] = None
                halos[s.halo] = None
                inked[(s.colour, s.halo)] = None
            else:
                inked[(s.colour, drawing.background)] = None
        elif isinstance(s, Line):
            flat[s.colour] = None
        else:
            for c in (s.fill, s.outline):
                if c is not None:
                    flat[c] = None
            if isinstance(s, Rect) and s.fill is not None:
                grounds[s.fill] = None
    for h in drawing.hatches.values():
        flat[h.colour] = None
    if len(flat) > 256:
        return None
    return list(_palette(tuple(flat), tuple(grounds), tuple(inked), tuple(halos), drawing.background))


@functools.lru_cache(maxsize=64)
def _palette(flat: tuple[Colour, ...], grounds: tuple[Colour, ...],
             inked: tuple[tuple[Colour, Colour], ...], halos: tuple[Colour, ...],
             background: Colour) -> tuple[Colour, ...]:
    """The flat colours, then the tones of smoothed type that can never take a flat
    colour's pixels. Pillow maps a colour to the palette entry nearest to the colour with
    its two low bits cleared in each channel; a tone nearer to that point than the flat
    colour itself would take the flat colour's pixels, so it is left out."""
    tones: dict[Colour, None] = {}
    for ink, ground in inked:  # a text's edge, into its halo (or its ground)
        for g in ([ground] if ground != background else list(grounds)):
            for k in (1, 2, 3, 4, 5):
                tones[_mix(ink, g, k / 6)] = None
    for halo in halos:  # a halo's edge, into whatever is under it
        for c in flat:
            for k in (1, 2):
                tones[_mix(halo, c, k / 3)] = None
    guards = [(_floor4(c), _d2(_floor4(c), c)) for c in flat]
    room = 256 - len(flat)
    kept: list[Colour] = []
    taken = set(flat)
    for t in tones:
        if len(kept) == room:
            break
        if t in taken or any(_d2(g, t) < own for g, own in guards):
            continue
        kept.append(t)
        taken.add(t)
    return flat + tuple(kept)


def _floor4(c: Colour) -> Colour:
    return (c[0] & ~3, c[1] & ~3, c[2] & ~3)


def _d2(a: Colour, b: Colour) -> int:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2


def _mix(a: Colour, b: Colour, share_b: float) -> Colour:
    return (round(a[0] * (1 - share_b) + b[0] * share_b), round(a[1] * (1 - share_b) + b[1] * share_b),
            round(a[2] * (1 - share_b) + b[2] * share_b))


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
