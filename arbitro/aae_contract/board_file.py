"""The board file of Axis & Allies Europe, read from ``maps/`` (the I/O edge of the rules)."""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path

from ..axis_allies.board import Board, BoardError, board_from_dict
from ..variants import MAPS_DIR

VARIANT = "aae_europe"


def board_path(name: str = VARIANT) -> Path:
    return MAPS_DIR / f"{name}.toml"


@functools.cache
def load_board(name: str = VARIANT) -> Board:
    """The Board of ``maps/<name>.toml``; read once per process."""
    if name != VARIANT:
        raise BoardError(f"unknown Axis & Allies variant {name!r} (only {VARIANT!r})")
    path = board_path(name)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BoardError(f"{path}: {exc}") from exc
    try:
        return board_from_dict(data)
    except BoardError as exc:
        raise BoardError(f"{path}: {exc}") from exc
