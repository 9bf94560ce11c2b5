"""draw_map: a position (and optionally a phase's results) as a drawing model, and that
drawing as a PIL image (``render_position``) or SVG text (``render_svg``)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from PIL import Image

from ..diplomacy.board import Board, Terrain
from ..diplomacy.orders import Disband, Retreat
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import ADJUSTMENT, NEUTRAL, RETREAT, Position, make_position
from ..words import lang_of
from ..words.names import province_code, province_name
from .chrome import Chrome
from .geometry import Geometry, Ring
from .geometry_files import load_geometry
from .kinds import MapKind
from .labels import Room, box_inside, inside, obstacles_of, place
from .marks import Marks
from .model import BASE, LABEL, MARK, Box, Drawing, Hatch
from .options import MapOptions
from .orders import Drawn, drawn_orders
from .raster import to_image
from .shapes import Pen, text_box
from .style import (
    BORDER,
    COAST,
    COLOURBLIND,
    HALO,
    IMPASSABLE,
    INK,
    LAND,
    NEUTRAL_LAND,
    PAPER,
    PATTERNS,
    SEA,
    SEA_BORDER,
    SEA_INK,
    TINT,
    Colour,
    blend,
    darker,
    hex_colour,
)
from .svg import to_svg

LAND_SIZE, SEA_SIZE, NAME_SIZE = 8.4, 8.4, 8.0  # canvas units


def shown_after(outcome: PhaseOutcome) -> Position:
    """The next position, with the units dislodged in a skipped retreat phase listed: the
    position a results map draws."""
    nxt = outcome.next
    listed = outcome.listed_dislodged()
    if listed == nxt.dislodged:
        return nxt
    return make_position(nxt.phase, nxt.units, nxt.centres, listed, nxt.territories, nxt.weapons_used)


def _area(rings: tuple[Ring, ...]) -> float:
    return sum(abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in pairwise(r + r[:1]))) / 2 for r in rings)


class _Map:
    def __init__(self, board: Board, geo: Geometry, lang: str, width: int,
                 options: MapOptions) -> None:
        self.board, self.geo, self.lang, self.options = board, geo, lang_of(lang), options
        self.scale = width / geo.width
        self.width = width
        self.hatch: dict[str, str] = {}
        if options.palette == "colourblind":
            self.colours = {n: COLOURBLIND[i % len(COLOURBLIND)] for i, n in enumerate(board.powers)}
            self.hatch = {n: n.lower() for n in board.powers}
        else:
            self.colours = {n: hex_colour(p.colour) for n, p in board.powers.items()}

    def colour(self, power: str) -> Colour:
        return self.colours.get(power, (120, 120, 120))

    def hatches(self) -> dict[str, Hatch]:
        out = {}
        for i, power in enumerate(self.board.powers):
            # past eight powers colours come round again, each time with other patterns
            angle, crossed = PATTERNS[(i + 3 * (i // len(COLOURBLIND))) % len(PATTERNS)]
            # lines a shade darker than the tint under them: seen, not loud
            colour = blend(LAND, self.colour(power), min(1.0, TINT + 0.3))
            out[self.hatch[power]] = Hatch(darker(colour, 0.15), angle, 6.5 * self.scale,
                                           max(1.0, 0.8 * self.scale), crossed)
        return out
    # -- the board ----------------------------------------------------

    def base(self, pen: Pen, position: Position) -> None:
        geo, board = self.geo, self.board
        home = {t: p.name for p in board.powers.values() for t in p.home_territory}
        pen.rect_px((0, pen.dy, self.width, pen.dy + geo.height * self.scale), SEA, layer=BASE)
        for ring in geo.water:
            pen.polygon(ring, SEA)
        seas = [c for c, p in board.provinces.items() if p.terrain is Terrain.SEA]
        lands = [c for c in board.provinces if c not in seas]
        for code in seas:
            for ring in geo.provinces[code].shape:
                pen.polygon(ring, SEA, SEA_BORDER, 0.8)
        for ring in geo.neutral_land:
            pen.polygon(ring, NEUTRAL_LAND, COAST, 0.9)
        for code in lands:  # a thick pass first: its outer half is the coastline
            for ring in geo.provinces[code].shape:
                pen.polygon(ring, None, COAST, 2.2)
        for code in lands:
            prov = board.provinces[code]
            owner: str | None = None
            if prov.terrain is Terrain.IMPASSABLE:
                fill = IMPASSABLE
            else:
                # Rules that own every land province colour each by its owner (forum_ru).
                lands_of = position.territories or home
                owner = position.centres.get(code) if prov.supply_centre else lands_of.get(code)
                fill = blend(LAND, self.colour(owner), TINT) if owner and owner != NEUTRAL else LAND
            hatch = self.hatch.get(owner) if owner and owner != NEUTRAL else None
            for ring in geo.provinces[code].shape:
                pen.polygon(ring, fill, BORDER, 0.7, hatch)
        for a, b in geo.links:
            pa, pb = geo.provinces[a].unit, geo.provinces[b].unit
            pen.line([pa, pb], SEA_BORDER, 1.2)
        if geo.schematic:  # seas a shade darker than land once links are drawn
            for code in seas:
                for ring in geo.provinces[code].shape:
                    pen.polygon(ring, SEA, SEA_BORDER, 1.0)

    def labels(self, pen: Pen, drawing: Drawing, top: float, bottom: float) -> None:
        """Every province's name, placed clear of what the marks layer holds."""
        room = Room(obstacles_of(drawing.layer(MARK)), (0.0, top, float(self.width), bottom))
        pen.layer = LABEL
        order = sorted(self.board.provinces, key=lambda c: (_area(self.geo.provinces[c].shape), c))
        for code in order:
            prov = self.board.provinces[code]
            sea = prov.terrain is Terrain.SEA
            colour = SEA_INK if sea else INK
            rings = self.geo.provinces[code].shape
            anchor = pen.px(self.geo.provinces[code].label)
            tries: list[tuple[str, float, bool]] = []
            if self.options.names == "full":
                tries.append((province_name(self.board, code, self.lang), NAME_SIZE, True))
            code_text = province_code(self.board, code, self.lang)
            size = SEA_SIZE if sea else LAND_SIZE
            tries += [(code_text, size, False), (code_text, size * 0.8, False),
                      (code_text, size * 0.65, False)]
            for text, size, whole in tries:
                spot = self._try(pen, room, anchor, rings, text, size, whole)
                if spot is not None:
                    break
            else:  # nowhere free: the label point itself, as before the placement existed
                spot = anchor
                text, size = code_text, LAND_SIZE * 0.8
            pen.text(pen.canvas(spot), text, size, colour=colour, bold=True)
            room.add(obstacles_of([drawing.shapes[-1]])[0])  # names do not cover names
        pen.layer = MARK

    def _try(self, pen: Pen, room: Room, anchor: tuple[float, float], rings: tuple[Ring, ...],
             text: str, size: float, whole: bool) -> tuple[float, float] | None:
        px_size = max(6, round(size * pen.s))
        stroke = max(1, round(px_size / 7))
        x0, y0, x1, y1 = text_box(text, px_size, True, "mm", stroke)

        def measure(p: tuple[float, float]) -> Box:
            return (p[0] + x0, p[1] + y0, p[0] + x1, p[1] + y1)

        def within(box: Box) -> bool:
            c = pen.canvas(box[:2]), pen.canvas(box[2:])
            cbox = (c[0][0], c[0][1], c[1][0], c[1][1])
            if whole:
                return box_inside(cbox, rings)
            return inside(((cbox[0] + cbox[2]) / 2, (cbox[1] + cbox[3]) / 2), rings)

        found = place(room, anchor, measure, within, pen.s, loose=not whole)
        return None if found is None else found[0]

    def centres(self, pen: Pen, position: Position) -> None:
        for code, prov in self.board.provinces.items():
            at = self.geo.provinces[code].sc
            if not prov.supply_centre or at is None:
                continue
            owner = position.centres.get(code)
            fill = self.colour(owner) if owner and owner != NEUTRAL else HALO
            pen.disc(at, 3.6, INK)
            pen.disc(at, 2.5, fill)


def draw_map(
    board: Board,
    geometry: Geometry | None,
    position: Position,
    results: PhaseOutcome | None = None,
    lang: str = "en",
    width: int = 1600,
    options: MapOptions | None = None,
    kind: MapKind | None = None,
) -> Drawing:
    """The drawing model of ``position``; given its phase's outcome, of the position after
    the phase with that phase's orders and their outcomes on it, titled with the phase
    played (``position``'s). ``kind`` is what the title says the map is: by default the
    position now without an outcome, the results with one."""
    options = options or MapOptions()
    if kind is None:
        kind = MapKind.NOW if results is None else MapKind.RESULTS
    geo = geometry or load_geometry(board)
    m = _Map(board, geo, lang, width, options)
    shown = position
    drawn: list[Drawn] = []
    adjustments: Mapping[str, int] = {}
    winner = None
    if results is not None:
        shown = shown_after(results)
        drawn = drawn_orders(board, results.results)
        adjustments = results.adjustments
        winner = results.winner
    elif position.phase.kind == ADJUSTMENT:
        adjustments = {p: len(position.centres_of(p)) - len(position.units_of(p))
                       for p in board.powers}
    chrome = Chrome(board, m.lang, width, m.scale, m.colour, m.hatch)
    title_h = chrome.title_height()
    map_h = round(geo.height * m.scale)
    legend_h = chrome.legend_height() if options.legend else 0
    height = title_h + map_h + chrome.table_height() + legend_h
    drawing = Drawing(width, height, PAPER, hatches=m.hatches() if m.hatch else {})
    pen = Pen(drawing, m.scale, title_h)
    m.base(pen, shown)
    pen.layer = MARK
    m.centres(pen, shown)
    marks = Marks(board, geo, m.colour)
    marks.prepare(drawn, shown, position)
    marks.units(pen, shown.units)
    # A retreat phase played: the dislodged units it ordered are drawn by their orders.
    gone = {d.order.location for d in drawn if isinstance(d.order, (Retreat, Disband))}
    if results is not None and position.phase.kind == RETREAT:
        marks.dislodged(pen, position, gone)
    marks.orders(pen, drawn, shown, position)
    marks.dislodged(pen, shown, set())
    m.labels(pen, drawing, float(title_h), float(title_h + map_h))
    chrome.title(pen, position.phase, kind)
    chrome.table(pen, title_h + map_h, shown, adjustments, winner)
    if options.legend:
        chrome.legend(pen, title_h + map_h + chrome.table_height())
    return drawing


def render_position(
    board: Board,
    geometry: Geometry | None,
    position: Position,
    results: PhaseOutcome | None = None,
    lang: str = "en",
    width: int = 1600,
    options: MapOptions | None = None,
) -> Image.Image:
    """``draw_map`` as a PIL image."""
    return to_image(draw_map(board, geometry, position, results, lang, width, options))


def render_svg(
    board: Board,
    geometry: Geometry | None,
    position: Position,
    results: PhaseOutcome | None = None,
    lang: str = "en",
    width: int = 1600,
    options: MapOptions | None = None,
) -> str:
    """``draw_map`` as SVG text (the same picture as ``render_position``)."""
    return to_svg(draw_map(board, geometry, position, results, lang, width, options))
