"""The line a fleet's order follows between two neighbouring places: straight from unit to
unit, unless that line would cross a third land (from the Channel to the North Sea it
would run across England); then through the border the two share, coming to it from the
open water if need be."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from itertools import pairwise

from .geometry import Geometry, Point, Ring
from .labels import inside

SAMPLE = 2.0  # canvas units between the points of a line that are checked
MARGIN = 1.5  # canvas units a line keeps from a third land on either side
CELL = 25.0  # canvas units: the grid that keeps the checks local
BACK = (12.0, 24.0)  # canvas units a way may come back from a border before crossing it
Box = tuple[float, float, float, float]
Area = tuple[str, Box, tuple[Ring, ...]]


def _bbox(rings: Iterable[Ring]) -> Box:
    xs = [x for r in rings for x, _ in r]
    ys = [y for r in rings for _, y in r]
    return (min(xs), min(ys), max(xs), max(ys))


class Routes:
    """Legs between neighbouring locations on one geometry, worked out once each."""

    def __init__(self, geo: Geometry, lands: frozenset[str]) -> None:
        self.geo = geo
        self.land_codes = lands
        areas: list[Area] = [(c, _bbox(geo.provinces[c].shape), geo.provinces[c].shape)
                             for c in sorted(lands) if c in geo.provinces and geo.provinces[c].shape]
        areas += [("", _bbox((r,)), (r,)) for r in geo.neutral_land]  # Ireland, ...
        self.grid: dict[tuple[int, int], list[Area]] = {}
        for area in areas:
            x0, y0, x1, y1 = area[1]
            for i in range(math.floor(x0 / CELL), math.floor(x1 / CELL) + 1):
                for j in range(math.floor(y0 / CELL), math.floor(y1 / CELL) + 1):
                    self.grid.setdefault((i, j), []).append(area)
        self.memo: dict[tuple[str, str, Point | None], tuple[Point, ...]] = {}

    def leg(self, a: str, b: str, start: Point | None = None, fleet: bool = True) -> tuple[Point, ...]:
        """From location ``a``'s unit point (or ``start``, a spot in ``a``: where a
        dislodged unit is drawn) to ``b``'s. Only a fleet's line is bent: an army's
        straight line over a neighbour's corner reads as the march it is, a fleet's
        over land as a move it cannot make."""
        if not fleet:
            return (start or self.geo.unit_point(a), self.geo.unit_point(b))
        key = (a, b, start)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._leg(a, b, start)
        return found

    def path(self, locations: list[str], fleet: bool) -> list[Point]:
        """Leg after leg through ``locations`` (an army's convoy: its chain of fleets)."""
        out: list[Point] = [self.geo.unit_point(locations[0])]
        for a, b in pairwise(locations):
            out += self.leg(a, b, fleet=fleet)[1:]
        return out

    def _leg(self, a: str, b: str, start: Point | None) -> tuple[Point, ...]:
        geo = self.geo
        pa, pb = start or geo.unit_point(a), geo.unit_point(b)
        if geo.schematic:
            return (pa, pb)
        own = {a.partition("/")[0], b.partition("/")[0]}
        if not self._crossed(pa, pb, own):
            return (pa, pb)
        pa_code, pb_code = a.partition("/")[0], b.partition("/")[0]
        best: tuple[int, float, tuple[Point, ...]] | None = None
        for path in self._ways(pa, pb, pa_code, pb_code):
            over = sum(self._crossed(p, q, own) for p, q in pairwise(path))
            length = sum(math.dist(p, q) for p, q in pairwise(path))
            if best is None or (over, length) < best[:2]:
                best = (over, length, path)
            if over == 0:
                break  # the ways come simplest first: the first clear one will do
        return (pa, pb) if best is None else best[2]

    def _ways(self, pa: Point, pb: Point, a: str, b: str) -> Iterator[tuple[Point, ...]]:
        """Paths from ``pa`` to ``pb`` through the shared border, simplest first: through
        a spot of the border; then also through a point set back from it into ``a``,
        into ``b``, or both (a strait is entered from the open water before it)."""
        spots = self._border(a, b)
        for v, _ in spots:
            yield (pa, v, pb)
        backs = [(v, self._back(v, n, a), self._back(v, (-n[0], -n[1]), b)) for v, n in spots]
        for v, into_a, _ in backs:
            for w in into_a:
                yield (pa, w, v, pb)
        for v, _, into_b in backs:
            for w in into_b:
                yield (pa, v, w, pb)
        for v, into_a, into_b in backs:
            for w in into_a:
                for w2 in into_b:
                    yield (pa, w, v, w2, pb)

    def _back(self, v: Point, n: Point, code: str) -> list[Point]:
        """Points set back from border spot ``v`` along ``n`` (or against it: whichever
        goes into province ``code``), at a few depths, those inside the province."""
        rings = self.geo.provinces[code].shape
        probe = (v[0] + n[0] * 2.0, v[1] + n[1] * 2.0)
        sign = 1.0 if inside(probe, rings) else -1.0
        out = []
        for depth in BACK:
            p = (v[0] + sign * n[0] * depth, v[1] + sign * n[1] * depth)
            if inside(p, rings):
                out.append(p)
        return out

    def _crossed(self, a: Point, b: Point, own: set[str]) -> int:
        """How many of the segment's sample points lie on (or within ``MARGIN`` of) land
        that is neither end's."""
        length = math.dist(a, b)
        steps = max(1, int(length / SAMPLE))
        nx, ny = ((a[1] - b[1]) / length * MARGIN, (b[0] - a[0]) / length * MARGIN) if length else (0, 0)
        hits = 0
        for i in range(1, steps):
            t = i / steps
            cx, cy = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
            if any(self._land((cx + k * nx, cy + k * ny), own) for k in (0, 1, -1)):
                hits += 1
        return hits

    def _land(self, p: Point, own: set[str]) -> bool:
        for code, (x0, y0, x1, y1), rings in self.grid.get((math.floor(p[0] / CELL),
                                                            math.floor(p[1] / CELL)), ()):
            if code not in own and x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and inside(p, rings):
                return True
        return False

    def clear(self, start: Point, a: str, targets: Iterable[str], fleet: bool) -> int:
        """How much of the lines from ``start`` (a spot in ``a``) to each target runs over
        a third land, each line routed as ``leg`` routes it: 0 when none does."""
        if not fleet:
            return 0
        total = 0
        for b in targets:
            pts = self.leg(a, b, start)
            own = {a.partition("/")[0], b.partition("/")[0]}
            total += sum(self._crossed(p, q, own) for p, q in pairwise(pts))
        return total

    def _border(self, a: str, b: str) -> list[tuple[Point, Point]]:
        """Spots along the longest stretch of border the two provinces share (their
        drawings share those vertices), its middle first, each with the direction across
        the border; none if they share none."""
        shape_b = self.geo.provinces[b].shape
        theirs = {(round(x, 1), round(y, 1)) for r in shape_b for x, y in r}
        best: list[Point] = []
        for ring in self.geo.provinces[a].shape:
            shared = [(round(x, 1), round(y, 1)) in theirs for x, y in ring]
            if not any(shared):
                continue
            # runs of consecutive shared vertices, the ring read round from a vertex
            # that is not shared (or from the start, if all are)
            first = shared.index(False) if not all(shared) else 0
            order = list(ring[first:]) + list(ring[:first])
            flags = shared[first:] + shared[:first]
            run: list[Point] = []
            for p, on in zip(order, flags, strict=True):
                if on:
                    run.append(p)
                    continue
                best = max(best, run, key=_length)
                run = []
            best = max(best, run, key=_length)
        if len(best) < 2:
            return [(p, (0.0, 0.0)) for p in best]
        (x0, y0), (x1, y1) = best[0], best[-1]
        d = math.dist(best[0], best[-1]) or 1.0
        normal = (-(y1 - y0) / d, (x1 - x0) / d)  # across the border
        return [(_at(best, share), normal) for share in (0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9)]


def _length(run: list[Point]) -> float:
    return sum(math.dist(p, q) for p, q in pairwise(run)) if len(run) > 1 else 0.0 if not run else 1e-9


def _at(run: list[Point], share: float) -> Point:
    goal = _length(run) * share
    for p, q in pairwise(run):
        d = math.dist(p, q)
        if goal <= d and d > 0:
            t = goal / d
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
        goal -= d
    return run[-1]


_CACHE: dict[int, tuple[Geometry, Routes]] = {}


def routes_for(geo: Geometry, lands: frozenset[str]) -> Routes:
    """One Routes per geometry (the legs are the same on every map drawn from it)."""
    entry = _CACHE.get(id(geo))
    if entry is None or entry[0] is not geo or entry[1].land_codes != lands:
        entry = _CACHE[id(geo)] = (geo, Routes(geo, lands))
    return entry[1]
