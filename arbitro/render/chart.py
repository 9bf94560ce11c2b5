"""The centre-count chart of RIEPILOGO / SUMMARY: one line per power, in its colour, over
the years (PNG bytes)."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from ..diplomacy.board import Board
from .style import INK, PAPER, font, hex_colour

GRID = (215, 212, 204)


def centre_chart_png(
    board: Board,
    years: Sequence[int],
    counts: Mapping[str, Sequence[int]],
    names: Mapping[str, str],
    width: int = 900,
    height: int = 480,
) -> bytes:
    """``counts[power][i]`` is the power's centres at the end of ``years[i]``; ``names``
    the powers' names in the reader's language, for the legend."""
    img = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(img)
    small = font(13)
    left, right, top, bottom = 44, 170, 16, 36
    plot_w, plot_h = width - left - right, height - top - bottom
    # The victory line as the top, so growth reads against it.
    top_count = max([max(c, default=0) for c in counts.values()] + [board.victory_centres, 1])

    def x(i: int) -> float:
        return left + (plot_w * i / (len(years) - 1) if len(years) > 1 else plot_w / 2)

    def y(n: int) -> float:
        return top + plot_h - plot_h * n / top_count

    step = 2 if top_count <= 20 else 5
    for n in range(0, top_count + 1, step):
        draw.line([(left, y(n)), (left + plot_w, y(n))], fill=GRID, width=1)
        draw.text((left - 8, y(n)), str(n), fill=INK, font=small, anchor="rm")
    for i, year in enumerate(years):
        draw.text((x(i), top + plot_h + 8), str(year), fill=INK, font=small, anchor="ma")
    legend_y = top
    ranked = sorted(counts, key=lambda p: (-(counts[p][-1] if counts[p] else 0), p))
    for rank, power in enumerate(ranked):
        colour = hex_colour(board.powers[power].colour) if power in board.powers else INK
        # Powers level with each other would hide one another: each line a little apart.
        nudge = (rank - (len(ranked) - 1) / 2) * 2.5
        points = [(x(i), y(n) + nudge) for i, n in enumerate(counts[power])]
        if len(points) > 1:
            draw.line(points, fill=colour, width=3)
        for px, py in points:
            draw.ellipse([px - 3, py - 3, px + 3, py + 3], fill=colour)
        draw.rectangle([width - right + 16, legend_y + 3, width - right + 30, legend_y + 15],
                       fill=colour)
        label = f"{names.get(power, power)} {counts[power][-1] if counts[power] else 0}"
        draw.text((width - right + 36, legend_y), label, fill=INK, font=small)
        legend_y += 20
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()

