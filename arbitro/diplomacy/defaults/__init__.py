"""What the referee orders where a player did not (Italian rules: seed 000, R-RET/R-ADJU/R-ONP):
retreats and winter unit by unit, movement for a power that sent nothing.

``default_orders`` is the one entry point the phase engine calls; the functions it uses
are exported for tests, reports and the GM's tools. All pure: values in, values out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..board import Board
from ..legality import Void, check_unit_order
from ..orders import Build, Disband, Order, Waive
from ..outcome import Source
from ..position import ADJUSTMENT, MOVEMENT, NEUTRAL, RETREAT, Position
from .adjustments import (
    adjustment_count,
    automatic_builds,
    automatic_disbands,
    free_home_centres,
    start_unit_for,
)
from .ballots import Discarded, Tally, majority_orders, tally_ballots
from .onp import mutual_supports, neutral_orders
from .retreats import disband_dislodged, tacit_retreat, tacit_retreats

__all__ = [
    "REASONS",
    "Discarded",
    "Tally",
    "Void",
    "adjustment_count",
    "automatic_builds",
    "automatic_disbands",
    "check_unit_order",
    "default_orders",
    "disband_dislodged",
    "free_home_centres",
    "majority_orders",
    "mutual_supports",
    "neutral_orders",
    "start_unit_for",
    "tacit_retreat",
    "tacit_retreats",
    "tally_ballots",
]

MISSING, FIRST, ABANDONED, CIVIL_DISORDER = "missing", "first", "abandoned", "civil_disorder"
REASONS = (MISSING, FIRST, ABANDONED, CIVIL_DISORDER)
ITALIAN, STANDARD = "italian", "standard"

_NO_BALLOTS: Mapping[str, Sequence[Order]] = MappingProxyType({})


def default_orders(
    board: Board,
    position: Position,
    power: str,
    reason: str,
    rules_defaults: str = ITALIAN,
    ballots: Mapping[str, Sequence[Order]] = _NO_BALLOTS,
    infer_single_coast: bool = True,
    given: Sequence[Order] = (),
    builds_made: bool | None = None,
) -> list[tuple[Order, Source]]:
    """The orders the referee gives ``power`` in ``position.phase``, with their source.

    ``reason``: "missing" (no orders, not in ``nmr``), "first" (R-ONP-1), "abandoned"
    (R-ONP-3), "civil_disorder" (R-ONP-5). ``rules_defaults``: "italian" or "standard"
    (``Rules.defaults``). ``ballots``: voter power -> orders voted for ``power``.
    ``given``: the power's own orders of a retreat or winter phase that stand (valid, not
    superseded); the referee adds only what they leave out, unit by unit (R-RET-3,
    R-ADJU-2, R-ADJU-3): a retreat for every dislodged unit they do not order, the builds
    and disbands still owed. (Movement defaults are for a power that sent nothing.)
    ``builds_made``: whether builds still owed are made (None: as ``rules_defaults``
    says; ``Rules.builds_automatic``: a house's rules may leave builds to the player).
    An empty list means "nothing to add": units hold, unordered dislodged units are
    disbanded, builds are waived, and (standard) missing disbands follow the DATC rule,
    all of which the phase engine does itself.
    ``power`` may be NEUTRAL: its units hold and, dislodged, are destroyed (R-IMP-3).
    """
    if reason not in REASONS:
        raise ValueError(f"unknown default reason {reason!r}; expected one of {REASONS}")
    if rules_defaults not in (ITALIAN, STANDARD):
        raise ValueError(f"unknown defaults option {rules_defaults!r}")
    kind = position.phase.kind
    italian = rules_defaults == ITALIAN
    orders: Sequence[Order]

    if power == NEUTRAL:
        if kind == MOVEMENT:
            orders = neutral_orders(position)
        elif kind == RETREAT:
            orders = disband_dislodged(position, NEUTRAL, given)
        else:
            orders = []
        return [(o, Source.DEFAULT) for o in orders]

    if kind == MOVEMENT:
        if reason == FIRST:
            return [(o, Source.DEFAULT) for o in mutual_supports(board, position, power)]
        if reason in (ABANDONED, CIVIL_DISORDER):
            return majority_orders(board, position, power, ballots, infer_single_coast)
        return []

    if kind == RETREAT:
        if reason == CIVIL_DISORDER:
            orders = disband_dislodged(position, power, given)
        elif italian:
            orders = tacit_retreats(board, position, power, given)
        else:
            orders = []
        return [(o, Source.DEFAULT) for o in orders]

    if kind == ADJUSTMENT:
        builds = italian if builds_made is None else builds_made
        count = adjustment_count(board, position, power)
        if count > 0 and reason != CIVIL_DISORDER and builds:
            # A WAIVE ("RINUNCIO") uses up one build: only words keep a build unused.
            done = sum(1 for o in given if isinstance(o, (Build, Waive)))
            built = [o.location for o in given if isinstance(o, Build)]
            orders = automatic_builds(board, position, power, count - done, built)
        elif count < 0 and italian:
            removed = [o.location for o in given if isinstance(o, Disband)]
            orders = automatic_disbands(board, position, power, -count - len(removed), removed)
        else:
            orders = []
        return [(o, Source.DEFAULT) for o in orders]

    raise ValueError(f"unknown phase kind {kind!r}")
