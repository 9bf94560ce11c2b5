"""Maps as pictures: a position, and a phase's orders with their outcomes, drawn with Pillow."""

from .draw import render_position
from .geometry import Geometry, GeometryError
from .geometry_files import load_geometry

__all__ = ["Geometry", "GeometryError", "load_geometry", "render_position"]
