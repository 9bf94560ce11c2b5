"""The board of Axis & Allies Europe as frozen values: spaces, adjacency, the canal, the powers
in turn order with their sides, the Middle-East holder, the unit table, the set-up.

Pure: ``board_from_dict`` turns the board file's data (``maps/aae_europe.toml``, read at the
edge by ``arbitro.aae_contract.board_file.load_board``) into a ``Board``, and checks it whole:
a file that breaks a fact the rules rely on (a one-way adjacency, a capital without a complex, a
set-up unit on the wrong kind of space) is refused with the first problem named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .units import AIR, COMPLEX, FIXED, LAND, SEA, Group, UnitType

AXIS, ALLIES = "axis", "allies"
LAND_SPACE, SEA_SPACE = "land", "sea"
MIDDLE_EAST = "MIDDLE_EAST"


class BoardError(ValueError):
    """The board file is not a board the rules can use."""


@dataclass(frozen=True)
class Power:
    code: str           # GERMANY USSR UK USA
    en: str
    it: str
    side: str           # AXIS | ALLIES
    turn: int           # place in the round, from 1 (R-AAE-TURN-2)
    capital: str        # a territory code (R-AAE-ECON-5)
    cash: int           # IPCs at the start (R-AAE-ECON-1)
    aliases: tuple[str, ...] = ()   # other names players use (either language)


@dataclass(frozen=True)
class Holder:
    """A side's holder of territories that never plays (the Middle East, R-AAE-ECON-4)."""

    code: str
    en: str
    it: str
    side: str


@dataclass(frozen=True)
class Convoy:
    ipc: int
    owner: str                 # whose production it feeds (R-AAE-ECON-3)
    requires: str | None       # a territory the owner must also control (Archangel, I3)


@dataclass(frozen=True)
class Space:
    code: str
    kind: str                  # LAND_SPACE | SEA_SPACE
    en: str
    it: str
    aliases: tuple[str, ...] = ()
    owner: str | None = None   # at the start; None for sea zones and impassable neutrals
    ipc: int = 0
    capital: bool = False
    complex: bool = False
    impassable: bool = False   # R-AAE-MOVE-2
    middle_east: bool = False  # R-AAE-ECON-4
    patriotic_war: bool = False  # R-AAE-ECON-7
    convoy: Convoy | None = None

    @property
    def land(self) -> bool:
        return self.kind == LAND_SPACE

    @property
    def sea(self) -> bool:
        return self.kind == SEA_SPACE


@dataclass(frozen=True)
class Canal:
    code: str
    en: str
    it: str
    zones: frozenset[str]      # the two zones it joins
    control: tuple[str, ...]   # territories a side must hold for its ships to pass


@dataclass(frozen=True)
class UnitWords:
    """How players name a unit type (the reader's words; R-AAE-PBEM-13)."""

    en: str
    en_plural: str
    it: str
    it_plural: str
    en_aliases: tuple[str, ...] = ()
    it_aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Board:
    name: str
    first_round: int
    powers: tuple[Power, ...]                 # in turn order
    holders: Mapping[str, Holder]
    spaces: Mapping[str, Space]
    neighbours: Mapping[str, frozenset[str]]
    canals: tuple[Canal, ...]
    unit_types: Mapping[str, UnitType]
    unit_words: Mapping[str, UnitWords]
    setup: Mapping[str, tuple[Group, ...]]    # space -> groups at the start of round 1

    # -- powers and sides --------------------------------------------------------------

    @property
    def turn_order(self) -> tuple[str, ...]:
        return tuple(p.code for p in self.powers)

    def power(self, code: str) -> Power:
        for p in self.powers:
            if p.code == code:
                return p
        raise KeyError(code)

    def side(self, code: str) -> str:
        """The side of a power or holder."""
        if code in self.holders:
            return self.holders[code].side
        return self.power(code).side

    def allied(self, a: str, b: str) -> bool:
        return self.side(a) == self.side(b)

    def enemies(self, a: str, b: str) -> bool:
        return self.side(a) != self.side(b)

    def capital_of(self, power: str) -> str:
        return self.power(power).capital

    def capitals(self) -> Mapping[str, str]:
        """Capital territory -> its power."""
        return {p.capital: p.code for p in self.powers}

    # -- spaces --------------------------------------------------------------------------

    def territories(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if s.land)

    def zones(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if s.sea)

    def passable(self) -> tuple[str, ...]:
        """Every territory a unit may enter and a power control (the impassable neutrals out)."""
        return tuple(c for c, s in self.spaces.items() if s.land and not s.impassable)

    def convoys(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if s.convoy is not None)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours.get(a, frozenset())

    def land_neighbours(self, code: str) -> frozenset[str]:
        return frozenset(n for n in self.neighbours[code] if self.spaces[n].land)

    def sea_neighbours(self, code: str) -> frozenset[str]:
        return frozenset(n for n in self.neighbours[code] if self.spaces[n].sea)

    def canal_between(self, a: str, b: str) -> Canal | None:
        pair = frozenset((a, b))
        return next((c for c in self.canals if c.zones == pair), None)

    def complexes(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.spaces.items() if s.complex)


# -- reading the file's data ---------------------------------------------------------------

_UNIT_INTS = ("capacity", "fighters", "hits", "raid_dice", "supports")
_UNIT_OPTIONAL_INTS = ("cost", "attack", "defence", "cargo", "carrier_space", "bombard", "escort",
                       "intercept", "aa", "supported_attack")
_UNIT_FLAGS = ("blitz", "submerges", "first_strike")


def board_from_dict(data: Mapping[str, Any]) -> Board:
    """The Board of the board file's data; BoardError names the first problem."""
    try:
        return _board(data)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        if isinstance(exc, BoardError):
            raise
        raise BoardError(f"malformed board file: {exc!r}") from exc


def _board(data: Mapping[str, Any]) -> Board:
    variant = data["variant"]
    powers = tuple(sorted(
        (Power(code, p["en"], p["it"], p["side"], int(p["turn"]), p["capital"], int(p["cash"]),
               tuple(p.get("aliases", ())))
         for code, p in data["powers"].items()),
        key=lambda p: p.turn))
    holders = {code: Holder(code, h["en"], h["it"], h["side"])
               for code, h in data.get("holders", {}).items()}
    types = {name: _unit_type(name, u) for name, u in data["units"].items()}
    words = {name: UnitWords(u["en"], u["en_plural"], u["it"], u["it_plural"],
                             tuple(u.get("en_aliases", ())), tuple(u.get("it_aliases", ())))
             for name, u in data["units"].items()}
    spaces = {code: _space(code, s) for code, s in data["spaces"].items()}
    neighbours = {code: frozenset(s.get("next", ())) for code, s in data["spaces"].items()}
    canals = tuple(Canal(code, c["en"], c["it"], frozenset(c["zones"]), tuple(c["control"]))
                   for code, c in data.get("canals", {}).items())
    setup: dict[str, list[Group]] = {}
    for power, placed in data.get("setup", {}).items():
        for space, text in placed.items():
            setup.setdefault(space, []).extend(_setup_groups(power, space, text, types))
    board = Board(
        name=variant["name"], first_round=int(variant.get("first_round", 1)), powers=powers,
        holders=MappingProxyType(holders), spaces=MappingProxyType(spaces),
        neighbours=MappingProxyType(neighbours), canals=canals,
        unit_types=MappingProxyType(types), unit_words=MappingProxyType(words),
        setup=MappingProxyType({s: tuple(g) for s, g in sorted(setup.items())}))
    _check(board)
    return board


def _unit_type(name: str, u: Mapping[str, Any]) -> UnitType:
    domain = u["domain"]
    if domain not in (LAND, AIR, SEA, FIXED):
        raise BoardError(f"unit {name}: domain {domain!r} is not land, air, sea or fixed")
    ints = {k: int(u[k]) for k in _UNIT_INTS if k in u}
    optional = {k: (None if u.get(k) is None else int(u[k])) for k in _UNIT_OPTIONAL_INTS}
    flags = {k: bool(u.get(k, False)) for k in _UNIT_FLAGS}
    return UnitType(name=name, move=int(u["move"]), domain=domain,
                    **optional, **ints, **flags)  # type: ignore[arg-type]


def _space(code: str, s: Mapping[str, Any]) -> Space:
    kind = s["kind"]
    if kind not in (LAND_SPACE, SEA_SPACE):
        raise BoardError(f"space {code}: kind {kind!r} is not land or sea")
    convoy = s.get("convoy")
    return Space(
        code=code, kind=kind, en=s["en"], it=s["it"], aliases=tuple(s.get("aliases", ())),
        owner=s.get("owner"), ipc=int(s.get("ipc", 0)), capital=bool(s.get("capital", False)),
        complex=bool(s.get("complex", False)), impassable=bool(s.get("impassable", False)),
        middle_east=bool(s.get("middle_east", False)),
        patriotic_war=bool(s.get("patriotic_war", False)),
        convoy=None if convoy is None else Convoy(int(convoy["ipc"]), convoy["owner"],
                                                  convoy.get("requires")))


def _setup_groups(power: str, space: str, text: str,
                  types: Mapping[str, UnitType]) -> list[Group]:
    groups = []
    for part in text.split(","):
        count, _, name = part.strip().partition(" ")
        if name not in types or not count.isdigit():
            raise BoardError(f"setup {power} {space}: {part.strip()!r} is not 'n unit-type'")
        groups.append(Group(power, name, int(count)))
    return groups


def _check(board: Board) -> None:
    codes = set(board.spaces)
    players = {p.code for p in board.powers}
    holders = set(board.holders)
    if [p.turn for p in board.powers] != list(range(1, len(board.powers) + 1)):
        raise BoardError("powers' turns must be 1, 2, ... without a gap")
    for p in board.powers:
        cap = board.spaces.get(p.capital)
        if cap is None or not cap.capital or cap.owner != p.code or not cap.complex:
            raise BoardError(f"{p.code}: capital {p.capital} must be its own territory with a complex")
    for code, near in board.neighbours.items():
        for other in near:
            if other not in codes:
                raise BoardError(f"{code}: unknown neighbour {other}")
            if code not in board.neighbours[other]:
                raise BoardError(f"{code} -> {other} is one-way")
            if other == code:
                raise BoardError(f"{code} touches itself")
    for code, space in board.spaces.items():
        if space.land:
            if space.impassable != (space.owner is None):
                raise BoardError(f"{code}: impassable exactly when it has no owner")
            if space.owner is not None and space.owner not in players | holders:
                raise BoardError(f"{code}: unknown owner {space.owner}")
        elif space.convoy is not None:
            if space.convoy.owner not in players:
                raise BoardError(f"{code}: convoy owner {space.convoy.owner} is no power")
            req = space.convoy.requires
            if req is not None and (req not in codes or not board.spaces[req].land):
                raise BoardError(f"{code}: convoy requires {req}, no territory")
    for canal in board.canals:
        if len(canal.zones) != 2 or not all(z in codes and board.spaces[z].sea for z in canal.zones):
            raise BoardError(f"canal {canal.code}: must join two sea zones")
        a, b = sorted(canal.zones)
        if not board.adjacent(a, b):
            raise BoardError(f"canal {canal.code}: {a} and {b} are not adjacent")
    if COMPLEX not in board.unit_types:
        raise BoardError("the unit table has no complex")
    for placed, groups in board.setup.items():
        where = board.spaces.get(placed)
        if where is None:
            raise BoardError(f"setup: unknown space {placed}")
        for g in groups:
            if g.owner not in players:
                raise BoardError(f"setup {placed}: {g.owner} is no power")
            domain = board.unit_types[g.type].domain
            if (where.sea and domain != SEA) or (where.land and domain == SEA) or domain == FIXED:
                raise BoardError(f"setup {placed}: {g.type} cannot stand there")
