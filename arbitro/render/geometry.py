"""Where things are drawn: province shapes and anchor points of a variant's map, as values.

Read from the variant's drawing file, or laid out as a schematic, in ``geometry_files``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..diplomacy.board import province_of

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class ProvinceDrawing:
    shape: tuple[Ring, ...]  # outer rings, canvas units
    label: Point
    unit: Point
    sc: Point | None = None
    coasts: Mapping[str, Point] = field(default_factory=dict)  # "STP/NC" -> point


@dataclass(frozen=True)
class Geometry:
    width: float
    height: float
    provinces: Mapping[str, ProvinceDrawing]
    neutral_land: tuple[Ring, ...] = ()  # land that is no province (Ireland, ...)
    water: tuple[Ring, ...] = ()  # water that is no province (lakes)
    links: tuple[tuple[str, str], ...] = ()  # schematic only: edges to draw
    schematic: bool = False

    def unit_point(self, location: str) -> Point:
        prov = self.provinces.get(province_of(location))
        if prov is None:
            return (0.0, 0.0)
        return prov.coasts.get(location, prov.unit)


class GeometryError(ValueError):
    pass
