"""What a game master may choose about the maps of a game ([[game]] ``map_*`` keys)."""

from __future__ import annotations

from dataclasses import dataclass

NAMES = ("codes", "full")  # full: a province's whole name where it fits, its code elsewhere
PALETTES = ("standard", "colourblind")  # colourblind: Okabe-Ito colours and a pattern per power


@dataclass(frozen=True)
class MapOptions:
    names: str = "codes"
    palette: str = "standard"
    legend: bool = True
