"""What sits around the map: the title bar, the table of powers and the legend."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from ..diplomacy.board import ARMY, FLEET, Board
from ..diplomacy.position import Phase, Position
from ..words import say
from ..words.names import power_name
from .kinds import TITLE_KEYS, MapKind
from .model import CHROME
from .shapes import (
    UNIT_R,
    Pen,
    arrow,
    build_ring,
    cross,
    option_arrow,
    retreat_arrow,
    text_box,
    unit_token,
)
from .style import HALO, INK, PAPER, TRIAL_BAR, Colour, darker

Icon = Callable[[Pen, float, float], None]  # draws at a pixel spot (left, middle)


class Chrome:
    def __init__(self, board: Board, lang: str, width: int, scale: float,
                 colour: Callable[[str], Colour], hatch: Mapping[str, str]) -> None:
        self.board, self.lang, self.width, self.scale = board, lang, width, scale
        self.colour, self.hatch = colour, hatch

    def title_height(self) -> int:
        return max(24, round(self.width / 26))

    def title(self, pen: Pen, phase: Phase, kind: MapKind) -> None:
        """The phase the map shows (the one played, for results) and what it shows of it."""
        lang = self.lang
        height = self.title_height()
        text = (f"{say(lang, f'season.{phase.season}')} {phase.year} · "
                f"{say(lang, f'map.phase.{phase.kind}')} · {say(lang, TITLE_KEYS[kind])}")
        name = self.board.name.replace("_", " ").title()
        pen.drawing.title, pen.drawing.lang = text, lang
        # A trial's bar is the colour of a draft: no one takes it for the phase's results.
        pen.rect_px((0, 0, self.width, height), TRIAL_BAR if kind is MapKind.TRIAL else PAPER)
        size = round(height * 0.52)
        used = pen.text_px((height * 0.35, height / 2), text, size, INK, bold=True)
        small = round(size * 0.7)
        x0, _, x1, _ = text_box(name, small, False, "rm", 0)
        if height * 1.2 + used + (x1 - x0) <= self.width:  # the variant's name only if it fits
            pen.text_px((self.width - height * 0.35, height / 2), name, small, (90, 90, 90),
                        anchor="rm")

    # -- the powers -------------------------------------------------------

    def _row_h(self) -> int:
        return max(18, round(self.width / 38))

    def _cols(self) -> int:
        return max(1, min(4, self.width // 360))

    def table_height(self) -> int:
        rows = math.ceil(len(self.board.powers) / self._cols())
        return rows * self._row_h() + self._row_h() // 3

    def table(self, pen: Pen, top: int, position: Position, adjustments: Mapping[str, int],
              winner: str | None) -> None:
        lang = self.lang
        powers = sorted(self.board.powers.values(),
                        key=lambda p: (-len(position.centres_of(p.name)), p.name))
        cols, row_h = self._cols(), self._row_h()
        cell_w = self.width / cols
        size = round(row_h * 0.5)
        for i, p in enumerate(powers):
            x = (i % cols) * cell_w + row_h * 0.3
            y = top + (i // cols) * row_h + row_h / 2
            sw = row_h * 0.55
            colour = self.colour(p.name)
            ring = [pen.canvas(q) for q in ((x, y - sw / 2), (x + sw, y - sw / 2),
                                            (x + sw, y + sw / 2), (x, y + sw / 2))]
            pen.polygon(ring, colour, darker(colour, 0.6), 1.0 / self.scale, self.hatch.get(p.name))
            name = power_name(self.board, p.name, lang)
            sc, un = len(position.centres_of(p.name)), len(position.units_of(p.name))
            text = f"{name}  {sc} {say(lang, 'map.centres')} · {un} {say(lang, 'map.units')}"
            adj = adjustments.get(p.name)
            if adj:
                text += f"  ({adj:+d})"
            if winner == p.name:
                text += f"  ★ {say(lang, 'map.winner')}"
            pen.text_px((x + sw * 1.5, y), text, size, INK, bold=winner == p.name)

    # -- the legend: symbols and lines, in the map's language ---------------

    def _items(self) -> list[tuple[Icon, str]]:
        s = self.scale
        ink = (90, 90, 90)

        def at(pen: Pen, x: float, y: float, dx: float = 0.0) -> tuple[float, float]:
            return pen.canvas((x + dx * s, y))

        def unit(kind: str) -> Icon:
            return lambda pen, x, y: unit_token(pen, kind, at(pen, x, y, 14), ink)

        def line(dashed: bool, failed: bool = False) -> Icon:
            def draw(pen: Pen, x: float, y: float) -> None:
                a, b = at(pen, x, y, 1), at(pen, x, y, 27)
                arrow(pen, [a, b], ink, 2.4, dashed=dashed)
                if failed:
                    cross(pen, at(pen, x, y, 14), 4.2, INK, 1.8)
            return draw

        def support(pen: Pen, x: float, y: float) -> None:
            a, b = at(pen, x, y, 1), at(pen, x, y, 25)
            pen.line([a, b], darker(ink, 0.45), 2.6, (2.0, 3.0))
            pen.line([a, b], ink, 1.4, (2.0, 3.0))
            pen.disc(b, 2.6, ink, darker(ink, 0.5), 0.8)

        def convoy(pen: Pen, x: float, y: float) -> None:
            unit_token(pen, FLEET, at(pen, x, y, 14), ink)
            pen.disc(at(pen, x, y, 14), UNIT_R + 3.5, None, darker(ink, 0.3), 1.2)

        def dislodged(pen: Pen, x: float, y: float) -> None:
            unit_token(pen, ARMY, at(pen, x, y, 14), ink, ghost=True)

        def centre(pen: Pen, x: float, y: float) -> None:
            pen.disc(at(pen, x, y, 14), 3.6, INK)
            pen.disc(at(pen, x, y, 14), 2.5, HALO)

        def retreat(pen: Pen, x: float, y: float) -> None:
            retreat_arrow(pen, [at(pen, x, y, 1), at(pen, x, y, 27)], ink)

        def option(pen: Pen, x: float, y: float) -> None:
            option_arrow(pen, [at(pen, x, y, 1), at(pen, x, y, 27)], ink)

        def build(pen: Pen, x: float, y: float) -> None:
            unit_token(pen, ARMY, at(pen, x, y, 14), ink)
            build_ring(pen, at(pen, x, y, 14))

        words = [(unit(ARMY), "army"), (unit(FLEET), "fleet"), (line(False), "move"),
                 (support, "support"), (convoy, "convoy"), (line(True, True), "failed"),
                 (dislodged, "dislodged"), (option, "retreat_option"), (retreat, "retreat"),
                 (build, "build"), (centre, "centre")]
        return [(icon, say(self.lang, f"map.legend.{w}")) for icon, w in words]

    def _legend_rows(self) -> list[list[tuple[float, Icon, str]]]:
        size = self._legend_size()
        icon_w, gap = 34 * self.scale, self._row_h() * 0.9
        rows: list[list[tuple[float, Icon, str]]] = [[]]
        x = self._row_h() * 0.3
        for icon, text in self._items():
            x0, _, x1, _ = text_box(text, size, False, "lm", 0)
            w = icon_w + size * 0.4 + (x1 - x0)
            if rows[-1] and x + w > self.width:
                rows.append([])
                x = self._row_h() * 0.3
            rows[-1].append((x, icon, text))
            x += w + gap
        return rows

    def _legend_size(self) -> int:
        return round(self._row_h() * 0.46)

    def legend_height(self) -> int:
        return len(self._legend_rows()) * self._row_h() + self._row_h() // 3

    def legend(self, pen: Pen, top: int) -> None:
        row_h, size = self._row_h(), self._legend_size()
        pen.rect_px((0, top, self.width, top + 1), (200, 196, 186))
        pen.layer = CHROME
        for r, row in enumerate(self._legend_rows()):
            y = top + r * row_h + row_h * 0.6
            for x, icon, text in row:
                icon(pen, x, y)
                pen.text_px((x + 34 * self.scale + size * 0.4, y), text, size, INK)
