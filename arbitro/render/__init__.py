"""Maps as pictures: a position, and a phase's orders with their outcomes, drawn once as a
drawing model (``draw_map``) and written as PNG (Pillow) or SVG."""

from .draw import draw_map, render_position, render_svg
from .geometry import Geometry, GeometryError
from .geometry_files import load_geometry
from .kinds import MapKind
from .model import Drawing
from .options import NAMES, PALETTES, MapOptions
from .raster import to_image, to_png
from .svg import to_svg

__all__ = ["NAMES", "PALETTES", "Drawing", "Geometry", "GeometryError", "MapKind", "MapOptions", "draw_map",
           "load_geometry", "render_position", "render_svg", "to_image", "to_png",
           "to_svg"]
