"""What a battle gives back: every roll with its dice, every casualty with what chose it, the
events (submerging, retreats, stalls), and the result, exactly as the contract's ``battle``
output (AAE_CONTRACT.md (a)) so a results mail can tell the whole battle."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..units import Group

# result.end, in the order the contract checks them.
STALL, FLAK_DONE, NO_RAID, RAID_DONE, RETREAT = "stall", "flak_done", "no_raid", "raid_done", "retreat"
BOTH_GONE, DEFENDER_GONE, ATTACKER_GONE = "both_gone", "defender_gone", "attacker_gone"
NO_HITS_POSSIBLE = "no_hits_possible"
ENDS = (STALL, FLAK_DONE, NO_RAID, RAID_DONE, RETREAT, BOTH_GONE, DEFENDER_GONE, ATTACKER_GONE,
        NO_HITS_POSSIBLE)
ATTACKER, DEFENDER, NOBODY = "attacker", "defender", "none"

# Hit classes at sea (R-AAE-COMBAT-5): a submarine's hits go on ships only; an aircraft's on
# anything but submarines unless a destroyer of its side is there; every other hit on anything.
SHIPS_ONLY, NO_SUBS, ANY = "ships_only", "no_subs", "any"
HIT_CLASSES = (SHIPS_ONLY, NO_SUBS, ANY)

# casualty places and removals
PLACE_UNIT, PLACE_FIRST_HIT = "unit", "first_hit"
AT_ONCE = "at once"


@dataclass(frozen=True)
class DieResult:
    n: int  # the die's number in its roll (R-AAE-PBEM-9)
    owner: str
    type: str
    value: int | None  # hits on this or less; None for a damage die
    die: int
    hit: bool | None  # None for a damage die


@dataclass(frozen=True)
class Roll:
    round: int
    roll: str  # aa bombard first_strike attack defence escort intercept damage
    by: str  # the power rolling
    dice: tuple[DieResult, ...]
    hits: Mapping[str, int]  # by hit class; at sea all three, elsewhere ``any``

    @property
    def total(self) -> int:
        return sum(d.die for d in self.dice)


@dataclass(frozen=True)
class Casualty:
    round: int
    roll: str  # the roll whose hits took it
    owner: str
    type: str
    count: int
    place: str  # PLACE_UNIT | PLACE_FIRST_HIT (a battleship damaged)
    removed: str  # AT_ONCE or "after round N"
    why: str  # the instruction and rank that chose it, or the rule that forced it


@dataclass(frozen=True)
class Event:
    event: str  # submerge, retreat, stall, no_raid, no_stall, no_retreat
    round: int
    side: str  # ATTACKER | DEFENDER
    units: tuple[Group, ...]
    why: str
    to: str | None = None  # a retreat's space


@dataclass(frozen=True)
class Outcome:
    end: str  # one of ENDS
    rounds: int  # rounds begun (0 for flak and raids)
    winner: str  # ATTACKER | DEFENDER | NOBODY
    conquered: bool | None  # land and amphibious only
    attacking: tuple[Group, ...]
    defending: tuple[Group, ...]
    bystanders: tuple[Group, ...]
    submerged: tuple[Group, ...]
    homeless_fighters: tuple[Group, ...]
    damage: int | None  # a raid's IPC loss after the cash cap
    damage_rolled: int | None  # ... and the dice's sum


@dataclass(frozen=True)
class BattleReport:
    battle: str  # the battle id (R-AAE-PBEM-9)
    kind: str
    rolls: tuple[Roll, ...]
    casualties: tuple[Casualty, ...]
    events: tuple[Event, ...]
    result: Outcome
    defaults: tuple[str, ...]  # every default that decided something (R-AAE-PBEM-3)
    dice_used: int  # how many dice it took (a fixed sequence goes on from there)
