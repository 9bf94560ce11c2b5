"""The map attached to mails: the default ``render_map`` hook (PNG bytes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render.kinds import MapKind
from ..render.options import MapOptions

if TYPE_CHECKING:
    from ..render.model import Drawing

MAIL_WIDTH = 1200


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
    from ..render import to_png

    return to_png(_drawing(board, outcome, before, lang, options, kind, width))


def render_map_svg(board: Board, outcome: PhaseOutcome, before: Position | None = None,
                   lang: str = "it", options: MapOptions | None = None,
                   kind: MapKind = MapKind.RESULTS, width: int = MAIL_WIDTH) -> str:
    """The same map as ``render_map_png``, as SVG text."""
    from ..render import to_svg

    return to_svg(_drawing(board, outcome, before, lang, options, kind, width))


def render_position_png(board: Board, position: Position, lang: str = "it",
                        options: MapOptions | None = None, width: int = MAIL_WIDTH) -> bytes:
    """A position as it stands, no orders drawn (the status mail's map): dislodged units
    of a retreat phase and the builds due in winter are shown as the renderer shows them."""
    from ..render import draw_map, to_png

    return to_png(draw_map(board, None, position, None, lang, width, options, MapKind.NOW))


def _drawing(board: Board, outcome: PhaseOutcome, before: Position | None, lang: str,
             options: MapOptions | None, kind: MapKind, width: int) -> Drawing:
    from ..render import draw_map

    if kind is MapKind.NOW:
        return draw_map(board, None, before or outcome.next, None, lang, width, options, kind)
    return draw_map(board, None, before or outcome.next, outcome, lang, width, options, kind)
