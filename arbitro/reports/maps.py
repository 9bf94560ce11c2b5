"""The map attached to results mails: the default ``render_map`` hook (PNG bytes)."""

from __future__ import annotations

from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render.options import MapOptions

MAIL_WIDTH = 1200


def render_map_png(board: Board, outcome: PhaseOutcome, before: Position | None = None,
                   lang: str = "it", options: MapOptions | None = None,
                   width: int = MAIL_WIDTH) -> bytes:
    """The position after a phase with that phase's orders drawn on it, titled with the
    phase played (``before``'s) in ``lang``; the title is also in the PNG's metadata.

    Without ``before`` (the position the phase was played from) the map can only be
    titled with the phase that follows; every caller in arbitro passes it.
    """
    from ..render import draw_map, to_png

    return to_png(draw_map(board, None, before or outcome.next, outcome, lang, width, options))


def render_map_svg(board: Board, outcome: PhaseOutcome, before: Position | None = None,
                   lang: str = "it", options: MapOptions | None = None,
                   width: int = MAIL_WIDTH) -> str:
    """The same map as ``render_map_png``, as SVG text."""
    from ..render import draw_map, to_svg

    return to_svg(draw_map(board, None, before or outcome.next, outcome, lang, width, options))


def render_position_png(board: Board, position: Position, lang: str = "it",
                        options: MapOptions | None = None, width: int = MAIL_WIDTH) -> bytes:
    """A position as it stands, no orders drawn (the status mail's map): dislodged units
    of a retreat phase and the builds due in winter are shown as the renderer shows them."""
    from ..render import draw_map, to_png

    return to_png(draw_map(board, None, position, None, lang, width, options))
