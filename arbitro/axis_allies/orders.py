"""Orders of a power's turn as values (R-AAE-PBEM-1, -13; AAE_CONTRACT.md "Canonical orders").

The reader (``reading/``) makes them from what players write, ``notation`` writes them back in
the canonical notation, ``movement``/``purchase`` judge them. A ``Reason`` is why an order is
refused: the rule it breaks, a code (its words: ``aae.reason.<code>`` in the catalogs) and the
code's arguments (space codes, unit types, numbers), never words.
"""

from __future__ import annotations

from dataclasses import dataclass

# the two mails of a turn (R-AAE-PBEM-1) as the contract names its steps
COMBAT, NONCOMBAT = "combat", "noncombat"


@dataclass(frozen=True)
class Reason:
    rule: str                       # "R-AAE-MOVE-13"
    code: str                       # "suicide": catalog key aae.reason.suicide
    args: tuple[object, ...] = ()   # codes, unit types, counts: the catalog's slots


@dataclass(frozen=True)
class Units:
    """``n type`` in an order, with the owner written after the type (``CONVERT``) and, for a
    transport, the cargo it already holds (``transport(2 infantry)``)."""

    count: int
    type: str
    owner: str | None = None
    cargo: tuple[Units, ...] | None = None   # None: not said; () an empty transport named so


@dataclass(frozen=True)
class Boarding:
    """``{T: units}``: units boarding from territory T in the zone it follows (R-AAE-MOVE-14)."""

    zone: str
    territory: str
    units: tuple[Units, ...]


@dataclass(frozen=True)
class Buy:
    units: tuple[Units, ...]


@dataclass(frozen=True)
class Move:
    """``MOVE start: units -> a -> b``: the path lists every space entered; a land code at the
    end of a transport's path is its landing."""

    start: str
    units: tuple[Units, ...]
    path: tuple[str, ...]
    boardings: tuple[Boarding, ...] = ()
    raid: bool = False
    escort: bool = False
    fallback: str | None = None           # ESCORT ... ELSE Z (R-AAE-SBR-6)
    unload: tuple[Units, ...] | None = None  # UNLOAD units: only those land (A8)

    @property
    def end(self) -> str:
        return self.path[-1] if self.path else self.start


@dataclass(frozen=True)
class Attack:
    """``ATTACK Z[: units]``: ships that started beside enemy ships stay to fight (S5)."""

    zone: str
    units: tuple[Units, ...] | None = None   # None: every ship of the power there without order


@dataclass(frozen=True)
class Submerge:
    """``SUBMERGE Z: STALL`` (R-AAE-MOVE-8) or ``SUBMERGE Z: FROM n`` (R-AAE-COMBAT-4a)."""

    zone: str
    from_round: int | None = None   # None: the sub-stall


@dataclass(frozen=True)
class Retreat:
    """``RETREAT T: AFTER n; BELOW k [LAND]; TO S`` (R-AAE-PBEM-6)."""

    space: str
    to: str
    after_round: int | None = None
    below: int | None = None
    land_only: bool = False


@dataclass(frozen=True)
class Place:
    space: str
    units: tuple[Units, ...]


@dataclass(frozen=True)
class Convert:
    """``CONVERT T: n type OWNER, ...``: the Patriotic War (R-AAE-ECON-7)."""

    territory: str
    units: tuple[Units, ...]


@dataclass(frozen=True)
class Execute:
    """``EXECUTE``: run without the refused orders (R-AAE-PBEM-2)."""


Order = Buy | Move | Attack | Submerge | Retreat | Place | Convert | Execute

# which mail each order belongs to (R-AAE-PBEM-1)
COMBAT_ORDERS = (Buy, Move, Attack, Submerge, Retreat, Execute)
NONCOMBAT_ORDERS = (Move, Place, Convert, Execute)


def unit_total(units: tuple[Units, ...], type_name: str | None = None) -> int:
    return sum(u.count for u in units if type_name is None or u.type == type_name)
