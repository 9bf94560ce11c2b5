"""Units of Axis & Allies Europe: the unit table's rows and the groups the contract speaks of.

A ``UnitType`` is one row of the table (R-AAE-UNIT-1), read from the board file; a ``Group`` is
the contract's "unit group": a count of one power's units of one type that share every other
field (damage, cargo, where they came from, movement used ...). Groups that differ in no field
are one group (``merged``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

# Domains of a unit type: where it moves and how it fights.
LAND, AIR, SEA, FIXED = "land", "air", "sea", "fixed"

# The contract's unit types (AAE_CONTRACT.md, "Names"), in the table's order; the complex is a
# unit type of the table but no group: it is a flag of its territory (R-AAE-UNIT-12).
UNIT_TYPES = ("infantry", "artillery", "armour", "aa_gun", "fighter", "bomber", "transport",
              "submarine", "destroyer", "carrier", "battleship")
COMPLEX = "complex"

# R-AAE-PBEM-9: the canonical order of the units of a roll. An infantry raised by an artillery
# (R-AAE-UNIT-2) rolls first, as its own place in the order; then by owner in turn order.
PAIRED_INFANTRY = "infantry_paired"
ROLL_ORDER = (PAIRED_INFANTRY, "infantry", "artillery", "armour", "fighter", "bomber",
              "submarine", "destroyer", "carrier", "battleship", "transport")


@dataclass(frozen=True)
class UnitType:
    """One row of the unit table (R-AAE-UNIT-1), from the board file."""

    name: str            # "infantry", ... "battleship", "aa_gun", "complex"
    cost: int | None     # None: not for sale (the complex)
    attack: int | None   # None: never attacks (AA gun, complex)
    defence: int | None  # None: never defends by dice (AA gun, complex)
    move: int
    domain: str          # LAND | AIR | SEA | FIXED
    cargo: int | None = None           # room it takes aboard a transport (None: never boards)
    capacity: int = 0                  # a transport's room (R-AAE-UNIT-6)
    carrier_space: int | None = None   # room it takes on a carrier (None: never lands on one)
    fighters: int = 0                  # a carrier's room (R-AAE-UNIT-9)
    hits: int = 1                      # hits to sink it (battleship 2, R-AAE-UNIT-10)
    bombard: int | None = None         # shore bombardment value (R-AAE-COMBAT-10)
    escort: int | None = None          # a fighter's value as escort in a raid (R-AAE-SBR-4)
    intercept: int | None = None       # ... as interceptor
    raid_dice: int = 0                 # damage dice a bomber rolls in a raid (R-AAE-SBR-5)
    aa: int | None = None              # AA fire value, one die per aircraft (R-AAE-UNIT-11)
    supported_attack: int | None = None  # attack when raised by an artillery (infantry)
    supports: int = 0                  # infantry an artillery raises (R-AAE-UNIT-2)
    blitz: bool = False                # R-AAE-MOVE-4 (armour)
    submerges: bool = False            # R-AAE-UNIT-7 (submarine)
    first_strike: bool = False         # R-AAE-COMBAT-4b (submarine)

    @property
    def air(self) -> bool:
        return self.domain == AIR

    @property
    def sea(self) -> bool:
        return self.domain == SEA

    @property
    def land(self) -> bool:
        return self.domain == LAND


@dataclass(frozen=True)
class Group:
    """The contract's "unit group"."""

    owner: str
    type: str
    count: int
    damaged: bool = False
    cargo: tuple[Group, ...] = ()
    origin: str | None = None      # the contract's "from": where it came from this combat move
    landing: bool = False          # came ashore from a transport in this battle
    moved: int = 0                 # movement points used this turn
    fought: bool = False           # was in a battle this turn
    submerged: bool = False
    airborne: bool = False         # an aircraft not yet landed
    retreated: bool = False        # in a battle's result: left it by retreat
    unloaded: str | None = None    # a transport: the territory it unloaded into this turn (A7)

    def key(self) -> tuple[object, ...]:
        """Every field but the count: groups with one key are one group."""
        return (self.owner, self.type, self.damaged, self.cargo, self.origin, self.landing,
                self.moved, self.fought, self.submerged, self.airborne, self.retreated,
                self.unloaded)

    def with_count(self, count: int) -> Group:
        return replace(self, count=count)


def merged(groups: Iterable[Group]) -> tuple[Group, ...]:
    """The groups with every two that differ in no field but the count made one (first seen
    first); groups of no unit are dropped. Cargo is compared as written (merged first)."""
    counts: dict[tuple[object, ...], Group] = {}
    for group in groups:
        if group.cargo:
            group = replace(group, cargo=merged(group.cargo))
        if group.count <= 0:
            continue
        key = group.key()
        seen = counts.get(key)
        counts[key] = group if seen is None else seen.with_count(seen.count + group.count)
    return tuple(counts.values())


def count_of(groups: Iterable[Group], type_name: str, owner: str | None = None) -> int:
    """How many units of a type (of one owner, or of any) the groups hold, cargo not counted."""
    return sum(g.count for g in groups if g.type == type_name and (owner is None or g.owner == owner))


def cargo_room(group: Group, types: Mapping[str, UnitType]) -> int:
    """Room a group of one unit's cargo takes (its units' cargo sizes, or carrier spaces)."""
    return sum(c.count * (types[c.type].cargo or types[c.type].carrier_space or 0)
               for c in group.cargo)
