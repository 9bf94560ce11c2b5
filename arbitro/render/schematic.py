"""A schematic map for variants without drawing data: the adjacency graph laid out
by a deterministic force-directed pass (same board, same picture)."""

from __future__ import annotations

import math

from ..diplomacy.board import Board
from .geometry import Geometry, ProvinceDrawing

WIDTH, HEIGHT, MARGIN, RADIUS = 1000.0, 800.0, 40.0, 20.0


def _layout(board: Board, iterations: int = 300) -> dict[str, tuple[float, float]]:
    codes = sorted(c for c in board.provinces if board.neighbours(c))
    n = len(codes)
    # Start on a circle in code order: no randomness, so the layout is reproducible.
    pos = {
        c: [math.cos(2 * math.pi * i / n), math.sin(2 * math.pi * i / n)]
        for i, c in enumerate(codes)
    }
    edges = sorted({tuple(sorted((a, b))) for a in codes for b in board.neighbours(a) if a != b})
    k = math.sqrt(4.0 / max(n, 1))
    temp = 0.2
    for _ in range(iterations):
        disp = {c: [0.0, 0.0] for c in codes}
        for i, a in enumerate(codes):
            pa = pos[a]
            for b in codes[i + 1 :]:
                pb = pos[b]
                dx, dy = pa[0] - pb[0], pa[1] - pb[1]
                d2 = dx * dx + dy * dy or 1e-9
                f = k * k / d2
                disp[a][0] += dx * f
                disp[a][1] += dy * f
                disp[b][0] -= dx * f
                disp[b][1] -= dy * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = math.hypot(dx, dy) or 1e-9
            f = d / k
            disp[a][0] -= dx * f
            disp[a][1] -= dy * f
            disp[b][0] += dx * f
            disp[b][1] += dy * f
        for c in codes:  # a little gravity keeps loose ends from drifting off
            disp[c][0] -= pos[c][0] * 0.3
            disp[c][1] -= pos[c][1] * 0.3
        for c in codes:
            dx, dy = disp[c]
            d = math.hypot(dx, dy) or 1e-9
            step = min(d, temp)
            pos[c][0] += dx / d * step
            pos[c][1] += dy / d * step
        temp = max(temp * 0.985, 0.002)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    sx = (WIDTH - 2 * MARGIN) / ((max(xs) - min(xs)) or 1)
    sy = (HEIGHT - 2 * MARGIN) / ((max(ys) - min(ys)) or 1)
    placed = {c: [MARGIN + (p[0] - min(xs)) * sx, MARGIN + (p[1] - min(ys)) * sy]
              for c, p in pos.items()}
    _separate(placed, 2 * RADIUS + 8)
    # Provinces with no neighbours (impassable ones) wait in a row along the bottom.
    lonely = sorted(c for c in board.provinces if c not in placed)
    for i, c in enumerate(lonely):
        placed[c] = [WIDTH - MARGIN - i * (2 * RADIUS + 10), HEIGHT - MARGIN / 2]
    return {c: (p[0], p[1]) for c, p in placed.items()}


def _separate(pos: dict[str, list[float]], gap: float, rounds: int = 60) -> None:
    """Push overlapping discs apart, keeping them on the canvas."""
    codes = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(codes):
            for b in codes[i + 1 :]:
                pa, pb = pos[a], pos[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d == 0:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (gap - d) / 2
                pa[0] -= dx / d * push
                pa[1] -= dy / d * push
                pb[0] += dx / d * push
                pb[1] += dy / d * push
                moved = True
        for p in pos.values():
            p[0] = min(max(p[0], MARGIN), WIDTH - MARGIN)
            p[1] = min(max(p[1], MARGIN), HEIGHT - MARGIN)
        if not moved:
            break


def _disc(x: float, y: float, r: float, sides: int = 16) -> tuple[tuple[float, float], ...]:
    return tuple(
        (x + r * math.cos(2 * math.pi * i / sides), y + r * math.sin(2 * math.pi * i / sides))
        for i in range(sides)
    )


def schematic_geometry(board: Board) -> Geometry:
    centres = _layout(board)
    provinces = {}
    for code, (x, y) in centres.items():
        prov = board.provinces[code]
        # Coasts sit on the rim, spread evenly so each has its own spot.
        coasts = {
            loc: (x + RADIUS * 0.9 * math.cos(a), y + RADIUS * 0.9 * math.sin(a))
            for loc, a in zip(prov.coasts, (i * math.pi for i in range(len(prov.coasts))))
        }
        provinces[code] = ProvinceDrawing(
            shape=(_disc(x, y, RADIUS),),
            label=(x, y - RADIUS - 7),
            unit=(x, y),
            sc=(x + RADIUS * 0.6, y + RADIUS * 0.6) if prov.supply_centre else None,
            coasts=coasts,
        )
    links = tuple(
        sorted({tuple(sorted((a, b))) for a in board.provinces for b in board.neighbours(a)})
    )
    return Geometry(WIDTH, HEIGHT, provinces, links=links, schematic=True)  # type: ignore[arg-type]
