"""Winter defaults: automatic builds (R-ADJU-2) and automatic disbands (R-ADJU-3)."""

from __future__ import annotations

from collections.abc import Iterable

from ..board import ARMY, FLEET, Board, province_of
from ..orders import Build, Disband
from ..position import Position
from .common import distance, home_centre_distances, is_centre


def free_home_centres(board: Board, position: Position, power: str) -> list[str]:
    """Build SCs (home SCs, R-IMP-4) the power owns and no unit occupies, in code order."""
    return sorted(
        c
        for c in board.build_centres_of(power)
        if position.centres.get(c) == power and position.unit_in(c) is None
    )


def adjustment_count(board: Board, position: Position, power: str) -> int:
    """Builds (+) or disbands (-) due: owned SCs minus units.

    Builds are capped by the free owned home SCs, since nothing can be built elsewhere.
    """
    owned = sum(1 for owner in position.centres.values() if owner == power)
    delta = owned - len(position.units_of(power))
    if delta > 0:
        return min(delta, len(free_home_centres(board, position, power)))
    return delta


def start_unit_for(board: Board, power: str, centre: str) -> tuple[str, str]:
    """(kind, location) to build on a home SC: the unit that stood there at the start.

    A home SC with no start unit (possible in variants) gets an army if an army can
    stand there, else a fleet on its first coast (see docs/RULE_CHOICES.md).
    """
    for kind, loc in board.powers[power].start_units:
        if province_of(loc) == centre:
            return kind, loc
    if board.unit_can_stand(ARMY, centre):
        return ARMY, centre
    coasts = [loc for loc in board.provinces[centre].locations if board.unit_can_stand(FLEET, loc)]
    return FLEET, coasts[0] if coasts else centre


def automatic_builds(
    board: Board, position: Position, power: str, count: int, built: Iterable[str] = ()
) -> list[Build]:
    """R-ADJU-2: up to ``count`` builds on free owned home SCs in code order, skipping the
    provinces in ``built`` (where the power's own builds of this winter go)."""
    if count <= 0:
        return []
    skip = {province_of(b) for b in built}
    builds = []
    for centre in [c for c in free_home_centres(board, position, power) if c not in skip][:count]:
        kind, loc = start_unit_for(board, power, centre)
        builds.append(Build(power, kind, loc))
    return builds


def automatic_disbands(
    board: Board, position: Position, power: str, count: int, removed: Iterable[str] = ()
) -> list[Disband]:
    """R-ADJU-3: disband ``count`` units, the first by this order going first, among the
    units not in ``removed`` (those the power's own disbands of this winter remove).

    (1) farthest from the power's original home SCs; (2) not on a supply centre;
    (3) a fleet before an army; (4) first province code alphabetically. Each unit's
    rank does not depend on the others, so taking the first ``count`` of the ranking
    is the same as choosing one at a time.
    """
    if count <= 0:
        return []
    skip = {province_of(r) for r in removed}
    dist = home_centre_distances(board, power)
    ranked = sorted(
        (u for u in position.units_of(power) if u.province not in skip),
        key=lambda u: (
            -distance(dist, u.location),
            is_centre(board, u.location),
            u.kind != FLEET,
            u.province,
        ),
    )
    return [Disband(power, u.kind, u.location) for u in ranked[:count]]
