"""Units and a phase's orders on the board: tokens, arrows, supports, convoy rings, the
units dislodged and where they may go.

Readable where orders meet (issue 29 point 13): a unit dislodged is drawn beside the one
that took its place, never on it, and its own orders start from where it is drawn; the
two arrows of a head-to-head battle run side by side, the failed ones under the ones
that succeeded; a retreat is an arrow of its own kind, a retreat option a thin open line,
neither looks like a failed move; a line between neighbours that would cross a third
land bends through their shared border (``routes``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise

from ..diplomacy.board import ARMY, FLEET, Board, Terrain, province_of
from ..diplomacy.orders import Build, Convoy, Disband, Move, Retreat, Support
from ..diplomacy.position import Position, Unit
from .geometry import Geometry, Point
from .labels import inside
from .orders import Drawn
from .routes import routes_for
from .shapes import (
    UNIT_R,
    Pen,
    arrow,
    build_ring,
    cross,
    option_arrow,
    retreat_arrow,
    shorten,
    support_line,
    unit_token,
)
from .style import INK, Colour, darker

SIDE = 3.2  # canvas units each arrow of a head-to-head battle is moved to its right
# Where a dislodged unit may stand, as turns (degrees) from the way it faces: ahead (where
# it may retreat), or across the line of the attack that took its province.
_AHEAD = (0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 135.0, -135.0, 180.0)
_ACROSS = (90.0, -90.0, 135.0, -135.0, 45.0, -45.0, 180.0, 0.0)
_DEFAULT_AWAY = (0.75, 0.66)  # nothing known: below right


class Marks:
    def __init__(self, board: Board, geo: Geometry, colour: Callable[[str], Colour]) -> None:
        self.board, self.geo, self.colour = board, geo, colour
        lands = frozenset(c for c, p in board.provinces.items() if p.terrain is not Terrain.SEA)
        self.routes = routes_for(geo, lands)
        self.attacks: dict[str, Point] = {}  # province -> where the unit that took it came from
        self.taken: list[Point] = []  # unit points: a dislodged unit stands clear of them
        self.options: dict[str, tuple[str, ...]] = {}  # a dislodged unit's retreats
        self.kinds: dict[str, str] = {}  # and its kind
        self._spots: dict[str, Point] = {}

    # -- where things stand ---------------------------------------------------------

    def prepare(self, drawn: Sequence[Drawn], shown: Position, before: Position) -> None:
        self.attacks = {province_of(d.order.destination): self.geo.unit_point(d.order.location)
                        for d in drawn if isinstance(d.order, Move) and d.ok}
        self.options = {d.unit.location: d.retreats for d in (*before.dislodged, *shown.dislodged)}
        self.kinds = {d.unit.location: d.unit.kind for d in (*before.dislodged, *shown.dislodged)}
        self.taken = [self.geo.unit_point(u.location) for u in shown.units]
        self._spots = {}

    def ghost(self, location: str) -> Point:
        """Where a dislodged unit is drawn: beside the unit point of its province, inside
        the province, clear of the unit now there and of the other units; towards where
        it may retreat (so those lines fan out clear of the unit that took its place),
        else across the line of the attack."""
        spot = self._spots.get(location)
        if spot is None:
            spot = self._spots[location] = self._ghost(location)
        return spot

    def _ghost(self, location: str) -> Point:
        here = self.geo.unit_point(location)
        prov = self.geo.provinces.get(province_of(location))
        rings = prov.shape if prov is not None else ()
        turns: tuple[float, ...] = _AHEAD
        towards = [self.geo.unit_point(t) for t in self.options.get(location, ())]
        came = self.attacks.get(province_of(location))
        sx = sum(p[0] - here[0] for p in towards)
        sy = sum(p[1] - here[1] for p in towards)
        if towards and math.hypot(sx, sy) > 0:
            away = (sx / math.hypot(sx, sy), sy / math.hypot(sx, sy))
        elif came is not None and math.dist(came, here) > 0:
            d = math.dist(came, here)
            away, turns = ((here[0] - came[0]) / d, (here[1] - came[1]) / d), _ACROSS
        else:
            away = _DEFAULT_AWAY
        fallback: Point | None = None
        best: tuple[int, Point] | None = None
        targets = self.options.get(location, ())
        fleet = self.kinds.get(location) == FLEET
        for reach in (2.4, 2.0):
            for turn in turns:
                a = math.radians(turn)
                ux = away[0] * math.cos(a) - away[1] * math.sin(a)
                uy = away[0] * math.sin(a) + away[1] * math.cos(a)
                # wider than tall: a fleet's hull is broader than an army's badge
                p = (here[0] + ux * UNIT_R * reach * 1.35, here[1] + uy * UNIT_R * reach)
                if rings and not _room(p, rings):
                    continue
                if any(math.dist(p, q) < UNIT_R * 1.8 for q in self.taken if q != here):
                    fallback = fallback or p
                    continue
                # the first spot whose retreat lines cross no third land, else the best
                over = self.routes.clear(p, location, targets, fleet)
                if over == 0:
                    return p
                if best is None or over < best[0]:
                    best = (over, p)
        if best is not None:
            return best[1]
        if fallback is not None:
            return fallback
        return (here[0] + UNIT_R * 1.6, here[1] + UNIT_R * 1.4)

    # -- units ----------------------------------------------------------------------

    def units(self, pen: Pen, units: tuple[Unit, ...]) -> None:
        for u in units:
            unit_token(pen, u.kind, self.geo.unit_point(u.location), self.colour(u.power))

    def dislodged(self, pen: Pen, position: Position, gone: set[str]) -> None:
        """Each dislodged unit, pale, beside its province's unit point, with thin open
        lines to where it may retreat (a cross when it may go nowhere)."""
        for d in position.dislodged:
            if d.unit.location in gone:
                continue
            at = self.ghost(d.unit.location)
            colour = self.colour(d.unit.power)
            for target in d.retreats:
                pts = list(self.routes.leg(d.unit.location, target, at, d.unit.kind == FLEET))
                option_arrow(pen, _trim(pts, UNIT_R + 0.5, UNIT_R + 1), colour)
            unit_token(pen, d.unit.kind, at, colour, ghost=True)
            if not d.retreats:
                cross(pen, at, UNIT_R * 0.8, INK, 1.6)

    # -- orders ---------------------------------------------------------------------

    def orders(self, pen: Pen, drawn: list[Drawn], shown: Position, before: Position) -> None:
        geo = self.geo
        out = {d.unit.location for d in shown.dislodged} if shown is not before else set()

        def held(location: str) -> Point:
            """Where a unit stands after the phase: a dislodged one aside (the rings of
            a convoy or of a support to hold go round it there); its moves and supports
            start where it stood when it gave them."""
            return self.ghost(location) if location in out else geo.unit_point(location)

        convoys = [d.order for d in drawn if isinstance(d.order, Convoy)]
        moves = {d.order.location: d.order for d in drawn if isinstance(d.order, Move)}
        lines: dict[str, list[Point]] = {}
        for mv in moves.values():  # the line of every move, routed through its convoying fleets
            fleets = [c.location for c in convoys
                      if c.army == mv.location and c.destination == mv.destination]
            fleet = (mv.kind or self._kind(before, mv.location)) == FLEET and not fleets
            line = self.routes.path([mv.location, *self._chain(mv.location, fleets), mv.destination],
                                    fleet)
            if any(province_of(m.location) == province_of(mv.destination)
                   and province_of(m.destination) == province_of(mv.location)
                   for m in moves.values()):
                line = _shifted(line, SIDE)  # head to head: side by side, not one on the other
            lines[mv.location] = line
        marks: list[Point] = []
        for d in drawn:  # supports and convoys first: the arrows go on top
            o, colour = d.order, self.colour(d.power)
            if isinstance(o, Support):
                here = geo.unit_point(o.location)
                if o.destination is not None:
                    line = lines.get(o.supported) or [geo.unit_point(o.supported),
                                                      geo.unit_point(o.destination)]
                    a, b = shorten(here, _along(line, 0.55), UNIT_R + 1, 0)
                    support_line(pen, a, b, colour, dot=True)
                else:
                    target = held(o.supported)
                    a, b = shorten(here, target, UNIT_R + 1, UNIT_R + 3)
                    support_line(pen, a, b, colour, dot=False)
                    pen.disc(target, UNIT_R + 3.2, None, colour, 1.4)
                if not d.ok:
                    marks.append(_mid(a, b))
            elif isinstance(o, Convoy):
                here = held(o.location)
                pen.disc(here, UNIT_R + 3.5, None, darker(colour, 0.3), 1.2)
                pen.disc(here, UNIT_R + 5.5, None, colour, 0.8)
                if not d.ok:
                    marks.append((here[0] + UNIT_R + 3, here[1] - UNIT_R - 3))
        # failed moves under the ones that succeeded: a winner's arrow is never hidden
        for d in sorted((d for d in drawn if isinstance(d.order, (Move, Retreat))),
                        key=lambda d: d.ok):
            go, colour = d.order, self.colour(d.power)
            if isinstance(go, Retreat):
                at = self.ghost(go.location)
                pts = _trim(list(self.routes.leg(go.location, go.destination, at)),
                            UNIT_R + 1, UNIT_R + 1)
                kind = go.kind or self._kind(before, go.location)
                unit_token(pen, kind, at, colour, ghost=True)  # where it stood, dislodged
                retreat_arrow(pen, pts, colour)
            else:
                assert isinstance(go, Move)
                pts = _trim(lines[go.location], UNIT_R + 1, UNIT_R + 1)
                arrow(pen, pts, colour, 2.4, dashed=not d.ok)
            if not d.ok:
                marks.append(_along(pts, 0.62))
        for d in drawn:  # adjustments and disbands mark the unit itself
            o, colour = d.order, self.colour(d.power)
            if isinstance(o, Build):
                at = geo.unit_point(o.location)
                if d.ok:
                    build_ring(pen, at)
                else:
                    unit_token(pen, o.kind or "A", at, colour, ghost=True)
                    marks.append(at)
            elif isinstance(o, Disband):
                dislodged = before.dislodged_in(province_of(o.location)) is not None or \
                    shown.dislodged_in(province_of(o.location)) is not None
                at = self.ghost(o.location) if dislodged else geo.unit_point(o.location)
                if shown.unit_in(province_of(o.location)) is None or dislodged:
                    unit_token(pen, o.kind or "A", at, colour, ghost=True)
                marks.append(at)
        for m in marks:
            cross(pen, m, 4.2, INK, 1.8)

    @staticmethod
    def _kind(position: Position, location: str) -> str:
        """The kind of the unit that stood at ``location`` (dislodged or not)."""
        d = position.dislodged_in(province_of(location))
        if d is not None:
            return d.unit.kind
        u = position.unit_in(province_of(location))
        return u.kind if u is not None else ARMY

    def _chain(self, source: str, fleets: list[str]) -> list[str]:
        """The convoying fleets in path order: the nearest next."""
        left = sorted(fleets)
        out: list[str] = []
        at = self.geo.unit_point(source)
        while left:
            nxt = min(left, key=lambda f: math.dist(self.geo.unit_point(f), at))
            left.remove(nxt)
            out.append(nxt)
            at = self.geo.unit_point(nxt)
        return out


def _room(p: Point, rings: tuple[tuple[Point, ...], ...]) -> bool:
    """A token fits at ``p``: its spot and a ring round it lie in the province (a unit
    drawn on the coastline would read as standing in the neighbour)."""
    if not inside(p, rings):
        return False
    r = UNIT_R * 1.1
    return all(inside((p[0] + r * math.cos(a * math.pi / 4), p[1] + r * math.sin(a * math.pi / 4)),
                      rings) for a in range(8))


def _trim(pts: list[Point], from_start: float, from_end: float) -> list[Point]:
    """A polyline cut short at both ends, clear of the tokens it joins."""
    a, _ = shorten(pts[0], pts[1], from_start, 0)
    _, b = shorten(pts[-2], pts[-1], 0, from_end)
    return [a, *pts[1:-1], b]


def _shifted(line: list[Point], by: float) -> list[Point]:
    """The line moved ``by`` to its right (the direction from its first to its last point)."""
    (x0, y0), (x1, y1) = line[0], line[-1]
    d = math.dist(line[0], line[-1]) or 1.0
    nx, ny = -(y1 - y0) / d * by, (x1 - x0) / d * by
    return [(x + nx, y + ny) for x, y in line]


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _along(pts: Sequence[Point], share: float) -> Point:
    lengths = [math.dist(a, b) for a, b in pairwise(pts)]
    goal = sum(lengths) * share
    for (a, b), length in zip(pairwise(pts), lengths, strict=True):
        if goal <= length and length > 0:
            t = goal / length
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        goal -= length
    return pts[-1]

