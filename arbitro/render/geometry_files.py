"""A variant's drawing data from ``maps/<variant>_geometry.json`` (or ``.toml`` with the
same keys); without such a file a schematic layout computed from the adjacency graph, so
any variant can be drawn.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..diplomacy.board import Board
from ..variants import MAPS_DIR, variant_base
from .geometry import Geometry, GeometryError, Point, ProvinceDrawing, Ring
from .schematic import schematic_geometry


def _point(raw: Any, what: str) -> Point:
    try:
        x, y = raw
        return (float(x), float(y))
    except (TypeError, ValueError) as exc:
        raise GeometryError(f"{what}: expected [x, y]") from exc


def _ring(raw: Any, what: str) -> Ring:
    ring = tuple(_point(p, what) for p in raw)
    if len(ring) < 3:
        raise GeometryError(f"{what}: a ring needs three points")
    return ring


def geometry_from_dict(board: Board, data: Mapping[str, Any]) -> Geometry:
    provinces: dict[str, ProvinceDrawing] = {}
    for code, raw in data.get("provinces", {}).items():
        code = code.upper()
        if code not in board.provinces:
            raise GeometryError(f"geometry names unknown province {code}")
        shape = tuple(_ring(r, code) for r in raw.get("shape", ()))
        label = _point(raw.get("label") or raw.get("unit"), f"{code}.label")
        provinces[code] = ProvinceDrawing(
            shape=shape,
            label=label,
            unit=_point(raw["unit"], f"{code}.unit") if "unit" in raw else label,
            sc=_point(raw["sc"], f"{code}.sc") if raw.get("sc") else None,
            coasts={k.upper(): _point(v, f"{code}.{k}") for k, v in raw.get("coasts", {}).items()},
        )
    missing = sorted(set(board.provinces) - set(provinces))
    if missing:
        raise GeometryError(f"geometry lacks provinces {', '.join(missing)}")
    return Geometry(
        width=float(data["width"]),
        height=float(data["height"]),
        provinces=provinces,
        neutral_land=tuple(_ring(r, "neutral_land") for r in data.get("neutral_land", ())),
        water=tuple(_ring(r, "water") for r in data.get("water", ())),
    )


def geometry_path(variant: str, maps_dir: Path | None = None) -> Path | None:
    base = maps_dir or MAPS_DIR
    for suffix in (".json", ".toml"):
        path = base / f"{variant}_geometry{suffix}"
        if path.is_file():
            return path
    return None


# Keyed by the variant and the file: a board is loaded once per variant, but an id() may be
# reused by another board once the first is gone.
_CACHE: dict[tuple[str, str], Geometry] = {}


def load_geometry(board: Board, maps_dir: Path | None = None) -> Geometry:
    """The board's drawing data, or a schematic layout when the variant has none."""
    path = geometry_path(board.name, maps_dir)
    base = variant_base(board.name) if path is None else None
    if base is not None:
        # An overlay that changes borders only (the forum's map) is drawn as its base;
        # a base that lacks a province the overlay added falls back to the schematic below.
        path = geometry_path(base, maps_dir)
    key = (board.name, str(path))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    try:
        if path is None:
            geometry = schematic_geometry(board)
        elif path.suffix == ".json":
            geometry = geometry_from_dict(board, json.loads(path.read_text(encoding="utf-8")))
        else:
            with path.open("rb") as fh:
                geometry = geometry_from_dict(board, tomllib.load(fh))
    except GeometryError:
        if base is None:
            raise
        geometry = schematic_geometry(board)
    _CACHE[key] = geometry
    return geometry
