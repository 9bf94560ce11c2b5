"""A battle as the referee hands it to the engine: the contract's ``battle`` input as a value.

The caller (the turn, or a GM's ``BATTAGLIA``) has checked every move: the battle trusts the
lists, ``from`` and the retreat's ``to``, and knows the map only for the unit values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..instructions import NO_INSTRUCTIONS, NO_ORDERS, BattleOrders, Instructions
from ..units import Group

LAND, AMPHIBIOUS, SEA, RAID, FLAK = "land", "amphibious", "sea", "raid", "flak"
KINDS = (LAND, AMPHIBIOUS, SEA, RAID, FLAK)


@dataclass(frozen=True)
class Battle:
    kind: str  # one of KINDS (R-AAE-COMBAT-1)
    space: str  # the territory or zone fought over; for flak the AA territory
    attacker: str  # the power whose turn it is
    attacking: tuple[Group, ...] = ()  # raid: the bombers; flak: the aircraft of one move
    defending: tuple[Group, ...] = ()  # every enemy unit there, allies together
    landing: tuple[Group, ...] = ()  # amphibious: land units ashore from transports
    bombarding: tuple[Group, ...] = ()  # amphibious: ships that may bombard (R-AAE-COMBAT-10)
    escorts: tuple[Group, ...] = ()  # raid: the escorting fighters
    bystanders: tuple[Group, ...] = ()  # the attacker's allies' units there (R-AAE-COMBAT-2)
    controller: str | None = None  # land, amphibious, raid: who holds the space
    defender_cash: int | None = None  # raid: the cap on its damage (R-AAE-SBR-5)
    orders: BattleOrders = NO_ORDERS  # the attacker's for this battle (R-AAE-PBEM-6)
    instructions: Mapping[str, Instructions] = field(default_factory=dict)
    id: str | None = None  # R-AAE-PBEM-9's battle id, when not the default (``battle_id``)

    @property
    def battle_id(self) -> str:
        """The battle's name in its dice: the space, ``GBR/SBR`` for a raid, and for AA fire
        on the way the id the step gives (``NLB/AA4``)."""
        if self.id is not None:
            return self.id
        if self.kind == RAID:
            return f"{self.space}/SBR"
        if self.kind == FLAK:
            return f"{self.space}/AA"
        return self.space

    def instructions_of(self, power: str) -> Instructions:
        return self.instructions.get(power, NO_INSTRUCTIONS)
