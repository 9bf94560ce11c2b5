"""The board of Axis & Allies Europe as a drawing (issue 28 Build 5, begun): every
territory in its controller's colour, the convoy zones as boxes with their value, each
space's units as counted pieces per type and owner, the round and the power due in the
title, a legend of the pieces; given a step played, its moves and battles. Written as PNG
or SVG by the same back ends as Diplomacy's.

The board's drawing is arbitro's own (``maps/aae_europe_geometry.json``, made by
``maps/make_aae_geometry.py`` from Natural Earth's public-domain coastlines). Not yet:
casualties and retreats on the map (the results mail lists them), a title for a step
played (the title names the state's step due).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path

from ..axis_allies.board import Board
from ..axis_allies.state import State
from ..axis_allies.turn import StepOutcome
from ..variants import MAPS_DIR
from ..words import lang_of, say
from .model import BASE, CHROME, LABEL, MARK, Drawing
from .shapes import Pen, arrow, shorten, text_box
from .style import HALO, INK, LAND, NEUTRAL_LAND, PAPER, SEA, SEA_BORDER, SEA_INK, Colour, blend, darker

GEOMETRY = MAPS_DIR / "aae_europe_geometry.json"
# The powers' colours as the board has them: field grey, Soviet red, British khaki, US olive;
# the Middle East's holder a pale sand.
COLOURS: Mapping[str, Colour] = {
    "GERMANY": (96, 96, 92), "USSR": (176, 52, 40), "UK": (190, 150, 80), "USA": (88, 120, 56),
    "MIDDLE_EAST": (214, 190, 120),
}
# One or two letters a piece, in the order pieces are listed; the legend names them.
PIECES = (("infantry", "I"), ("artillery", "Ar"), ("armour", "T"), ("aa_gun", "AA"),
          ("fighter", "F"), ("bomber", "B"), ("submarine", "S"), ("destroyer", "D"),
          ("transport", "Tr"), ("carrier", "C"), ("battleship", "BB"))
TINT = 0.55


@functools.cache
def _geometry(path: Path = GEOMETRY) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _name(board: Board, power: str, lang: str) -> str:
    p = next((q for q in board.powers if q.code == power), None)
    if p is not None:
        return p.it if lang == "it" else p.en
    holder = board.holders.get(power)
    if holder is not None:
        return holder.it if lang == "it" else holder.en
    return power.title()


def _piece_name(board: Board, kind: str, lang: str) -> str:
    words = board.unit_words.get(kind)
    if words is None:
        return kind
    return words.it if lang == "it" else words.en


def draw_aae(board: Board, state: State, lang: str = "en", width: int = 1600,
             step: StepOutcome | None = None) -> Drawing:
    """The drawing model of ``state`` on ``board``; given the step just played, the state
    after it with its moves (an arrow along each path, in the mover's colour) and its
    battles (a ring where each was fought), titled with the step played."""
    lang = lang_of(lang)
    geo = _geometry()
    scale = width / float(geo["width"])  # type: ignore[arg-type]
    title_h = max(24, round(width / 26))
    map_h = round(float(geo["height"]) * scale)  # type: ignore[arg-type]
    legend_h = max(18, round(width / 38)) * 2
    drawing = Drawing(width, title_h + map_h + legend_h, PAPER)
    pen = Pen(drawing, scale, title_h)
    spaces: Mapping[str, Mapping[str, object]] = geo["spaces"]  # type: ignore[assignment]
    boxes: Mapping[str, list[float]] = geo["boxes"]  # type: ignore[assignment]
    pen.rect_px((0, title_h, width, title_h + map_h), SEA, layer=BASE)
    for ring in geo["neutral_land"]:  # type: ignore[attr-defined]
        pen.polygon([tuple(p) for p in ring], NEUTRAL_LAND, (120, 120, 110), 0.6)
    for code, drawn in spaces.items():
        space = board.spaces[code]
        owner = state.controller(code)
        if space.sea:
            fill, edge = SEA, SEA_BORDER
        elif space.impassable:  # the neutrals no one may enter: pale stone, not a power's grey
            fill, edge = (228, 222, 206), (150, 140, 120)
        elif owner is None:
            fill, edge = blend(LAND, NEUTRAL_LAND, 0.5), (110, 100, 90)
        else:
            fill, edge = blend(LAND, COLOURS.get(owner, (150, 150, 150)), TINT), (90, 80, 70)
        for ring in drawn["shape"]:  # type: ignore[attr-defined]
            pen.polygon([tuple(p) for p in ring], fill, edge, 0.8 if space.sea else 0.9)
    pen.layer = MARK
    for code, (x, y) in boxes.items():  # convoy zones: a box with the value and the holder
        owner = state.controller(code)
        colour = COLOURS.get(owner or "", (120, 120, 120))
        pen.polygon([(x - 13, y - 8), (x + 13, y - 8), (x + 13, y + 8), (x - 13, y + 8)],
                    HALO, colour, 1.6)
        convoy = board.spaces[code].convoy
        pen.text((x, y - 2.5), code, 5.2, SEA_INK, bold=True, halo=None)
        if convoy is not None:
            pen.text((x, y + 4), f"{convoy.ipc}", 5.2, darker(colour, 0.2), bold=True, halo=None)
    if step is not None:
        _moves(pen, step, spaces, boxes, COLOURS.get(state.power, INK))
    pen.layer = LABEL
    for code, drawn in spaces.items():
        space = board.spaces[code]
        x, y = drawn["label"]  # type: ignore[misc]
        text = code if not space.ipc else f"{code} {space.ipc}"
        mark = "★ " if space.capital else ""
        pen.text((x, y), mark + text, 6.2, SEA_INK if space.sea else INK, bold=True)
        _units(pen, state, code, (x, y + 7.5))
    for code, (x, y) in boxes.items():  # units in a convoy zone: under its box
        _units(pen, state, code, (x, y + 10))
    pen.layer = CHROME
    _title(pen, board, state, lang, width, title_h)
    _legend(pen, board, lang, width, title_h + map_h, legend_h)
    drawing.title = _title_text(board, state, lang)
    drawing.lang = lang
    return drawing


def _units(pen: Pen, state: State, code: str, at: tuple[float, float]) -> None:
    """The space's units, one chip per owner and type: the piece's letters and how many,
    in the owner's colour, in rows under the space's name."""
    groups: dict[tuple[str, str], int] = {}
    for g in state.at(code):
        groups[(g.owner, g.type)] = groups.get((g.owner, g.type), 0) + g.count
        for c in g.cargo:  # a transport's load counts where it sails
            groups[(c.owner, c.type)] = groups.get((c.owner, c.type), 0) + c.count
    if not groups:
        return
    order = {kind: i for i, (kind, _) in enumerate(PIECES)}
    chips = sorted(groups.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 99)))
    letters = dict(PIECES)
    per_row, w, h = 4, 12.5, 7.0
    x0 = at[0] - min(len(chips), per_row) * w / 2
    for i, ((owner, kind), n) in enumerate(chips):
        x = x0 + (i % per_row) * w
        y = at[1] + (i // per_row) * (h + 1.2)
        colour = COLOURS.get(owner, (120, 120, 120))
        ink = HALO if sum(colour) < 420 else INK
        pen.polygon([(x + 0.4, y), (x + w - 0.4, y), (x + w - 0.4, y + h), (x + 0.4, y + h)],
                    colour, darker(colour, 0.5), 0.6)
        pen.text((x + w / 2, y + h / 2), f"{n}{letters.get(kind, kind[:2])}", 5.0, ink,
                 bold=True, halo=None)


def _point(code: str, spaces: Mapping[str, Mapping[str, object]],
           boxes: Mapping[str, list[float]]) -> tuple[float, float]:
    if code in boxes:
        x, y = boxes[code]
        return (x, y)
    x, y = spaces[code]["label"]  # type: ignore[misc]
    return (float(x), float(y))


def _moves(pen: Pen, step: StepOutcome, spaces: Mapping[str, Mapping[str, object]],
           boxes: Mapping[str, list[float]], colour: Colour) -> None:
    """Each move along its path (from its start through every space entered), and a
    ring round every space where a battle was fought."""
    for run in step.moves:
        codes = [run.order.start, *run.order.path]
        pts = [_point(c, spaces, boxes) for c in codes if c in spaces or c in boxes]
        if len(pts) < 2:
            continue
        a, _ = shorten(pts[0], pts[1], 4.0, 0)
        _, b = shorten(pts[-2], pts[-1], 0, 6.0)
        line = [a, *pts[1:-1], b]
        pen.line(line[:-1] + [shorten(line[-2], line[-1], 0, 5.0)[1]], HALO, 4.6)  # on any tint
        arrow(pen, line, darker(colour, 0.25), 1.8, head=5.5)
    for battle in step.battles:
        space = battle.battle.split("/")[0]
        if space in spaces or space in boxes:
            x, y = _point(space, spaces, boxes)
            pen.disc((x, y + 3), 15.0, None, (200, 30, 30), 2.0)
            pen.disc((x, y + 3), 17.0, None, HALO, 0.8)


def _title_text(board: Board, state: State, lang: str) -> str:
    return say(lang, "map.aae.title", round=state.round, power=_name(board, state.power, lang),
               step=say(lang, f"map.aae.step.{state.step}"))


def _title(pen: Pen, board: Board, state: State, lang: str, width: int, height: int) -> None:
    pen.rect_px((0, 0, width, height), PAPER)
    size = round(height * 0.52)
    pen.text_px((height * 0.35, height / 2), _title_text(board, state, lang), size, INK, bold=True)


def _legend(pen: Pen, board: Board, lang: str, width: int, top: int, height: int) -> None:
    pen.rect_px((0, top, width, top + 1), (200, 196, 186))
    size = max(9, round(height * 0.25))
    x, y = height * 0.3, top + height * 0.3
    for kind, letters in PIECES:
        text = f"{letters} {_piece_name(board, kind, lang)}"
        x0, _, x1, _ = text_box(text, size, False, "lm", 0)
        if x + (x1 - x0) > width - 10:
            x, y = height * 0.3, y + height * 0.4
        pen.text_px((x, y), text, size, INK)
        x += (x1 - x0) + size * 1.6
    star = f"★ {say(lang, 'map.aae.capital')}"
    pen.text_px((x, y), star, size, INK)


__all__ = ["COLOURS", "PIECES", "draw_aae"]
