"""The economy: who controls what when a territory is taken (liberation, the Middle East, captured
capitals), convoy control, production and income, the Middle-East payment, raids' damage, the
Patriotic War, repairs (R-AAE-ECON-1 ... -7, R-AAE-UNIT-10, R-AAE-SBR-5; FAQ I1-I4, A2, S7, X1,
X2, V2). Every change of cash is a ledger ``Entry``: the ledger balances by construction
(tests/axis_allies/test_properties.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from .board import ALLIES, AXIS, MIDDLE_EAST, Board
from .state import CapitalTaken, State, frozen_map
from .units import Group

# ledger causes (their words: aae.ledger.<cause> in the catalogs)
PURCHASE, RAID, INCOME, MIDDLE_EAST_PAID, MIDDLE_EAST_GOT = (
    "purchase", "raid", "income", "middle_east_paid", "middle_east_got")
CAPITAL_LOST, CAPITAL_TAKEN = "capital_lost", "capital_taken"

ME_DEFAULT_PAYERS = ("UK", "USA", "USSR")   # R-AAE-ECON-4: the UK held the region


@dataclass(frozen=True)
class Entry:
    """One change of a power's cash."""

    power: str
    ipc: int              # + gained, - paid or lost
    cause: str
    rule: str
    space: str | None = None
    other: str | None = None   # who took or paid it


def pay(state: State, entry: Entry) -> State:
    return state.with_cash(entry.power, state.cash.get(entry.power, 0) + entry.ipc)


def book(state: State, entries: Iterable[Entry]) -> State:
    for e in entries:
        state = pay(state, e)
    return state


# -- control -----------------------------------------------------------------------------------


def new_holder(board: Board, state: State, territory: str, by: str) -> str:
    """Who holds a territory ``by`` takes (R-AAE-ECON-4, -6; X1, V2)."""
    original = board.spaces[territory].owner
    if original is None or board.enemies(original, by):
        return by
    if original == MIDDLE_EAST:
        return MIDDLE_EAST
    if original == by or board.capitals().get(territory) == original:
        return original
    capital = board.capital_of(original)
    holder = state.controller(capital)
    if holder is not None and board.enemies(holder, original):
        return by   # the owner's capital is in enemy hands: the liberator holds it (V2)
    return original


def conquer(board: Board, state: State, territory: str, by: str) -> tuple[State, tuple[Entry, ...]]:
    """``by`` takes ``territory``: its control, its AA guns (captured with it, R-AAE-UNIT-11), a
    capital's cash (R-AAE-ECON-5)."""
    holder = new_holder(board, state, territory, by)
    state = state.with_control(territory, holder)
    if territory not in state.conquered:
        state = replace(state, conquered=(*state.conquered, territory))
    gunner = holder if holder in board.turn_order else by
    guns = [replace(g, owner=gunner) if g.type == "aa_gun" and board.enemies(g.owner, by) else g
            for g in state.at(territory)]
    state = state.with_units(territory, guns)
    entries: list[Entry] = []
    capitals = board.capitals()
    if territory in capitals:
        owner = capitals[territory]
        taken = dict(state.capitals_taken)
        if board.enemies(owner, by):
            cash = state.cash.get(owner, 0)
            if cash:
                entries = [Entry(owner, -cash, CAPITAL_LOST, "R-AAE-ECON-5", territory, by),
                           Entry(by, cash, CAPITAL_TAKEN, "R-AAE-ECON-5", territory, owner)]
            taken[territory] = CapitalTaken(by, state.step_id)
        else:
            taken.pop(territory, None)
        state = replace(state, capitals_taken=frozen_map(taken))
    return book(state, entries), tuple(entries)


def convoy_control(board: Board, state: State) -> State:
    """R-AAE-ECON-3, S7: a convoy zone where only one side has ships, submerged or not, is that
    side's (the Allies' returns to its owner); both or neither: unchanged."""
    for zone in board.convoys():
        convoy = board.spaces[zone].convoy
        assert convoy is not None
        sides = {board.side(g.owner) for g in state.at(zone) if board.unit_types[g.type].sea}
        if sides == {AXIS}:
            axis = next(p.code for p in board.powers if p.side == AXIS)
            state = state.with_control(zone, axis)
        elif sides == {ALLIES}:
            state = state.with_control(zone, convoy.owner)
    return state


def production(board: Board, state: State, power: str) -> int:
    """R-AAE-ECON-1: its territories' value (the Middle East excepted, I2) and the convoy zones
    it owns and controls (the Soviet one only with Archangel, I3)."""
    total = sum(board.spaces[t].ipc for t in board.passable()
                if state.controller(t) == power and not board.spaces[t].middle_east)
    for zone in board.convoys():
        convoy = board.spaces[zone].convoy
        assert convoy is not None
        if convoy.owner != power or state.controller(zone) != power:
            continue
        if convoy.requires is not None and state.controller(convoy.requires) != power:
            continue
        total += convoy.ipc
    return total


def holds_capital(board: Board, state: State, power: str) -> bool:
    return state.controller(board.capital_of(power)) == power


def income(board: Board, state: State, power: str) -> tuple[State, tuple[Entry, ...]]:
    """R-AAE-ECON-2, -5: production to cash at the end of its turn, if it holds its capital."""
    if not holds_capital(board, state, power):
        return state, ()
    amount = production(board, state, power)
    if amount == 0:
        return state, ()
    entry = Entry(power, amount, INCOME, "R-AAE-ECON-2")
    return pay(state, entry), (entry,)


def middle_east_payment(board: Board, state: State) -> tuple[State, tuple[Entry, ...]]:
    """R-AAE-ECON-4, I2: after Germany's turn the Allies pay Germany the value of each Middle-East
    territory it holds, in their order of payment, from their cash; what they cannot pay is
    lost."""
    axis = next(p.code for p in board.powers if p.side == AXIS)
    owed = sum(board.spaces[t].ipc for t in board.territories()
               if board.spaces[t].middle_east and state.controller(t) == axis)
    if owed == 0:
        return state, ()
    payers = state.middle_east_payers or ME_DEFAULT_PAYERS
    entries: list[Entry] = []
    paid = 0
    for payer in payers:
        part = min(owed - paid, state.cash.get(payer, 0))
        if part > 0:
            entries.append(Entry(payer, -part, MIDDLE_EAST_PAID, "R-AAE-ECON-4", other=axis))
            paid += part
        if paid == owed:
            break
    if paid:
        entries.append(Entry(axis, paid, MIDDLE_EAST_GOT, "R-AAE-ECON-4"))
    return book(state, entries), tuple(entries)


def raid_damage(state: State, territory: str, damage: int) -> tuple[State, tuple[Entry, ...]]:
    """R-AAE-SBR-5: the territory's holder loses the damage from its cash, to no one."""
    holder = state.controller(territory)
    if holder is None or damage <= 0:
        return state, ()
    lost = min(damage, state.cash.get(holder, 0))
    if lost == 0:
        return state, ()
    entry = Entry(holder, -lost, RAID, "R-AAE-SBR-5", territory)
    return pay(state, entry), (entry,)


# -- the end of a turn ---------------------------------------------------------------------------


def _cleared(g: Group) -> Group:
    return Group(g.owner, g.type, g.count,
                 cargo=tuple(_cleared(c) for c in g.cargo))


def end_of_turn_marks(board: Board, state: State) -> tuple[State, tuple[tuple[str, Group], ...]]:
    """Every turn mark cleared and every battleship repaired (R-AAE-UNIT-10); aircraft still in
    the air are lost (R-AAE-MOVE-12), returned apart for the report."""
    units: dict[str, list[Group]] = {}
    lost: list[tuple[str, Group]] = []
    for space, g in state.all_groups():
        if g.airborne and board.unit_types[g.type].air:
            lost.append((space, g))
            continue
        units.setdefault(space, []).append(_cleared(g))
    state = replace(state, units=frozen_map({}), purchase=(), conquered=())
    for space, groups in units.items():
        state = state.add_units(space, groups)
    return state, tuple(lost)
