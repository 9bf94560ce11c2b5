"""render_position: a position (and optionally a phase's results) as a PIL image."""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise

from PIL import Image, ImageDraw

from ..game.board import Board, Terrain, province_of
from ..game.orders import Build, Convoy, Disband, Move, Retreat, Support
from ..game.outcome import PhaseOutcome
from ..game.position import ADJUSTMENT, NEUTRAL, RETREAT, Position, Unit, make_position
from ..words import lang_of, say
from ..words.names import power_name
from .geometry import Geometry
from .geometry_files import load_geometry
from .orders import Drawn, drawn_orders
from .shapes import UNIT_R, Pen, arrow, cross, shorten, unit_token
from .style import (
    BORDER,
    COAST,
    HALO,
    IMPASSABLE,
    INK,
    LAND,
    NEUTRAL_LAND,
    PAPER,
    SEA,
    SEA_BORDER,
    TINT,
    blend,
    darker,
    font,
    hex_colour,
)

DISLODGED_OFFSET = (9.0, 8.0)


def _shown_after(outcome: PhaseOutcome) -> Position:
    """The next position, with the units dislodged in a skipped retreat phase listed."""
    nxt = outcome.next
    listed = outcome.listed_dislodged()
    if listed == nxt.dislodged:
        return nxt
    return make_position(nxt.phase, nxt.units, nxt.centres, listed, nxt.territories, nxt.weapons_used)


class _Map:
    def __init__(self, board: Board, geo: Geometry, lang: str, width: int) -> None:
        self.board, self.geo, self.lang = board, geo, lang_of(lang)
        self.scale = width / geo.width
        self.width = width
        self.colours = {n: hex_colour(p.colour) for n, p in board.powers.items()}

    def colour(self, power: str) -> tuple[int, int, int]:
        return self.colours.get(power, (120, 120, 120))

    # -- the board ----------------------------------------------------

    def base(self, pen: Pen, position: Position) -> None:
        geo, board = self.geo, self.board
        home = {t: p.name for p in board.powers.values() for t in p.home_territory}
        pen.draw.rectangle((0, pen.dy, self.width, pen.dy + geo.height * self.scale), fill=SEA)
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
            if prov.terrain is Terrain.IMPASSABLE:
                fill = IMPASSABLE
            else:
                # Rules that own every land province colour each by its owner (forum_ru).
                lands_of = position.territories or home
                owner = position.centres.get(code) if prov.supply_centre else lands_of.get(code)
                fill = blend(LAND, self.colour(owner), TINT) if owner and owner != NEUTRAL else LAND
            for ring in geo.provinces[code].shape:
                pen.polygon(ring, fill, BORDER, 0.7)
        for a, b in geo.links:
            pa, pb = geo.provinces[a].unit, geo.provinces[b].unit
            pen.line([pa, pb], SEA_BORDER, 1.2)
        if geo.schematic:  # seas a shade darker than land once links are drawn
            for code in seas:
                for ring in geo.provinces[code].shape:
                    pen.polygon(ring, SEA, SEA_BORDER, 1.0)

    def labels(self, pen: Pen) -> None:
        for code, prov in self.board.provinces.items():
            text = prov.code if self.lang == "en" else prov.code_it.upper()
            sea = prov.terrain is Terrain.SEA
            pen.text(self.geo.provinces[code].label, text, 8.0 if sea else 8.4,
                     colour=(40, 70, 110) if sea else INK, bold=not sea)

    def centres(self, pen: Pen, position: Position) -> None:
        for code, prov in self.board.provinces.items():
            at = self.geo.provinces[code].sc
            if not prov.supply_centre or at is None:
                continue
            owner = position.centres.get(code)
            fill = self.colour(owner) if owner and owner != NEUTRAL else HALO
            pen.disc(at, 3.6, INK)
            pen.disc(at, 2.5, fill)

    # -- units and orders ----------------------------------------------

    def units(self, pen: Pen, units: tuple[Unit, ...]) -> None:
        for u in units:
            unit_token(pen, u.kind, self.geo.unit_point(u.location), self.colour(u.power))

    def dislodged(self, pen: Pen, position: Position, gone: set[str]) -> None:
        for d in position.dislodged:
            if d.unit.location in gone:
                continue
            at = self._offset(d.unit.location)
            colour = self.colour(d.unit.power)
            for target in d.retreats:
                a, b = shorten(at, self.geo.unit_point(target), UNIT_R, UNIT_R + 1)
                arrow(pen, [a, b], blend(colour, HALO, 0.35), 1.0, dashed=True, head=5.0)
            unit_token(pen, d.unit.kind, at, colour, ghost=True)
            if not d.retreats:
                cross(pen, at, UNIT_R * 0.8, INK, 1.6)

    def _offset(self, location: str) -> tuple[float, float]:
        x, y = self.geo.unit_point(location)
        return (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])

    def orders(self, pen: Pen, drawn: list[Drawn], shown: Position) -> None:
        geo = self.geo
        convoys = [d.order for d in drawn if isinstance(d.order, Convoy)]
        move_lines: dict[str, list[tuple[float, float]]] = {}
        for d in drawn:  # the line of every move, routed through its convoying fleets
            o = d.order
            if isinstance(o, Move):
                fleets = [c.location for c in convoys
                          if c.army == o.location and c.destination == o.destination]
                move_lines[o.location] = self._route(o.location, o.destination, fleets)
        marks: list[tuple[float, float]] = []
        for d in drawn:  # supports and convoys first: the arrows go on top
            o, colour = d.order, self.colour(d.power)
            if isinstance(o, Support):
                start = geo.unit_point(o.location)
                line = move_lines.get(o.supported)
                if o.destination is not None:
                    if line is None:
                        line = [geo.unit_point(o.supported), geo.unit_point(o.destination)]
                    end = _along(line, 0.55)
                    a, b = shorten(start, end, UNIT_R + 1, 0)
                    pen.line([a, b], darker(colour, 0.45), 2.6, (2.0, 3.0))
                    pen.line([a, b], colour, 1.4, (2.0, 3.0))
                    pen.disc(b, 2.6, colour, darker(colour, 0.5), 0.8)
                else:
                    target = geo.unit_point(o.supported)
                    a, b = shorten(start, target, UNIT_R + 1, UNIT_R + 3)
                    pen.line([a, b], darker(colour, 0.45), 2.6, (2.0, 3.0))
                    pen.line([a, b], colour, 1.4, (2.0, 3.0))
                    pen.disc(target, UNIT_R + 3.2, None, colour, 1.4)
                if not d.ok:
                    marks.append(_mid(a, b))
            elif isinstance(o, Convoy):
                here = geo.unit_point(o.location)
                pen.disc(here, UNIT_R + 3.5, None, darker(colour, 0.3), 1.2)
                pen.disc(here, UNIT_R + 5.5, None, colour, 0.8)
                if not d.ok:
                    marks.append((here[0] + UNIT_R + 3, here[1] - UNIT_R - 3))
        for d in drawn:
            o, colour = d.order, self.colour(d.power)
            if isinstance(o, (Move, Retreat)):
                line = move_lines.get(o.location) or [geo.unit_point(o.location),
                                                      geo.unit_point(o.destination)]
                if isinstance(o, Retreat):
                    line = [self._offset(o.location), geo.unit_point(o.destination)]
                a, _ = shorten(line[0], line[1], UNIT_R + 1, 0)
                _, b = shorten(line[-2], line[-1], 0, UNIT_R + 1)
                pts = [a] + line[1:-1] + [b]
                arrow(pen, pts, colour, 2.4, dashed=not d.ok)
                if not d.ok:
                    marks.append(_along(pts, 0.62))
        for d in drawn:  # adjustments and disbands mark the unit itself
            o, colour = d.order, self.colour(d.power)
            if isinstance(o, Build):
                at = geo.unit_point(o.location)
                if d.ok:
                    pen.disc(at, UNIT_R + 4.0, None, INK, 1.6)
                    pen.disc(at, UNIT_R + 2.6, None, HALO, 1.0)
                else:
                    unit_token(pen, o.kind or "A", at, colour, ghost=True)
                    marks.append(at)
            elif isinstance(o, Disband):
                dislodged = shown.dislodged_in(province_of(o.location)) is not None or \
                    any(isinstance(x.order, Retreat) for x in drawn)
                at = self._offset(o.location) if dislodged else geo.unit_point(o.location)
                if shown.unit_in(province_of(o.location)) is None or dislodged:
                    unit_token(pen, o.kind or "A", at, colour, ghost=True)
                marks.append(at)
        for m in marks:
            cross(pen, m, 4.2, INK, 1.8)

    def _route(self, source: str, target: str, fleets: list[str]) -> list[tuple[float, float]]:
        pts = [self.geo.unit_point(source)]
        left = [self.geo.unit_point(f) for f in sorted(fleets)]
        while left:  # nearest fleet next: a convoy chain is a path
            nxt = min(left, key=lambda p: math.dist(p, pts[-1]))
            left.remove(nxt)
            pts.append(nxt)
        pts.append(self.geo.unit_point(target))
        return pts

    # -- title and table -----------------------------------------------

    def title(self, pen: Pen, position: Position, results: bool, height: int) -> None:
        lang = self.lang
        ph = position.phase
        text = f"{say(lang, f'season.{ph.season}')} {ph.year} · {say(lang, f'map.phase.{ph.kind}')}"
        if results:
            text += f" · {say(lang, 'map.results')}"
        title = self.board.name.replace("_", " ").title()
        pen.draw.rectangle((0, 0, self.width, height), fill=PAPER)
        size = round(height * 0.52)
        pen.draw.text((height * 0.35, height / 2), text, fill=INK, font=font(size, True), anchor="lm")
        pen.draw.text((self.width - height * 0.35, height / 2), title, fill=(90, 90, 90),
                      font=font(round(size * 0.7)), anchor="rm")

    def table(self, draw: ImageDraw.ImageDraw, top: int, position: Position,
              adjustments: Mapping[str, int], winner: str | None) -> None:
        lang = self.lang
        powers = sorted(self.board.powers.values(),
                        key=lambda p: (-len(position.centres_of(p.name)), p.name))
        cols = max(1, min(4, self.width // 360))
        cell_w = self.width / cols
        row_h = self._row_h()
        size = round(row_h * 0.5)
        for i, p in enumerate(powers):
            x = (i % cols) * cell_w + row_h * 0.3
            y = top + (i // cols) * row_h + row_h / 2
            sw = row_h * 0.55
            colour = self.colour(p.name)
            draw.rectangle((x, y - sw / 2, x + sw, y + sw / 2), fill=colour, outline=darker(colour, 0.6))
            name = power_name(self.board, p.name, lang)
            sc, un = len(position.centres_of(p.name)), len(position.units_of(p.name))
            text = f"{name}  {sc} {say(lang, 'map.centres')} · {un} {say(lang, 'map.units')}"
            adj = adjustments.get(p.name)
            if adj:
                text += f"  ({adj:+d})"
            if winner == p.name:
                text += f"  ★ {say(lang, 'map.winner')}"
            draw.text((x + sw * 1.5, y), text, fill=INK, font=font(size, winner == p.name), anchor="lm")

    def _row_h(self) -> int:
        return max(18, round(self.width / 38))

    def table_height(self) -> int:
        cols = max(1, min(4, self.width // 360))
        rows = math.ceil(len(self.board.powers) / cols)
        return rows * self._row_h() + self._row_h() // 3


def _mid(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _along(pts: list[tuple[float, float]], share: float) -> tuple[float, float]:
    lengths = [math.dist(a, b) for a, b in pairwise(pts)]
    goal = sum(lengths) * share
    for (a, b), length in zip(pairwise(pts), lengths, strict=True):
        if goal <= length and length > 0:
            t = goal / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        goal -= length
    return pts[-1]


def render_position(
    board: Board,
    geometry: Geometry | None,
    position: Position,
    results: PhaseOutcome | None = None,
    lang: str = "en",
    width: int = 1600,
) -> Image.Image:
    """Draw ``position``; given its phase's outcome, draw the position after the phase
    with that phase's orders and their outcomes on it."""
    geo = geometry or load_geometry(board)
    m = _Map(board, geo, lang, width)
    shown = position
    drawn: list[Drawn] = []
    adjustments: Mapping[str, int] = {}
    winner = None
    if results is not None:
        shown = _shown_after(results)
        drawn = drawn_orders(board, results.results)
        adjustments = results.adjustments
        winner = results.winner
    elif position.phase.kind == ADJUSTMENT:
        adjustments = {p: len(position.centres_of(p)) - len(position.units_of(p))
                       for p in board.powers}
    title_h = max(24, round(width / 26))
    map_h = round(geo.height * m.scale)
    img = Image.new("RGB", (width, title_h + map_h + m.table_height()), PAPER)
    draw = ImageDraw.Draw(img)
    pen = Pen(draw, m.scale, title_h)
    m.base(pen, shown)
    m.labels(pen)
    m.centres(pen, shown)
    m.units(pen, shown.units)
    # A retreat phase played: the dislodged units it ordered are drawn by their orders.
    gone = {d.order.location for d in drawn if isinstance(d.order, (Retreat, Disband))}
    if results is not None and position.phase.kind == RETREAT:
        m.dislodged(pen, position, gone)
    m.orders(pen, drawn, shown)
    m.dislodged(pen, shown, set())
    m.title(pen, position, results is not None, title_h)
    m.table(draw, title_h + map_h, shown, adjustments, winner)
    return img
