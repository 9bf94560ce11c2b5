"""What players decide before the dice roll: standing instructions (R-AAE-PBEM-4) and the
attacker's orders for one battle (R-AAE-PBEM-6), each with its documented default.

A battle is fought to its end with no mail going back and forth, so every choice a player would
make at the table is made here in advance: which units go first as casualties (an order of loss
per kind of battle, with exceptions per space), when defending submarines dive, how many fighters
rise against a raid; and, for the attacker, when to retreat and where, and when its submarines
dive. What a player leaves out is filled by the default, and the battle report says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .units import UNIT_TYPES

# The kinds of battle an order of loss serves (AAE_CONTRACT.md, "Standing instructions");
# amphibious battles use the land lists, every AA fire the `aa` list (R-AAE-PBEM-4).
LAND_DEFENCE, LAND_ATTACK = "land_defence", "land_attack"
SEA_DEFENCE, SEA_ATTACK = "sea_defence", "sea_attack"
AA, RAID = "aa", "raid"
LOSS_KINDS = (LAND_DEFENCE, LAND_ATTACK, SEA_DEFENCE, SEA_ATTACK, AA, RAID)

# The damaging first hit of an undamaged battleship: a place of its own in an order of loss.
FIRST_HIT = "battleship_first_hit"
BATTLESHIP = "battleship"

# R-AAE-PBEM-4's defaults (IAAPA's where it has one; the rule gives the reasons of the others).
DEFAULT_LOSSES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    LAND_DEFENCE: ("infantry", "artillery", "armour", "bomber", "fighter"),
    LAND_ATTACK: ("infantry", "artillery", "armour", "fighter", "bomber"),
    SEA_DEFENCE: (FIRST_HIT, "transport", "submarine", "destroyer", "fighter", "carrier",
                  BATTLESHIP),
    SEA_ATTACK: (FIRST_HIT, "transport", "submarine", "destroyer", "fighter", "bomber",
                 "carrier", BATTLESHIP),
    AA: ("fighter", "bomber"),
    RAID: ("fighter", "bomber"),
})
# Never a casualty (R-AAE-UNIT-11, -12), so never in an order of loss.
NEVER_LOST = frozenset({"aa_gun", "complex"})
LOSABLE = tuple(t for t in UNIT_TYPES if t not in NEVER_LOST)

# Where an instruction came from, for the report (R-AAE-PBEM-3: each mail names the standing
# instructions and defaults it used).
FROM_EXCEPTION, FROM_INSTRUCTION, FROM_DEFAULT = "exception", "instruction", "default"


def loss_list_problem(items: Sequence[str]) -> str | None:
    """Why ``items`` is not an order of loss, or None: unit types that can be lost, or the
    battleship's first hit, each once."""
    seen: set[str] = set()
    for item in items:
        if item in NEVER_LOST:
            return f"{item} is never a casualty (R-AAE-UNIT-11, -12): leave it out"
        if item not in LOSABLE and item != FIRST_HIT:
            return f"unknown unit type {item!r} in an order of loss"
        if item in seen:
            return f"{item} is named twice in one order of loss"
        seen.add(item)
    return None


def ranking(items: Sequence[str], kind: str) -> tuple[str, ...]:
    """The whole order a list stands for (R-AAE-PBEM-5): the list, then the types it does not
    name in ``kind``'s default order, then any type left. Named, the first hit ranks where it
    stands; unnamed, it is off (both places of an undamaged battleship rank at ``battleship``)."""
    whole = list(items)
    for name in (*DEFAULT_LOSSES[kind], *LOSABLE):
        if name not in whole and name != FIRST_HIT:
            whole.append(name)
    return tuple(whole)


@dataclass(frozen=True)
class OrderOfLoss:
    """The order of loss a battle uses, and where it came from."""

    kind: str
    ranks: tuple[str, ...]  # completed (``ranking``)
    source: str  # FROM_EXCEPTION | FROM_INSTRUCTION | FROM_DEFAULT
    named: int  # how many of ``ranks`` the player's (or the default's) list names

    def first_hit_on(self) -> bool:
        return FIRST_HIT in self.ranks


# Defending submarines (R-AAE-PBEM-4): never dive; dive at point d of round n + 1; dive at point
# d of the first round their side has nothing but submarines in the battle.
NEVER, AFTER_ROUND, WHEN_ALONE = "never", "after_round", "when_alone"


@dataclass(frozen=True)
class SubmergePolicy:
    mode: str = NEVER  # NEVER | AFTER_ROUND | WHEN_ALONE
    rounds: int = 0  # AFTER_ROUND's n (n >= 0)

    def __post_init__(self) -> None:
        if self.mode not in (NEVER, AFTER_ROUND, WHEN_ALONE):
            raise ValueError(f"unknown submerge policy {self.mode!r}")
        if self.rounds < 0:
            raise ValueError("after_round takes a number of rounds, 0 or more")

    def text(self) -> str:
        """As the contract writes it: ``never``, ``after_round:1``, ``when_alone``."""
        return f"{AFTER_ROUND}:{self.rounds}" if self.mode == AFTER_ROUND else self.mode

    def dives(self, round_: int, alone: bool) -> bool:
        """Whether the submarines dive at point d of round ``round_`` (from 1)."""
        if self.mode == AFTER_ROUND:
            return round_ >= self.rounds + 1
        return self.mode == WHEN_ALONE and alone


DEFAULT_SUBMERGE = SubmergePolicy()

# Interceptors (R-AAE-SBR-3): every fighter there (ALL), none (0), or at most n.
ALL = "all"
Intercept = int | str  # a number >= 0, or ALL


@dataclass(frozen=True)
class Instructions:
    """One power's standing instructions; what it never set is absent and takes the default."""

    losses: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    losses_at: Mapping[str, Mapping[str, tuple[str, ...]]] = field(default_factory=dict)
    submerge: SubmergePolicy | None = None
    submerge_at: Mapping[str, SubmergePolicy] = field(default_factory=dict)
    intercept: Intercept | None = None
    intercept_at: Mapping[str, Intercept] = field(default_factory=dict)

    def order_of_loss(self, kind: str, space: str) -> OrderOfLoss:
        """The exception for ``space`` if any, else the power's list, else the default."""
        listed = self.losses_at.get(space, {}).get(kind)
        source = FROM_EXCEPTION
        if listed is None:
            listed, source = self.losses.get(kind), FROM_INSTRUCTION
        if listed is None:
            listed, source = DEFAULT_LOSSES[kind], FROM_DEFAULT
        return OrderOfLoss(kind, ranking(listed, kind), source, len(listed))

    def submerge_policy(self, space: str) -> tuple[SubmergePolicy, str]:
        if space in self.submerge_at:
            return self.submerge_at[space], FROM_EXCEPTION
        if self.submerge is not None:
            return self.submerge, FROM_INSTRUCTION
        return DEFAULT_SUBMERGE, FROM_DEFAULT

    def interceptors(self, space: str) -> tuple[Intercept, str]:
        if space in self.intercept_at:
            return self.intercept_at[space], FROM_EXCEPTION
        if self.intercept is not None:
            return self.intercept, FROM_INSTRUCTION
        return ALL, FROM_DEFAULT


NO_INSTRUCTIONS = Instructions()

# The count of a retreat condition (R-AAE-PBEM-6): every attacking unit, or land units only.
COUNT_ALL, COUNT_LAND = "all", "land"


@dataclass(frozen=True)
class Retreat:
    """Retreat at the end of round ``after_round``, and/or once fewer than ``below`` units (of
    ``count``) are left after a round, into ``to`` (R-AAE-PBEM-6, R-AAE-COMBAT-8). With both,
    at the end of the first round from ``after_round`` on with fewer than ``below`` left."""

    to: str
    after_round: int | None = None
    below: int | None = None
    count: str = COUNT_ALL

    def __post_init__(self) -> None:
        if self.after_round is None and self.below is None:
            raise ValueError("a retreat needs a round, a count, or both")
        if self.after_round is not None and self.after_round < 1:
            raise ValueError("a retreat's round is 1 or more")
        if self.below is not None and self.below < 1:
            raise ValueError("a retreat's count is 1 or more")
        if self.count not in (COUNT_ALL, COUNT_LAND):
            raise ValueError(f"a retreat counts {COUNT_ALL!r} or {COUNT_LAND!r} units")

    def due(self, round_: int, left: int) -> bool:
        """Whether it retreats at the end of round ``round_`` with ``left`` units counted."""
        if self.after_round is not None and round_ < self.after_round:
            return False
        return self.below is None or left < self.below


@dataclass(frozen=True)
class BattleOrders:
    """The attacker's orders for one battle; the default is no retreat and no submerging."""

    retreat: Retreat | None = None
    stall: bool = False  # its submarines dive at once, with no battle (R-AAE-MOVE-8)
    submerge_from: int | None = None  # its submarines dive before round n's fire, n >= 2

    def __post_init__(self) -> None:
        if self.stall and self.submerge_from is not None:
            raise ValueError("submarines either stall or dive from a round, not both")
        if self.submerge_from is not None and self.submerge_from < 2:
            raise ValueError("submarines dive from round 2 on (before round 1 only by a stall)")


NO_ORDERS = BattleOrders()
