"""The map attached to results mails: the default ``render_map`` hook (PNG bytes)."""

from __future__ import annotations

import io

from ..game.board import Board
from ..game.outcome import PhaseOutcome
from ..game.position import Position


def render_map_png(board: Board, outcome: PhaseOutcome) -> bytes:
    """The position after a phase with that phase's orders drawn on it.

    A low PNG compression level: the referee draws one map per phase and speed matters
    more than a few kilobytes.
    """
    from ..render import render_position

    image = render_position(board, None, outcome.next, outcome, lang="it", width=1200)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def render_position_png(board: Board, position: Position, lang: str = "it") -> bytes:
    """A position as it stands, no orders drawn (the status mail's map): dislodged units
    of a retreat phase and the builds due in winter are shown as the renderer shows them."""
    from ..render import render_position

    image = render_position(board, None, position, None, lang=lang, width=1200)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
