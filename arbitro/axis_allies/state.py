"""The state of a game of Axis & Allies Europe between two steps, as one frozen value.

Units per space with owner and their turn's marks (movement used, cargo, damage, submerged:
``units.Group``), control of every passable territory and convoy zone, cash, the purchase waiting
to be placed, what was conquered this turn, captured capitals and since when, victory pending,
the standing instructions, the step due, the dice key chain's position. Production is derived,
never stored (``economy.production``). ``arbitro.aae_contract.state_json`` is its one writer and
one reader of JSON (the contract's shape, the store's column).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from .board import Board
from .instructions import Instructions
from .orders import COMBAT, NONCOMBAT
from .units import Group, merged

AXIS_WINS, ALLIES_WIN = "axis", "allies"


def frozen_map(data: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(data))


@dataclass(frozen=True)
class KeyChain:
    """The dice key chain's position (R-AAE-PBEM-8): k_0 published, ``used`` keys revealed."""

    chain: int
    head: str       # k_0, 64 hex digits
    length: int     # N
    used: int


@dataclass(frozen=True)
class CapitalTaken:
    by: str
    step: str       # the step id it fell in ("R03-GERMANY")


@dataclass(frozen=True)
class Victory:
    pending_side: str | None = None   # AXIS_WINS | ALLIES_WIN while R-AAE-WIN waits
    pending_since: str | None = None  # step id
    winner: str | None = None


@dataclass(frozen=True)
class State:
    variant: str
    game: str
    round: int
    power: str                                   # the power due
    step: str                                    # COMBAT | NONCOMBAT: the step due
    control: Mapping[str, str]                   # passable territory / convoy zone -> power or holder
    cash: Mapping[str, int]
    units: Mapping[str, tuple[Group, ...]]       # space -> groups (no space without a group)
    purchase: tuple[tuple[str, int], ...] = ()   # bought this turn, to be placed
    conquered: tuple[str, ...] = ()              # territories that changed hands this turn
    capitals_taken: Mapping[str, CapitalTaken] = field(default_factory=lambda: frozen_map({}))
    victory: Victory = Victory()
    instructions: Mapping[str, Instructions] = field(default_factory=lambda: frozen_map({}))
    middle_east_payers: tuple[str, ...] | None = None   # the Allies' common order (R-AAE-ECON-4)
    keys: KeyChain | None = None

    # -- names -------------------------------------------------------------------------

    @property
    def step_id(self) -> str:
        """The step id of the dice (R-AAE-PBEM-9): ``R03-GERMANY``."""
        return f"R{self.round:02d}-{self.power}"

    # -- reading ---------------------------------------------------------------------------

    def at(self, space: str) -> tuple[Group, ...]:
        return self.units.get(space, ())

    def controller(self, space: str) -> str | None:
        return self.control.get(space)

    def held_at_start(self, territory: str) -> bool:
        """Whether the territory's controller held it when the turn began (R-AAE-MOVE-12)."""
        return territory not in self.conquered

    def count(self, space: str, type_name: str, owner: str | None = None) -> int:
        return sum(g.count for g in self.at(space)
                   if g.type == type_name and (owner is None or g.owner == owner))

    def all_groups(self) -> Iterable[tuple[str, Group]]:
        for space, groups in self.units.items():
            for g in groups:
                yield space, g

    # -- writing (a new state each time) -----------------------------------------------------

    def with_units(self, space: str, groups: Iterable[Group]) -> State:
        units = dict(self.units)
        kept = merged(groups)
        if kept:
            units[space] = kept
        else:
            units.pop(space, None)
        return replace(self, units=frozen_map(units))

    def add_units(self, space: str, groups: Iterable[Group]) -> State:
        return self.with_units(space, (*self.at(space), *groups))

    def with_control(self, space: str, holder: str) -> State:
        control = dict(self.control)
        control[space] = holder
        return replace(self, control=frozen_map(control))

    def with_cash(self, power: str, amount: int) -> State:
        cash = dict(self.cash)
        cash[power] = amount
        return replace(self, cash=frozen_map(cash))


def next_step(board: Board, state: State) -> tuple[int, str, str]:
    """The round, power and step due after the state's step (R-AAE-TURN-2)."""
    if state.step == COMBAT:
        return state.round, state.power, NONCOMBAT
    order = board.turn_order
    i = order.index(state.power)
    if i + 1 < len(order):
        return state.round, order[i + 1], COMBAT
    return state.round + 1, order[0], COMBAT


def initial_state(board: Board, game: str, keys: KeyChain | None = None) -> State:
    """The start of round 1: the set-up, every territory with its owner, the starting cash."""
    control = {code: s.owner for code, s in board.spaces.items()
               if s.land and s.owner is not None}
    for code in board.convoys():
        convoy = board.spaces[code].convoy
        assert convoy is not None
        control[code] = convoy.owner
    return State(
        variant=board.name, game=game, round=board.first_round, power=board.turn_order[0],
        step=COMBAT, control=frozen_map(control),
        cash=frozen_map({p.code: p.cash for p in board.powers}),
        units=frozen_map({space: merged(groups) for space, groups in board.setup.items()}),
        keys=keys)
