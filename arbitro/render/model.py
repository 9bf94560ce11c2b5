"""The drawing model: what a map is made of, in pixels, before it becomes a PNG or an SVG.

One list of shapes, drawn in order by both back ends (``raster`` and ``svg``), so the two
pictures are the same picture. ``layer`` says what a shape is for: the label placement and
its tests read the ``mark`` layer (units, arrows, centres) and the ``label`` layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Colour = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1

BASE, MARK, LABEL, CHROME = "base", "mark", "label", "chrome"


@dataclass(frozen=True, slots=True)
class Poly:
    points: tuple[Point, ...]
    fill: Colour | None
    outline: Colour | None = None
    width: float = 1.0  # pixels
    layer: str = BASE
    hatch: str | None = None  # a pattern key (Drawing.hatches) laid over the fill


@dataclass(frozen=True, slots=True)
class Line:
    points: tuple[Point, ...]
    colour: Colour
    width: float
    dash: tuple[float, float] | None = None  # pixels on, off
    layer: str = BASE


@dataclass(frozen=True, slots=True)
class Disc:
    centre: Point
    r: float
    fill: Colour | None
    outline: Colour | None = None
    width: float = 1.0
    layer: str = BASE


@dataclass(frozen=True, slots=True)
class Rect:
    box: Box
    fill: Colour | None
    outline: Colour | None = None
    width: float = 1.0
    layer: str = CHROME


@dataclass(frozen=True, slots=True)
class Text:
    at: Point
    text: str
    size: int  # pixels
    colour: Colour
    bold: bool = False
    halo: Colour | None = None
    stroke: int = 0
    anchor: str = "mm"  # Pillow's anchors: l/m/r then a/m/s/d
    box: Box = (0.0, 0.0, 0.0, 0.0)  # the ink's extent, halo included
    layer: str = LABEL


@dataclass(frozen=True, slots=True)
class Hatch:
    """Lines over a fill, so a power is told by pattern as well as colour."""

    colour: Colour
    angle: int  # degrees: 45, 135, 0, 90; two angles crossed when cross is set
    spacing: float  # pixels
    width: float
    cross: bool = False


Shape = Poly | Line | Disc | Rect | Text


@dataclass
class Drawing:
    width: int
    height: int
    background: Colour
    shapes: list[Shape] = field(default_factory=list)
    hatches: dict[str, Hatch] = field(default_factory=dict)
    title: str = ""  # the title bar's words, also written into the file (PNG iTXt, SVG <title>)
    lang: str = ""

    def add(self, shape: Shape) -> None:
        self.shapes.append(shape)

    def layer(self, name: str) -> list[Shape]:
        return [s for s in self.shapes if s.layer == name]
