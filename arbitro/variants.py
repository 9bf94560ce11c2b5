"""Load variant files from ``maps/`` (the I/O edge of the rules core)."""

from __future__ import annotations

import functools
import os
import tomllib
from pathlib import Path

from .game.board import Board, BoardError, board_from_dict

MAPS_DIR = Path(os.environ.get("ARBITRO_MAPS", Path(__file__).resolve().parent.parent / "maps"))


class UnknownVariant(LookupError):
    pass


def variant_path(name: str) -> Path:
    return MAPS_DIR / f"{name}.toml"


@functools.cache
def load_board(name: str = "standard") -> Board:
    """The Board of a variant by name; read once per process."""
    if not name.replace("_", "").replace("-", "").isalnum():
        raise UnknownVariant(f"bad variant name {name!r}")
    path = variant_path(name)
    if not path.is_file():
        raise UnknownVariant(f"unknown variant {name!r} (no {path})")
    return load_board_file(path)


def load_board_file(path: Path) -> Board:
    with path.open("rb") as fh:
        try:
            data = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise BoardError(f"{path}: {exc}") from exc
    try:
        return board_from_dict(data)
    except BoardError as exc:
        raise BoardError(f"{path}: {exc}") from exc
