"""Load variant files from ``maps/`` (the I/O edge of the rules core).

A variant file may name a ``base`` (``[variant] base = "imperial_base"``): the base is
read first and the file applies to it as an overlay (arbitro/variant_import/overlay.py).
That is how Imperial 1871 sits on the imported Imperial map, and how a GM overrides a
variant of the project with their own file.
"""

from __future__ import annotations

import functools
import os
import tomllib
from pathlib import Path
from typing import Any

from .diplomacy.board import Board, BoardError, board_from_dict

MAPS_DIR = Path(os.environ.get("ARBITRO_MAPS", Path(__file__).resolve().parent.parent / "maps"))


class UnknownVariant(LookupError):
    pass


def variant_path(name: str) -> Path:
    return MAPS_DIR / f"{name}.toml"


def _check_name(name: str) -> None:
    if not name.replace("_", "").replace("-", "").isalnum():
        raise UnknownVariant(f"bad variant name {name!r}")


@functools.cache
def load_board(name: str = "standard") -> Board:
    """The Board of a variant by name; read once per process."""
    _check_name(name)
    path = variant_path(name)
    if not path.is_file():
        raise UnknownVariant(f"unknown variant {name!r} (no {path})")
    return load_board_file(path)


DIPLOMACY = "diplomacy"


def game_of(data: dict[str, Any]) -> str:
    """The game a map file is a board of (``[variant] game``; Diplomacy when it says none):
    maps/ holds Axis & Allies' board too (arbitro/aae_contract/board_file.py reads it)."""
    game = data.get("variant", {}).get("game", DIPLOMACY)
    return game if isinstance(game, str) else DIPLOMACY


def diplomacy_variants() -> list[str]:
    """The names of maps/'s Diplomacy variant files (bases included)."""
    names = []
    for path in sorted(MAPS_DIR.glob("*.toml")):
        try:
            with path.open("rb") as fh:
                data = tomllib.load(fh)
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if game_of(data) == DIPLOMACY:
            names.append(path.stem)
    return names


def load_board_file(path: Path) -> Board:
    data = load_variant_data(path)
    if game_of(data) != DIPLOMACY:
        raise UnknownVariant(f"{path.stem} is a board of {game_of(data)}, not a Diplomacy variant")
    try:
        return board_from_dict(data)
    except BoardError as exc:
        raise BoardError(f"{path}: {exc}") from exc


def load_variant_data(path: Path, _seen: tuple[Path, ...] = ()) -> dict[str, Any]:
    """The variant file as a dict, with its base (if any) applied under it."""
    if path.resolve() in _seen:
        raise BoardError(f"{path}: variant bases form a loop")
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise UnknownVariant(f"cannot read {path}: {exc.strerror}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{path}: {exc}") from exc
    base = data.get("variant", {}).get("base")
    if base is None:
        return data
    if not isinstance(base, str):
        raise BoardError(f"{path}: variant.base must be a variant name")
    _check_name(base)
    base_path = path.parent / f"{base}.toml"
    if not base_path.is_file():
        base_path = variant_path(base)
    if not base_path.is_file():
        raise UnknownVariant(f"{path}: base variant {base!r} not found")
    from .variant_import.overlay import apply_overlay

    under = load_variant_data(base_path, _seen + (path.resolve(),))
    try:
        return apply_overlay(under, data)
    except BoardError as exc:
        raise BoardError(f"{path}: {exc}") from exc


def variant_base(name: str) -> str | None:
    """The variant a project variant file is an overlay of, if any (None for an unknown name)."""
    try:
        _check_name(name)
        with variant_path(name).open("rb") as fh:
            base = tomllib.load(fh).get("variant", {}).get("base")
    except (UnknownVariant, OSError, tomllib.TOMLDecodeError):
        return None
    return base if isinstance(base, str) else None


def variant_warnings(board: Board) -> list[str]:
    """Facts a GM should look at before starting a game on this variant."""
    out = []
    centres = len(board.supply_centres)
    for name, power in sorted(board.powers.items()):
        if not power.home_centres:
            out.append(f"{name} has no home centres")
        if not power.start_units:
            out.append(f"{name} has no starting units")
        if board.victory_threshold(name) > centres:
            out.append(
                f"{name} needs {board.victory_threshold(name)} centres; the map has {centres}"
            )
    return out
