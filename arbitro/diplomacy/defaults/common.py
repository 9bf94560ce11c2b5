"""Small geometry shared by the referee defaults (R-RET-3, R-ADJU-3, R-ONP-1)."""

from __future__ import annotations

from collections.abc import Mapping

from ..board import Board, province_of

# Farther than any real province: used for provinces the graph does not reach
# (an island variant, an impassable pocket) so that they sort last, never crash.
UNREACHABLE = 10**9


def distance(distances: Mapping[str, int], location: str) -> int:
    """Graph distance of a location's province, or UNREACHABLE."""
    return distances.get(province_of(location), UNREACHABLE)


def home_territory_distances(board: Board, power: str) -> Mapping[str, int]:
    """Distance from the power's original home territory (R-RET-3: 0 inside it)."""
    return board.distances_from(board.powers[power].home_territory)


def home_centre_distances(board: Board, power: str) -> Mapping[str, int]:
    """Distance from the power's original home SCs (R-ADJU-3, R-ONP-1 (c))."""
    return board.distances_from(board.powers[power].home_centres)


def is_centre(board: Board, location: str) -> bool:
    return board.province(location).supply_centre
