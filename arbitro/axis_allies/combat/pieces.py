"""The units of one battle, one by one: the groups of the input taken apart so that each unit
can be hit, damaged, sunk, dive or retreat on its own, and put back into groups at the end."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from ..units import ROLL_ORDER, Group, UnitType, merged
from .report import ANY, NO_SUBS, SHIPS_ONLY

ATTACKING, DEFENDING, BYSTANDING = "attacking", "defending", "bystanding"
NEVER_HIT = frozenset({"aa_gun", "complex"})  # R-AAE-COMBAT-5, -12: never a casualty, never count


@dataclass
class Piece:
    """One unit in a battle. Mutable, and local to one fight."""

    id: int
    group: Group  # the group it came from, with count 1 and no cargo (kept for the result)
    unit: UnitType
    side: str  # ATTACKING | DEFENDING | BYSTANDING
    cargo: tuple[Group, ...] = ()  # aboard it, not fighting: lost with it (R-AAE-COMBAT-11)
    host: int | None = None  # a defending fighter's carrier, when it came as the carrier's cargo
    from_cargo: bool = False  # a defending fighter given as a carrier's cargo
    damaged: bool = False
    alive: bool = True
    submerged: bool = False
    retreated: bool = False
    doomed: bool = False  # taken as a casualty; removed at the end of the round
    hit_now: bool = False  # given a casualty place this round (R-AAE-COMBAT-4d)

    @property
    def owner(self) -> str:
        return self.group.owner

    @property
    def type(self) -> str:
        return self.unit.name

    @property
    def in_battle(self) -> bool:
        return self.alive and not self.submerged and not self.retreated

    @property
    def counts(self) -> bool:
        """Whether it keeps its side in the battle (AA guns and complexes never do)."""
        return self.in_battle and self.type not in NEVER_HIT

    @property
    def is_sub(self) -> bool:
        return self.unit.submerges

    @property
    def loaded(self) -> bool:
        return bool(self.cargo)


def take_apart(groups: Iterable[Group], side: str, types: Mapping[str, UnitType],
               pieces: list[Piece], *, cargo_defends: bool = False) -> None:
    """Append a piece per unit of ``groups``. A defending carrier's fighters defend with it
    (``cargo_defends``): they become pieces of their own, remembering their carrier."""
    for group in groups:
        for _ in range(group.count):
            piece = Piece(len(pieces), replace(group, count=1, cargo=()), types[group.type], side,
                          damaged=group.damaged)
            pieces.append(piece)
            if cargo_defends and group.cargo and types[group.type].fighters:
                for aboard in group.cargo:
                    for _ in range(aboard.count):
                        pieces.append(Piece(len(pieces), replace(aboard, count=1, cargo=()),
                                            types[aboard.type], side, host=piece.id,
                                            from_cargo=True, damaged=aboard.damaged))
            else:
                piece.cargo = group.cargo


def accepts(piece: Piece, at_sea: bool) -> frozenset[str]:
    """The hit classes a unit may receive (R-AAE-COMBAT-5): on land any hit; at sea a
    submarine no aircraft's hit, an aircraft no submarine's, a surface ship all of them."""
    if not at_sea:
        return frozenset({ANY})
    if piece.is_sub:
        return frozenset({SHIPS_ONLY, ANY})
    if piece.unit.air:
        return frozenset({NO_SUBS, ANY})
    return frozenset({SHIPS_ONLY, NO_SUBS, ANY})


def roll_order(pieces: Sequence[Piece], turn_order: Sequence[str],
               paired: frozenset[int] = frozenset()) -> list[Piece]:
    """R-AAE-PBEM-9's order of a roll: by type (an infantry raised by an artillery first), then
    by owner in turn order; ``paired`` names the raised infantry."""
    rank = {name: i for i, name in enumerate(ROLL_ORDER)}
    owners = {power: i for i, power in enumerate(turn_order)}

    def key(p: Piece) -> tuple[int, int, int]:
        name = ROLL_ORDER[0] if p.id in paired else p.type
        return (rank.get(name, len(rank)), owners.get(p.owner, len(owners)), p.id)

    return sorted(pieces, key=key)


def put_together(pieces: Iterable[Piece]) -> tuple[Group, ...]:
    """The pieces as groups again, each with its damage, cargo and state."""
    return merged(as_group(p) for p in pieces)


def as_group(piece: Piece, cargo: tuple[Group, ...] | None = None) -> Group:
    """One piece as a group of one, with its damage, cargo (or ``cargo``) and state."""
    return replace(piece.group, damaged=piece.damaged, submerged=piece.submerged,
                   retreated=piece.retreated, cargo=piece.cargo if cargo is None else cargo)
