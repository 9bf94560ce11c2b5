"""What one power still owes in one phase, and whether it is ready (issue 16).

The one answer to "are this power's orders complete?", asked by the order confirmation,
the status mail, early processing and anything else that shows a player what is missing.
It asks the one legality (``legality.validate``) and, in winter, the phase engine's own
judge of builds and disbands (``phases.adjustment_void``), so it never disagrees with what
the adjudication will do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .board import Board, province_of
from .legality import Void, validate
from .orders import Allow, Build, Confirm, Disband, Gift, Move, Order, Retreat, Strike, Treaty, Waive
from .phases import adjustment_counts, adjustment_void, usable_retreats
from .position import ADJUSTMENT, MOVEMENT, RETREAT, Dislodged, Position, Unit

# Winter voids that mean "more than the allowance" (or none allowed at all).
OVER_ALLOWANCE = frozenset({"too_many_builds", "too_many_disbands", "no_builds", "no_disbands"})


@dataclass(frozen=True)
class VoidOrder:
    """A winter order on file that will not stand, and why (catalog ``reason.<code>``)."""

    order: Order
    reason: str
    detail: tuple[str, ...] = ()

    @property
    def over_allowance(self) -> bool:
        return self.reason in OVER_ALLOWANCE


@dataclass(frozen=True)
class Readiness:
    """One power's orders for one phase, measured against what the phase asks of it."""

    power: str
    kind: str  # the phase kind: M, R or A
    # Movement: the power's units without a valid order (they will hold).
    unordered: tuple[Unit, ...] = ()
    # Retreats: dislodged units that could retreat and have no valid retreat or disband
    # (the referee's tacit retreat will decide, R-RET-3), with their options.
    unretreated: tuple[Dislodged, ...] = ()
    # Winter: builds (+) or disbands (-) the power must make, and how many are still not
    # given (a waived build, RINUNCIO/WAIVE, counts as given).
    owed: int = 0
    left: int = 0
    # Winter orders on file that will be void (over the allowance, a wrong site...).
    void: tuple[VoidOrder, ...] = ()

    @property
    def ready(self) -> bool:
        """Every unit, dislodged unit, build or disband the phase asks for has a valid order."""
        return not self.unordered and not self.unretreated and self.left == 0

    # Whether the phase asks anything of this power at all (units to order, dislodged
    # units to retreat, builds or disbands to make).
    asked: bool = False

    @property
    def over_allowance(self) -> tuple[VoidOrder, ...]:
        return tuple(v for v in self.void if v.over_allowance)


def readiness(
    board: Board,
    position: Position,
    power: str,
    orders: Iterable[Order],
    *,
    infer_single_coast: bool = True,
) -> Readiness:
    """What ``power`` still owes in the phase of ``position``, given its ``orders`` on
    file (in the order they were given: in winter, the first builds count, R-ADJU).

    Movement: every unit needs a valid order. Retreats: every dislodged unit that has
    somewhere to go needs a valid retreat or disband. Winter: every build or disband owed
    must be given (``RINUNCIO``/``WAIVE`` gives a build away); orders over the allowance
    are listed as void. A power the phase asks nothing of is ready.
    """
    kind = position.phase.kind
    mine = [o for o in orders if o.power == power]
    if kind == MOVEMENT:
        return _movement(board, position, power, mine, infer_single_coast)
    if kind == RETREAT:
        return _retreats(board, position, power, mine, infer_single_coast)
    if kind == ADJUSTMENT:
        return _adjustments(board, position, power, mine)
    return Readiness(power, kind)


def _movement(board: Board, position: Position, power: str, orders: list[Order],
              infer: bool) -> Readiness:
    units = position.units_of(power)
    ordered = set()
    for order in orders:
        legal = validate(board, order, position, MOVEMENT, power=power, infer_single_coast=infer)
        # power-level orders (the forum's strike, gifts, treaties) order no unit
        if not isinstance(legal, (Void, Waive, Strike, Gift, Allow, Treaty, Confirm)):
            ordered.add(province_of(legal.location))
    missing = tuple(u for u in units if u.province not in ordered)
    return Readiness(power, MOVEMENT, unordered=missing, asked=bool(units))


def _retreats(board: Board, position: Position, power: str, orders: list[Order],
              infer: bool) -> Readiness:
    position = usable_retreats(board, position)
    due = [d for d in position.dislodged if d.unit.power == power and d.retreats]
    done = set()
    for order in orders:
        if isinstance(order, Move):  # as the phase reads it: a move is a retreat here
            order = Retreat(order.power, order.kind, order.location, order.destination)
        if not isinstance(order, (Retreat, Disband)):
            continue
        legal = validate(board, order, position, RETREAT, power=power, infer_single_coast=infer)
        if not isinstance(legal, Void):
            done.add(province_of(order.location))
    missing = tuple(d for d in due if d.unit.province not in done)
    return Readiness(power, RETREAT, unretreated=missing, asked=bool(due))


def _adjustments(board: Board, position: Position, power: str, orders: list[Order]) -> Readiness:
    counts = adjustment_counts(board, position)
    owed = counts.get(power, 0)
    left = dict(counts)
    left.setdefault(power, 0)
    built: set[str] = set()
    removed: set[str] = set()
    void: list[VoidOrder] = []
    for order in orders:
        if not isinstance(order, (Build, Disband, Waive)):
            void.append(VoidOrder(order, "wrong_phase"))
            continue
        why = adjustment_void(board, position, order, counts, left, built, removed)
        if why is not None:
            void.append(VoidOrder(order, why[0], tuple(why[1:])))
            continue
        if isinstance(order, Disband):
            left[power] += 1
            removed.add(province_of(order.location))
        else:
            left[power] -= 1
            if isinstance(order, Build):
                built.add(province_of(order.location))
    return Readiness(power, ADJUSTMENT, owed=owed, left=left[power], void=tuple(void),
                     asked=owed != 0)


__all__ = ["OVER_ALLOWANCE", "Readiness", "VoidOrder", "readiness"]
