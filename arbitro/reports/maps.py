"""The maps mails carry: the default ``render_map`` hook (PNG bytes), and the one place a
phase's map is drawn, so that every mail of a language and the web archive share it.

A turn asks for the same map many times: each recipient of a language, the observers, the
GM's copy, a step run again after a restart, the archive written after the phase. The last
few maps drawn are kept, keyed by everything that decides the picture, so each is drawn and
encoded once (issue 30 Build 2); the PNG bytes are the same object for every mail of that
language.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render.kinds import MapKind
from ..render.options import MapOptions

if TYPE_CHECKING:
    from ..render.model import Drawing

MAIL_WIDTH = 1200
KEPT = 24  # maps kept: a turn's languages and kinds, a few turns of games played at once


class _Recent:
    """The last maps drawn, with their PNG once encoded; safe across threads (the daemon
    writes the archive beside the mail steps)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.maps: OrderedDict[str, tuple[Drawing, bytes | None]] = OrderedDict()
        self.drawn = 0  # how many drawings were made (the tests read it)

    def get(self, key: str) -> tuple[Drawing, bytes | None] | None:
        with self.lock:
            found = self.maps.get(key)
            if found is not None:
                self.maps.move_to_end(key)
            return found

    def clear(self) -> None:
        with self.lock:
            self.maps.clear()

    def put(self, key: str, drawing: Drawing, png: bytes | None) -> None:
        with self.lock:
            self.maps[key] = (drawing, png)
            self.maps.move_to_end(key)
            while len(self.maps) > KEPT:
                self.maps.popitem(last=False)


RECENT = _Recent()


def map_inputs(board: Board, outcome: PhaseOutcome | None, before: Position, lang: str,
               options: MapOptions, kind: MapKind, width: int) -> str:
    """What decides a map's picture, besides the code and data that draw it, as text: the
    values' reprs hold every field (frozen dataclasses), and a phase played in memory
    reads as the same phase read back from the store (only what a map draws of the
    outcome is in it)."""
    from ..render.draw import shown_after

    drawn = None if outcome is None else (outcome.results, shown_after(outcome),
                                          outcome.adjustments, outcome.winner)
    return repr((board.name, before, drawn, lang, options, kind.value, width))


def _key(board: Board, outcome: PhaseOutcome | None, before: Position, lang: str,
         options: MapOptions, kind: MapKind, width: int) -> str:
    text = f"{id(board)}|{map_inputs(board, outcome, before, lang, options, kind, width)}"
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def map_drawing(board: Board, outcome: PhaseOutcome | None, before: Position, lang: str,
                options: MapOptions | None = None, kind: MapKind | None = None,
                width: int = MAIL_WIDTH) -> Drawing:
    """The drawing of ``before`` (with ``outcome`` drawn on it, unless the map shows the
    position now), drawn once for as long as it is kept."""
    from ..render import draw_map

    options = options or MapOptions()
    kind = kind or (MapKind.NOW if outcome is None else MapKind.RESULTS)
    shown = None if kind is MapKind.NOW else outcome
    key = _key(board, shown, before, lang, options, kind, width)
    found = RECENT.get(key)
    if found is not None:
        return found[0]
    drawing = draw_map(board, None, before, shown, lang, width, options, kind)
    RECENT.drawn += 1
    RECENT.put(key, drawing, None)
    return drawing


def map_png(board: Board, outcome: PhaseOutcome | None, before: Position, lang: str,
            options: MapOptions | None = None, kind: MapKind | None = None,
            width: int = MAIL_WIDTH) -> bytes:
    """``map_drawing`` as PNG bytes, encoded once for as long as it is kept."""
    from ..render import to_png

    options = options or MapOptions()
    kind = kind or (MapKind.NOW if outcome is None else MapKind.RESULTS)
    shown = None if kind is MapKind.NOW else outcome
    key = _key(board, shown, before, lang, options, kind, width)
    drawing = map_drawing(board, outcome, before, lang, options, kind, width)
    found = RECENT.get(key)
    if found is not None and found[1] is not None:
        return found[1]
    png = to_png(drawing)
    RECENT.put(key, drawing, png)
    return png


def render_map_png(board: Board, outcome: PhaseOutcome, before: Position | None = None,
                   lang: str = "it", options: MapOptions | None = None,
                   kind: MapKind = MapKind.RESULTS, width: int = MAIL_WIDTH) -> bytes:
    """The position after a phase with that phase's orders drawn on it, titled with the
    phase played (``before``'s) in ``lang`` and with what the map is (``kind``: the
    results, a trial's, a past phase's); the title is also in the PNG's metadata. For
    ``MapKind.NOW`` the outcome is not drawn: ``before`` as it stands.

    Without ``before`` (the position the phase was played from) the map can only be
    titled with the phase that follows; every caller in arbitro passes it.
    """
    return map_png(board, outcome, before or outcome.next, lang, options, kind, width)


def render_map_svg(board: Board, outcome: PhaseOutcome, before: Position | None = None,
                   lang: str = "it", options: MapOptions | None = None,
                   kind: MapKind = MapKind.RESULTS, width: int = MAIL_WIDTH) -> str:
    """The same map as ``render_map_png``, as SVG text."""
    from ..render import to_svg

    return to_svg(map_drawing(board, outcome, before or outcome.next, lang, options, kind, width))


def render_position_png(board: Board, position: Position, lang: str = "it",
                        options: MapOptions | None = None, width: int = MAIL_WIDTH) -> bytes:
    """A position as it stands, no orders drawn (the status mail's map): dislodged units
    of a retreat phase and the builds due in winter are shown as the renderer shows them."""
    return map_png(board, None, position, lang, options, MapKind.NOW, width)
