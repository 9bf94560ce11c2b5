"""The map attached to results mails: the default ``render_map`` hook (PNG bytes)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from ..contract import position_from_json
from ..game.board import Board


def render_map_png(board: Board, position_after: Mapping[str, Any], results: Mapping[str, Any]) -> bytes:
    """The position after a phase with that phase's orders drawn on it.

    A low PNG compression level: the referee draws one map per phase and speed matters
    more than a few kilobytes.
    """
    from ..render import render_position

    position = position_from_json(board, position_after)
    image = render_position(board, None, position, results, lang="it", width=1200)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
