"""What a game master may choose about the maps of a game ([[game]] ``map_*`` keys)."""

from __future__ import annotations

from dataclasses import dataclass

# full: a province's whole name where it fits, its code elsewhere; colourblind: Okabe-Ito
# colours and a pattern per power. The choices are the config's, said once there.
from ..config.model import MAP_NAMES as NAMES
from ..config.model import MAP_PALETTES as PALETTES

__all__ = ["NAMES", "PALETTES", "MapOptions"]


@dataclass(frozen=True)
class MapOptions:
    names: str = "codes"
    palette: str = "standard"
    legend: bool = True
