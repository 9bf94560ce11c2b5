"""What house rules do around a phase (arbitro/diplomacy/rulesets.py): the power-level orders
(the unique weapon, gifts, passage, treaties) and the capture of provinces by holding.

``play`` (phases.py) asks these when the ruleset has the rule; under the standard rules
none of it runs and a power-level order is void (``not_in_rules``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .board import Board
from .legality import Void, validate
from .orders import POWER_ORDERS, Allow, Confirm, Gift, Order, PowerOrder, Strike, Treaty
from .outcome import OrderResult, Result, TreatyRecord
from .position import NEUTRAL, Position, Unit
from .rulesets import HouseRules

_POWER_ORDER_TYPES = frozenset(POWER_ORDERS)


def split_power_orders(
    orders: Mapping[str, Sequence[Order]],
) -> tuple[Mapping[str, Sequence[Order]], list[PowerOrder]]:
    """Each power's unit orders, and the power-level orders of all powers, in order
    (``orders`` itself when there are none, as in most phases)."""
    kinds = _POWER_ORDER_TYPES
    if not any(type(o) in kinds for given in orders.values() for o in given):
        return orders, []
    units: dict[str, list[Order]] = {}
    power: list[PowerOrder] = []
    for name, given in orders.items():
        kept = units.setdefault(name, [])
        for o in given:
            if isinstance(o, POWER_ORDERS):
                power.append(o)
            else:
                kept.append(o)
    return units, power


def _in_rules(house: HouseRules, order: PowerOrder) -> bool:
    if isinstance(order, Strike):
        return house.unique_weapon
    if isinstance(order, (Gift, Allow)):
        return house.gifts_and_passage
    return house.treaties


@dataclass
class PowerOrders:
    """The power-level orders of a phase, judged: results (in order given) and, by index
    into them, the ones that stand."""

    results: list[OrderResult] = field(default_factory=list)
    strikes: dict[str, int] = field(default_factory=dict)  # power -> its strike's result
    gifts: dict[str, int] = field(default_factory=dict)  # province -> the gift's result
    allowed: dict[str, set[str]] = field(default_factory=dict)  # power -> allies let through
    treaties: list[TreatyRecord] = field(default_factory=list)

    def order(self, i: int) -> Order:
        return self.results[i].order

    def settle(self, i: int, result: Result, reason: str | None = None, *detail: str) -> None:
        r = self.results[i]
        self.results[i] = OrderResult(r.order, result, reason, tuple(detail), r.source)


def judge_power_orders(
    board: Board, position: Position, house: HouseRules, given: Sequence[PowerOrder]
) -> PowerOrders:
    """Judge each power-level order (a later strike of a power, or gift of a province,
    replaces the earlier one, R-ORD-3); confirmations are matched to this phase's treaties."""
    out = PowerOrders()
    confirms: list[tuple[int, Confirm]] = []
    for order in given:
        i = len(out.results)
        if not _in_rules(house, order):
            out.results.append(OrderResult(order, Result.VOID, "not_in_rules"))
            continue
        legal = validate(board, order, position, position.phase.kind)
        if isinstance(legal, Void):
            out.results.append(OrderResult(order, Result.VOID, legal.reason, legal.detail))
            continue
        out.results.append(OrderResult(order, Result.SUCCEEDS))
        if isinstance(order, Strike):
            _replace(out, out.strikes, order.power, i)
        elif isinstance(order, Gift):
            _replace(out, out.gifts, order.province, i)
        elif isinstance(order, Allow):
            out.allowed.setdefault(order.power, set()).update(order.allies)
        elif isinstance(order, Confirm):
            confirms.append((i, order))
    treaties = [(i, o) for i, o in enumerate(out.results) if o.result is Result.SUCCEEDS
                and isinstance(o.order, Treaty)]
    confirmed: dict[int, list[str]] = {i: [] for i, _ in treaties}
    for i, c in confirms:
        hits = [j for j, t in treaties if t.order.power == c.proposer
                and isinstance(t.order, Treaty) and c.power in t.order.parties]
        if not hits:
            out.settle(i, Result.VOID, "no_treaty", c.proposer)
        for j in hits:
            if c.power not in confirmed[j]:
                confirmed[j].append(c.power)
    for j, t in treaties:
        assert isinstance(t.order, Treaty)
        out.treaties.append(TreatyRecord(
            t.order.power, t.order.parties, t.order.text,
            tuple(p for p in t.order.parties if p in confirmed[j]),
        ))
    return out


def _replace(out: PowerOrders, index: dict[str, int], key: str, i: int) -> None:
    earlier = index.get(key)
    if earlier is not None:
        out.settle(earlier, Result.VOID, "superseded")
    index[key] = i


@dataclass
class Aftermath:
    """The board right after a movement phase under house rules, being worked on."""

    units: list[Unit]
    dislodged: list[Unit]
    centres: dict[str, str]
    territories: dict[str, str]
    weapons_used: set[str]

    def owner(self, province: str) -> str | None:
        return self.centres.get(province) or self.territories.get(province)

    def take(self, board: Board, province: str, power: str) -> None:
        prov = board.provinces[province]
        if prov.is_sea:
            return  # seas are never owned ("Моря захватить нельзя")
        if prov.supply_centre:
            self.centres[province] = power
        else:
            self.territories[province] = power


def after_movement(
    board: Board,
    house: HouseRules,
    judged: PowerOrders,
    held: Iterable[str],
    after: Aftermath,
) -> None:
    """The unique weapon, then captures by holding, then the weapon's taking, then gifts."""
    struck: dict[str, list[str]] = {}
    for power, i in sorted(judged.strikes.items()):
        s = judged.order(i)
        assert isinstance(s, Strike)
        if _strike_void(judged, i, s, after):
            continue
        destroyed = [u for u in after.units if u.province == s.target]
        destroyed += [u for u in after.dislodged if u.province == s.target]
        after.units = [u for u in after.units if u.province != s.target]
        after.dislodged = [u for u in after.dislodged if u.province != s.target]
        after.weapons_used.add(power)
        struck.setdefault(s.target, []).append(power)
        if destroyed:
            units = ", ".join(str(u) for u in destroyed)
            judged.settle(i, Result.SUCCEEDS, "struck", s.target, units)
        else:
            judged.settle(i, Result.SUCCEEDS, "struck_empty", s.target)
    if house.capture_by_holding:
        standing = {u.province: u for u in after.units}
        for p in held:
            unit = standing.get(p)
            if unit is None or unit.power == NEUTRAL:
                continue
            owner = after.owner(p)
            if owner == unit.power or unit.power in judged.allowed.get(owner or "", ()):
                continue
            after.take(board, p, unit.power)
    for target, powers in struck.items():
        if len(powers) == 1:  # two weapons on one province: neither takes it
            after.take(board, target, powers[0])
    for province, i in sorted(judged.gifts.items()):
        g = judged.order(i)
        assert isinstance(g, Gift)
        if after.owner(province) != g.power:
            judged.settle(i, Result.FAILS, "gift_lost", province)
        else:
            after.take(board, province, g.to)


def _strike_void(judged: PowerOrders, i: int, s: Strike, after: Aftermath) -> bool:
    """R-RU-2: void (and the weapon kept) when the launching province was lost or the
    target is held by the striker's own units at the end of the turn."""
    for u in after.units:
        if u.province == s.origin and u.power != s.power:
            judged.settle(i, Result.VOID, "strike_origin_lost", s.origin)
            return True
        if u.province == s.target and u.power == s.power:
            judged.settle(i, Result.VOID, "strike_target_own", s.target)
            return True
    return False


def foreign_centres(centres: Mapping[str, str], power: str) -> frozenset[str]:
    """R-RU-1: the centres another great power owns, closed to this power's retreats."""
    return frozenset(c for c, owner in centres.items() if owner not in (power, NEUTRAL))

