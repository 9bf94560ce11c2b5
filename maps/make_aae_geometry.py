"""Draw the board of Axis & Allies Europe as arbitro's own geometry file.

    pip install pyshp shapely        # for this script only: the renderer reads the JSON
    python3 maps/make_aae_geometry.py NATURALEARTH_LOWRES.shp  > maps/aae_europe_geometry.json

The coastlines and the countries' outlines are Natural Earth's 1:110m countries (public
domain; the shapefile geopandas 0.14 ships as ``datasets/naturalearth_lowres``). Every
territory of the board is made of the countries listed for it below; where several
territories share countries (France and Vichy France, the Soviet lands, Italy and its
islands) the countries are split between them by arbitro's own Voronoi partition of the
seed points below (one a space, hand-placed in longitude and latitude). Sea zones are the
water split the same way, each connected water on its own (the Black Sea is not the
Aegean's). Territories too small for 1:110m (Gibraltar, Malta) are small discs; the convoy
zones, abstract on the board too, are boxes in the water they touch. The projection is a
Lambert conformal conic (standard parallels 40N and 62N, centred at 25E), with the Atlantic
west of 12W narrowed, as the board narrows it, so North America sits at the map's edge.
"""

from __future__ import annotations

import json
import math
import sys

import shapefile  # pyshp
from shapely.geometry import MultiPolygon, Point, Polygon, box
from shapely.ops import unary_union, voronoi_diagram

# space -> (lon, lat) of its seed
SEEDS = {
    # land
    "ALG": (3, 33), "AMER": (-80, 40), "ARC": (43, 64), "AUT": (14.5, 47.5), "BES": (28.6, 47.2),
    "BLR": (28, 54), "BST": (24, 56.6), "BUL": (25.3, 42.7), "CAN": (-72, 50), "CAU": (44, 42.5),
    "COR": (9.1, 42.2), "CRE": (24.9, 35.2), "CYP": (33.2, 35.1), "CZE": (17, 49.2),
    "DEN": (9.3, 56.2), "EFRA": (5.2, 48.3), "EGY": (30, 27), "EIRE": (-8, 53.2), "EPOL": (25, 51),
    "FIN": (26, 63), "FRA": (0, 47.5), "GBR": (-1.8, 53), "GER": (10.5, 51.2), "GIB": (-5.35, 36.1),
    "GRE": (21.8, 39.6), "HUN": (19.5, 47.2), "ICE": (-18.8, 64.9), "IRN": (53, 32.5),
    "IRQ": (43.5, 33), "KAR": (33.5, 64.5), "LEN": (31, 58.8), "LIB": (17, 29), "MAL": (14.4, 35.9),
    "MOR": (-7, 31), "MOS": (37.6, 55.3), "NIT": (10.5, 45.2), "NLB": (5, 51.5), "NOR": (9.5, 61),
    "PAL": (34.9, 31.3), "POL": (19, 52), "RUM": (24.8, 45.8), "RUS": (44, 57.5), "SAR": (9, 40),
    "SAU": (45, 24.5), "SIB": (62, 60), "SIC": (14.2, 37.5), "SIT": (16.2, 40.5),
    "SMOR": (-4.8, 35), "SPA": (-4, 40), "STA": (44.5, 49), "SWE": (15, 62), "SWI": (8.2, 46.8),
    "SYR": (38.5, 35.2), "TKS": (60, 46), "TRJ": (37, 31), "TUN": (9.5, 34), "TUR": (34, 39),
    "UKR": (33, 48.3), "VIC": (3, 44.5), "VYB": (29.5, 61), "YUG": (19, 44),
    # water
    "ADR": (15.5, 43), "AEG": (25, 38.6), "ATL": (-24, 56), "AZO": (-26, 38), "BAL": (19, 56.8),
    "BAR": (38, 72.5), "BIS": (-5, 45.5), "BLK": (34, 43.4), "CATL": (-46, 33), "CEL": (-11, 49),
    "CMED": (19.5, 34.5), "DAN": (10.8, 57.6), "DAV": (-58, 62), "DKS": (-30, 66.5),
    "EMED": (30, 33.8), "ENG": (-2, 50), "HAL": (-55, 45), "MATL": (-40, 42), "NATL": (-14, 62),
    "NTH": (3, 56), "NWG": (5, 67), "SATL": (-20, 28), "SGIB": (-7.5, 36), "SICS": (13, 36.3),
    "TYR": (11.5, 40), "USEC": (-64, 40), "WHI": (38.5, 65.6), "WMED": (4, 39),
}
# the countries each land territory is made of (split between the territories sharing them)
COUNTRIES = {
    "GBR": ["United Kingdom"], "EIRE": ["Ireland"], "ICE": ["Iceland"], "NOR": ["Norway"],
    "SWE": ["Sweden"], "FIN": ["Finland"], "DEN": ["Denmark"], "GER": ["Germany"],
    "NLB": ["Netherlands", "Belgium", "Luxembourg"], "FRA": ["France"], "EFRA": ["France"],
    "VIC": ["France"], "SWI": ["Switzerland"], "AUT": ["Austria"],
    "CZE": ["Czechia", "Slovakia"], "HUN": ["Hungary"], "RUM": ["Romania"],
    "YUG": ["Slovenia", "Croatia", "Bosnia and Herz.", "Serbia", "Montenegro", "Kosovo",
            "North Macedonia"],
    "BUL": ["Bulgaria"], "GRE": ["Greece", "Albania"],
    "NIT": ["Italy"], "SIT": ["Italy"],
    "SPA": ["Spain", "Portugal"], "MOR": ["Morocco", "W. Sahara"], "SMOR": ["Morocco", "W. Sahara"],
    "ALG": ["Algeria"], "TUN": ["Tunisia"], "LIB": ["Libya"], "EGY": ["Egypt"],
    "PAL": ["Israel", "Palestine"], "TRJ": ["Jordan"], "SYR": ["Syria", "Lebanon"],
    "IRQ": ["Iraq", "Kuwait"], "IRN": ["Iran"], "SAU": ["Saudi Arabia"], "TUR": ["Turkey"],
    "CYP": ["Cyprus", "N. Cyprus"], "AMER": ["United States of America"], "CAN": ["Canada"],
}
EAST = ["Russia", "Belarus", "Ukraine", "Moldova", "Lithuania", "Latvia", "Estonia", "Poland",
        "Georgia", "Armenia", "Azerbaijan", "Kazakhstan", "Turkmenistan", "Uzbekistan"]
for _code in ("POL", "EPOL", "BST", "BLR", "UKR", "BES", "LEN", "VYB", "KAR", "ARC", "RUS", "MOS",
              "STA", "CAU", "TKS", "SIB"):
    COUNTRIES[_code] = EAST
DISCS = {"GIB": 0.55, "MAL": 0.45, "SIC": 1.1, "SAR": 0.95, "COR": 0.6, "CRE": 0.75}
# (islands and rocks 1:110m leaves out or joins to the mainland: a disc, radius in degrees)
BOXES = {  # convoy zones: a box at (lon, lat)
    "BC1": (-33, 31), "BC2": (-38, 29), "BC3": (-31, 46), "BC4": (-45, 57),
    "USC1": (-62, 35.5), "USC2": (-52, 40), "SOVC": (22, 71.3),
}
NEUTRAL = ["Greenland", "Mauritania", "Mali", "Niger", "Chad", "Sudan", "Kyrgyzstan", "Afghanistan",
           "Tajikistan", "Qatar", "United Arab Emirates", "Oman", "Yemen", "Eritrea", "Mexico",
           "Cuba", "Bahamas", "Pakistan", "China", "Mongolia", "Djibouti", "Ethiopia"]
WEST, EAST_LON, SOUTH, NORTH = -92.0, 66.0, 25.0, 72.5
WIDTH = 1000.0


def _narrowed(lon: float) -> float:
    """West of 12W the Atlantic narrows (as on the board): North America at the edge."""
    return lon if lon >= -12 else -12 + (lon + 12) * 0.42


def project(lon: float, lat: float) -> tuple[float, float]:
    phi1, phi2, phi0, lam0 = map(math.radians, (40.0, 62.0, 48.0, 25.0))
    n = math.log(math.cos(phi1) / math.cos(phi2)) / math.log(
        math.tan(math.pi / 4 + phi2 / 2) / math.tan(math.pi / 4 + phi1 / 2))
    f = math.cos(phi1) * math.tan(math.pi / 4 + phi1 / 2) ** n / n
    rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
    rho0 = f / math.tan(math.pi / 4 + phi0 / 2) ** n
    theta = n * (math.radians(_narrowed(lon)) - lam0)
    return (rho * math.sin(theta), -(rho0 - rho * math.cos(theta)))  # y grows southwards


def _poly(ring: list[tuple[float, float]]) -> Polygon:
    return Polygon([project(x, y) for x, y in ring])


def countries(path: str) -> dict[str, MultiPolygon | Polygon]:
    reader = shapefile.Reader(path)
    out = {}
    for shape, rec in zip(reader.shapes(), reader.records(), strict=True):
        parts = list(shape.parts) + [len(shape.points)]
        rings = [shape.points[a:b] for a, b in zip(parts, parts[1:])]
        polys = []
        for ring in rings:
            pts = [(x, y) for x, y in ring if True]
            if all(x < WEST - 20 or x > EAST_LON + 25 for x, _ in pts):
                continue
            if all(y < SOUTH - 10 or y > NORTH + 10 for _, y in pts):
                continue
            clipped = [(min(max(x, WEST - 20), EAST_LON + 25), min(max(y, SOUTH - 10), NORTH + 10))
                       for x, y in pts]
            p = _poly(clipped).buffer(0)
            if not p.is_empty:
                polys.append(p)
        if polys:
            out[rec["name"]] = unary_union(polys)
    return out


def _frame() -> Polygon:
    """The board's rectangle: from North America's coast to the Urals, the Barents Sea to
    the Sahara's edge."""
    return box(project(WEST, 45)[0], project(25, NORTH)[1], project(EAST_LON, 45)[0],
               project(25, SOUTH)[1])


def _split(area, seeds: dict[str, tuple[float, float]]) -> dict[str, object]:
    """``area`` between the seeds: each seed's Voronoi cell, each connected piece of the
    area going to the seeds inside it (to the nearest seed if none is)."""
    out: dict[str, list[object]] = {code: [] for code in seeds}
    pieces = list(area.geoms) if hasattr(area, "geoms") else [area]
    points = {code: Point(project(*ll)) for code, ll in seeds.items()}
    for piece in pieces:
        inside = [c for c, p in points.items() if piece.buffer(1e-6).contains(p)]
        if not inside:
            nearest = min(points, key=lambda c: piece.distance(points[c]))
            out[nearest].append(piece)
            continue
        if len(inside) == 1:
            out[inside[0]].append(piece)
            continue
        cells = voronoi_diagram(MultiPolygon() if False else unary_union([points[c] for c in inside]),
                                envelope=piece.envelope.buffer(1.0))
        for cell in cells.geoms:
            owner = next(c for c in inside if cell.contains(points[c]))
            part = cell.intersection(piece)
            if not part.is_empty:
                out[owner].append(part)
    return {c: unary_union(parts) for c, parts in out.items() if parts}


def _rings(geom, scale: float, dx: float, dy: float, keep: float = 0.0) -> list[list[list[float]]]:
    polys = list(geom.geoms) if hasattr(geom, "geoms") else [geom]
    out = []
    for p in polys:
        if p.geom_type != "Polygon" or p.area * scale * scale < keep:
            continue
        ring = p.simplify(0.0004).exterior.coords
        out.append([[round((x - dx) * scale, 1), round((y - dy) * scale, 1)] for x, y in ring][:-1])
    return out


def main() -> None:
    data = countries(sys.argv[1])
    frame = _frame()
    land_seeds = {c: ll for c, ll in SEEDS.items() if c in COUNTRIES}
    sea_seeds = {c: ll for c, ll in SEEDS.items() if c not in COUNTRIES and c not in DISCS}
    spaces: dict[str, object] = {}
    groups: dict[tuple[str, ...], list[str]] = {}
    for code, names in COUNTRIES.items():
        groups.setdefault(tuple(names), []).append(code)
    for names, codes in groups.items():
        area = unary_union([data[n] for n in names if n in data]).intersection(frame)
        spaces.update(_split(area, {c: land_seeds[c] for c in codes}))
    for code, r in DISCS.items():
        lon, lat = SEEDS[code]
        spaces[code] = Point(project(lon, lat)).buffer(abs(project(lon + r, lat)[0] - project(lon, lat)[0]))
    land = unary_union([g for g in data.values()]).intersection(frame)
    water = frame.difference(land).difference(unary_union([spaces[c] for c in DISCS]))
    spaces.update(_split(water, sea_seeds))
    neutral = unary_union([data[n] for n in NEUTRAL if n in data]).intersection(frame)
    minx, miny, maxx, maxy = frame.bounds
    scale = WIDTH / (maxx - minx)
    out: dict[str, object] = {
        "about": ("Axis & Allies Europe board drawn by arbitro (maps/make_aae_geometry.py). "
                  "Coastlines and countries: Natural Earth 1:110m (public domain); territories "
                  "and sea zones: arbitro's own partition of hand-placed seed points. Canvas "
                  "coordinates, y down."),
        "variant": "aae_europe",
        "width": WIDTH,
        "height": round((maxy - miny) * scale, 1),
        "spaces": {},
        "boxes": {},
        "neutral_land": _rings(neutral, scale, minx, miny, keep=4.0),
    }
    flip = lambda p: p  # noqa: E731  (y already grows downwards)
    for code, geom in sorted(spaces.items()):
        rings = [[flip(p) for p in ring] for ring in _rings(geom, scale, minx, miny, keep=0.5)]
        if not rings:
            rings = [[flip(p) for p in ring] for ring in _rings(geom, scale, minx, miny)]
        label = geom.representative_point() if code not in DISCS else geom.centroid
        seed = Point(project(*SEEDS[code]))
        at = seed if geom.buffer(1e-6).contains(seed) else label
        out["spaces"][code] = {"shape": rings,
                               "label": flip([round((at.x - minx) * scale, 1), round((at.y - miny) * scale, 1)])}
    for code, (lon, lat) in BOXES.items():
        x, y = project(lon, lat)
        cx, cy = flip([round((x - minx) * scale, 1), round((y - miny) * scale, 1)])
        out["boxes"][code] = [cx, cy]
    out["neutral_land"] = [[flip(p) for p in ring] for ring in out["neutral_land"]]
    json.dump(out, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
