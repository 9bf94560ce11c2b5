"""The drawing model as SVG text: the same shapes as the PNG, sharp at any zoom."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .model import Colour, Disc, Drawing, Hatch, Line, Poly, Rect, Text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_H_ANCHOR = {"l": "start", "m": "middle", "r": "end"}
# Pillow's vertical anchors as SVG baselines: ascender, middle, baseline, descender.
_V_BASELINE = {"a": "text-before-edge", "m": "central", "s": "alphabetic", "d": "text-after-edge"}


def _c(colour: Colour | None) -> str:
    return "none" if colour is None else "#%02x%02x%02x" % colour


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _pts(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _pattern(key: str, h: Hatch) -> str:
    s = _n(h.spacing)
    lines = [f'<line x1="0" y1="0" x2="0" y2="{s}" stroke="{_c(h.colour)}" stroke-width="{_n(h.width)}"/>']
    if h.cross:
        lines.append(f'<line x1="0" y1="0" x2="{s}" y2="0" stroke="{_c(h.colour)}" '
                     f'stroke-width="{_n(h.width)}"/>')
    # Pillow's hatch lines run along ``angle``; the pattern's vertical line is turned to match.
    return (f'<pattern id="h-{key}" width="{s}" height="{s}" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate({(h.angle - 90) % 180})">{"".join(lines)}</pattern>')


def to_svg(drawing: Drawing) -> str:
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{drawing.width}" height="{drawing.height}" '
        f'viewBox="0 0 {drawing.width} {drawing.height}" font-family={quoteattr(FONT)} '
        # spaces in the table's lines are kept, as in the PNG
        'xml:space="preserve" style="white-space:pre"'
        + (f" xml:lang={quoteattr(drawing.lang)}" if drawing.lang else "") + ">",
    ]
    if drawing.title:
        out.append(f"<title>{escape(drawing.title)}</title>")
    if drawing.hatches:
        out.append("<defs>" + "".join(_pattern(k, h) for k, h in drawing.hatches.items()) + "</defs>")
    out.append(f'<rect width="100%" height="100%" fill="{_c(drawing.background)}"/>')
    for s in drawing.shapes:
        out.append(_shape(s))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _shape(s: Poly | Line | Disc | Rect | Text) -> str:
    if isinstance(s, Poly):
        stroke = (f' stroke="{_c(s.outline)}" stroke-width="{_n(s.width)}" stroke-linejoin="round"'
                  if s.outline else "")
        shape = f'<polygon points="{_pts(s.points)}" fill="{_c(s.fill)}"{stroke}/>'
        if s.hatch is not None and s.fill is not None:
            shape += f'<polygon points="{_pts(s.points)}" fill="url(#h-{s.hatch})"/>'
        return shape
    if isinstance(s, Line):
        dash = f' stroke-dasharray="{_n(s.dash[0])} {_n(s.dash[1])}"' if s.dash else ""
        cap = "butt" if s.dash else "round"
        return (f'<polyline points="{_pts(s.points)}" fill="none" stroke="{_c(s.colour)}" '
                f'stroke-width="{_n(max(1.0, s.width))}" stroke-linejoin="round" '
                f'stroke-linecap="{cap}"{dash}/>')
    if isinstance(s, Disc):
        stroke = f' stroke="{_c(s.outline)}" stroke-width="{_n(s.width)}"' if s.outline else ""
        return (f'<circle cx="{_n(s.centre[0])}" cy="{_n(s.centre[1])}" r="{_n(s.r)}" '
                f'fill="{_c(s.fill)}"{stroke}/>')
    if isinstance(s, Rect):
        x0, y0, x1, y1 = s.box
        stroke = f' stroke="{_c(s.outline)}" stroke-width="{_n(s.width)}"' if s.outline else ""
        return (f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" '
                f'fill="{_c(s.fill)}"{stroke}/>')
    halo = ""
    if s.halo is not None and s.stroke:
        halo = (f' stroke="{_c(s.halo)}" stroke-width="{_n(2 * s.stroke)}" '
                f'stroke-linejoin="round" paint-order="stroke"')
    weight = ' font-weight="bold"' if s.bold else ""
    # The width Pillow measured with DejaVu: a reader lacking that font gets the same
    # footprint, so a name placed clear of units stays clear.
    length = s.box[2] - s.box[0] - 2 * s.stroke
    if length > 0:
        weight += f' textLength="{_n(length)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{_n(s.at[0])}" y="{_n(s.at[1])}" font-size="{s.size}"{weight} '
            f'fill="{_c(s.colour)}" text-anchor="{_H_ANCHOR[s.anchor[0]]}" '
            f'dominant-baseline="{_V_BASELINE[s.anchor[1]]}"{halo}>{escape(s.text)}</text>')


__all__ = ["to_svg"]
