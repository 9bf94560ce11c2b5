"""Where everything stands at the start of a phase."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter

from .board import Board, province_of

SPRING, FALL, WINTER = "S", "F", "W"
MOVEMENT, RETREAT, ADJUSTMENT = "M", "R", "A"

_PHASE = re.compile(r"^([SFW])(\d{1,5})([MRA])$")


class PhaseError(ValueError):
    pass


@dataclass(frozen=True)
class Phase:
    year: int
    season: str  # S, F, W
    kind: str  # M, R, A

    @classmethod
    def parse(cls, text: str) -> Phase:
        m = _PHASE.match(text.strip().upper())
        if not m:
            raise PhaseError(f"phase {text!r} is not of the form S1901M, F1901R, W1901A")
        season, year, kind = m.group(1), int(m.group(2)), m.group(3)
        if (season == WINTER) != (kind == ADJUSTMENT):
            raise PhaseError(f"phase {text!r}: adjustments happen in winter only")
        return cls(year, season, kind)

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    # Phases are compared by this, in game order (S M, S R, F M, F R, W A); no < of their
    # own, since their fields compared as text would put winter before spring.
    @property
    def sort_key(self) -> tuple[int, int]:
        return (self.year, _ORDER.index((self.season, self.kind)))

    def following(self) -> Phase:
        """The phase after this one, before any skipping."""
        i = _ORDER.index((self.season, self.kind))
        if i == len(_ORDER) - 1:
            return Phase(self.year + 1, *_ORDER[0])
        return Phase(self.year, *_ORDER[i + 1])


_ORDER = [(SPRING, MOVEMENT), (SPRING, RETREAT), (FALL, MOVEMENT), (FALL, RETREAT), (WINTER, ADJUSTMENT)]

NEUTRAL = "NEUTRAL"  # owner of units that belong to no power (R-IMP-3)


@dataclass(frozen=True)
class Unit:
    power: str
    kind: str  # "A" or "F"
    location: str
    # Derived from location; stored because adjudication asks for it constantly.
    province: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "province", province_of(self.location))

    def __str__(self) -> str:
        return f"{self.kind} {self.location}"


@functools.lru_cache(maxsize=1 << 14)
def unit_at(power: str, kind: str, location: str) -> Unit:
    """The unit value (shared: units are immutable, and building one is dear next to
    looking it up; a game moves the same units between the same places)."""
    return Unit(power, kind, location)


@dataclass(frozen=True)
class Dislodged:
    """A unit dislodged in the movement phase just played, with where it may go."""

    unit: Unit
    retreats: tuple[str, ...]  # legal destination locations, sorted


@dataclass(frozen=True)
class Position:
    phase: Phase
    units: tuple[Unit, ...]
    centres: Mapping[str, str]  # supply centre province -> owning power
    dislodged: tuple[Dislodged, ...] = ()
    # Every unit by the province it stands in (read-only by convention); a plain
    # attribute, not a property: the rules ask for it for every order.
    by_province: Mapping[str, Unit] = field(init=False, compare=False, repr=False)
    # House rules that own every land province (arbitro/diplomacy/rulesets.py): the owned
    # provinces that are not centres, province -> power; empty under the standard rules.
    territories: Mapping[str, str] = field(default_factory=dict)
    # The powers that have spent their unique weapon (R-RU-2).
    weapons_used: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        index = {u.province: u for u in self.units}
        if len(index) != len(self.units):
            raise PhaseError("two units stand in the same province")
        object.__setattr__(self, "by_province", index)

    def unit_in(self, province: str) -> Unit | None:
        return self.by_province.get(province)

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def centres_of(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(p for p, owner in self.centres.items() if owner == power))

    def owner_of(self, province: str) -> str | None:
        """Who owns a province: its centre's owner, or its territory's (house rules)."""
        return self.centres.get(province) or self.territories.get(province)

    def dislodged_in(self, province: str) -> Dislodged | None:
        for d in self.dislodged:
            if d.unit.province == province:
                return d
        return None


_LOCATION = attrgetter("location")


def in_phase(position: Position, phase: Phase, centres: Mapping[str, str]) -> Position:
    """The same units, territories and spent weapons in another phase, nobody dislodged:
    the position after a phase is played becomes the next one's (the unit index shared,
    not rebuilt: the units are the same)."""
    new = object.__new__(Position)
    put = object.__setattr__
    put(new, "phase", phase)
    put(new, "units", position.units)
    put(new, "centres", centres)
    put(new, "dislodged", ())
    put(new, "by_province", position.by_province)
    put(new, "territories", position.territories)
    put(new, "weapons_used", position.weapons_used)
    return new


def make_position(
    phase: Phase | str,
    units: Iterable[Unit],
    centres: Mapping[str, str],
    dislodged: Iterable[Dislodged] = (),
    territories: Mapping[str, str] | None = None,
    weapons_used: Iterable[str] = (),
) -> Position:
    ph = Phase.parse(phase) if isinstance(phase, str) else phase
    return Position(
        phase=ph,
        units=tuple(sorted(units, key=_LOCATION)),
        centres=dict(sorted(centres.items())),
        dislodged=tuple(sorted(dislodged, key=lambda d: d.unit.location)),
        territories=dict(sorted((territories or {}).items())),
        weapons_used=frozenset(weapons_used),
    )


def home_territories(board: Board) -> dict[str, str]:
    """Each power's home provinces that are not centres (house rules that own every land
    province start from them)."""
    return {
        p: power.name
        for power in board.powers.values()
        for p in power.home_territory
        if p in board.provinces and not board.provinces[p].supply_centre
        and not board.provinces[p].is_sea
    }


def start_position(board: Board) -> Position:
    """Spring of the variant's first year (R-MAP-2), with any neutral units (R-IMP-3)."""
    units = [Unit(p.name, kind, loc) for p in board.powers.values() for kind, loc in p.start_units]
    units += [Unit(NEUTRAL, kind, loc) for kind, loc in board.neutral_units]
    centres = {c: p.name for p in board.powers.values() for c in p.home_centres}
    return make_position(Phase(board.start_year, SPRING, MOVEMENT), units, centres)
