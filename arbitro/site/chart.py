"""The centre-count chart over a game: one line per power in the power's colour, as SVG
(crisp on a phone, a few kilobytes, no script)."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from ..diplomacy.position import Position
from ..diplomacy.victory import centre_counts
from ..reports import power_name
from ..words import say
from .record import GameRecord


@dataclass(frozen=True)
class Series:
    labels: tuple[str, ...]  # the x axis: the start, then each year played
    counts: dict[str, tuple[int, ...]]  # power -> centres at each label


def _counts(position: Position, powers: list[str]) -> dict[str, int]:
    counts = centre_counts(position.centres)
    return {p: counts.get(p, 0) for p in powers}


def centre_series(record: GameRecord, lang: str) -> Series:
    """Centres at the start and after the last phase played of each year."""
    powers = sorted(record.board.powers)
    start = say(lang, "site.chart.start")
    points: dict[str, dict[str, int]] = {start: _counts(record.start, powers)}
    for phase in record.phases:
        points[phase.code[1:5]] = _counts(phase.played.outcome.next, powers)
    labels = tuple(points)
    return Series(labels, {p: tuple(points[label][p] for label in labels) for p in powers})


WIDTH, HEIGHT = 640, 360
LEFT, RIGHT, TOP, BOTTOM = 40, 130, 16, 34


def chart_svg(record: GameRecord, lang: str) -> str:
    series = centre_series(record, lang)
    board = record.board
    top = max([board_max(record)] + [max(c) for c in series.counts.values()])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    steps = max(len(series.labels) - 1, 1)

    def x(i: int) -> float:
        return LEFT + plot_w * i / steps

    def y(n: int) -> float:
        return TOP + plot_h * (1 - n / top)

    title = say(lang, "site.chart.title", name=record.name)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label={quoteattr(title)} '
           'font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fffdf8"/>']
    for n in range(0, top + 1, 2 if top <= 20 else 5):
        out.append(f'<line x1="{LEFT}" y1="{y(n):.1f}" x2="{LEFT + plot_w}" y2="{y(n):.1f}" '
                   'stroke="#ddd8cc" stroke-width="1"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(n) + 4:.1f}" text-anchor="end" '
                   f'fill="#555">{n}</text>')
    every = max(1, len(series.labels) // 8)
    for i, label in enumerate(series.labels):
        if i % every == 0 or i == len(series.labels) - 1:
            out.append(f'<text x="{x(i):.1f}" y="{HEIGHT - 12}" text-anchor="middle" '
                       f'fill="#555">{escape(label)}</text>')
    ranked = sorted(series.counts, key=lambda p: (-series.counts[p][-1], p))
    for rank, power in enumerate(ranked):
        colour = board.powers[power].colour
        # powers with the same count would hide each other: each line a little apart
        shift = (rank - (len(ranked) - 1) / 2) * 1.6
        points = " ".join(f"{x(i):.1f},{y(n) + shift:.1f}"
                          for i, n in enumerate(series.counts[power]))
        out.append(f'<polyline points="{points}" fill="none" stroke={quoteattr(colour)} '
                   'stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>')
        ly = TOP + 8 + rank * 20
        out.append(f'<rect x="{WIDTH - RIGHT + 12}" y="{ly - 9}" width="14" height="10" '
                   f'fill={quoteattr(colour)}/>')
        name = f"{power_name(board, power, lang)} {series.counts[power][-1]}"
        out.append(f'<text x="{WIDTH - RIGHT + 32}" y="{ly}" fill="#222">{escape(name)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def board_max(record: GameRecord) -> int:
    """The y axis goes at least up to the centres needed to win, so games compare."""
    needed = len(record.board.supply_centres) // 2 + 1
    return needed + (needed % 2)
