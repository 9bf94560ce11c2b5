"""The map: provinces, coasts and who may move where.

A *location* is a province code (``PAR``) or, for a split-coast province, a
coast (``STP/NC``). Armies always stand on a province; fleets on a location.
"""

from __future__ import annotations

import functools
from collections import deque
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Terrain(StrEnum):
    LAND = "land"
    COAST = "coast"
    SEA = "sea"
    IMPASSABLE = "impassable"


ARMY = "A"
FLEET = "F"

BUILD_HOME, BUILD_ANY_HOME, BUILD_ANY = "home", "any_home", "any"
BUILD_RULES = (BUILD_HOME, BUILD_ANY_HOME, BUILD_ANY)


def province_of(location: str) -> str:
    """``STP/NC`` -> ``STP``; a plain province code is returned unchanged."""
    slash = location.find("/")
    return location if slash < 0 else location[:slash]


@dataclass(frozen=True)
class Province:
    code: str
    terrain: Terrain
    supply_centre: bool
    name_en: str
    name_it: str
    code_it: str
    coasts: tuple[str, ...] = ()  # ("STP/NC", "STP/SC"); empty for one coast
    aliases: tuple[str, ...] = ()  # other English spellings
    it_aliases: tuple[str, ...] = ()  # other Italian codes in use
    it_gender: str = ""  # "m" | "f": Italian messages agree with it ("" unknown)
    it_article: str = ""  # "la", "il", "l'"...; "" for names without one (cities)
    name_ru: str = ""  # Russian name, nominative ("" none: the reader has no Russian for it)
    ru_code: str = ""  # Russian short code ("Сил")
    ru_aliases: tuple[str, ...] = ()  # other Russian names ("Польша" for Warsaw)
    ru_gender: str = ""  # "f" | "m" for a name in -ь, whose cases differ by gender

    @property
    def is_sea(self) -> bool:
        return self.terrain is Terrain.SEA

    @property
    def locations(self) -> tuple[str, ...]:
        return self.coasts or (self.code,)


@dataclass(frozen=True)
class Power:
    name: str  # upper-case key, e.g. "FRANCE"
    name_en: str
    name_it: str
    code_it: str
    colour: str
    home_centres: frozenset[str]
    home_territory: frozenset[str]
    start_units: tuple[tuple[str, str], ...]  # (kind, location)
    # Centres beyond the home centres where this power may build when it owns them.
    build_centres: frozenset[str] = frozenset()
    it_gender: str = ""  # "m" | "f": "all'Italia", "per la Francia" ("" unknown)
    it_article: str = ""  # "" derives it from the name and gender
    name_ru: str = ""


@dataclass(frozen=True, eq=False)
class Board:
    """A variant's map. Compared and hashed by identity: one Board per variant."""

    name: str
    start_year: int
    victory_centres: int
    powers: Mapping[str, Power]
    provinces: Mapping[str, Province]
    army_moves: Mapping[str, frozenset[str]]  # province -> provinces
    fleet_moves: Mapping[str, frozenset[str]]  # location -> locations
    victory_by_power: Mapping[str, int] = field(default_factory=dict)
    english_aliases: Mapping[str, str] = field(default_factory=dict)  # ALIAS -> code
    # Units of no power at the start (R-IMP-3): (kind, location).
    neutral_units: tuple[tuple[str, str], ...] = ()
    # Where powers may build (R-ADJU-1, R-IMP-4): "home" (own home centres only),
    # "any_home" (any owned centre that is some power's home centre) or "any"
    # (any owned centre); ``build_centres`` are owned centres open to every power.
    build_rule: str = "home"
    build_centres: frozenset[str] = frozenset()
    _neighbours: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _distances: dict[frozenset[str], Mapping[str, int]] = field(
        default_factory=dict, repr=False
    )
    _convoy_seas: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict, repr=False)
    _seas_reached: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _seas_near: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _build_sites: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _memos: dict[str, dict[Any, Any]] = field(default_factory=dict, repr=False)

    def memo(self, name: str) -> dict[Any, Any]:
        """A cache of answers about this board that its callers fill (the adjudicator's
        first pass remembers each order's legality here), by the name of what it holds."""
        found = self._memos.get(name)
        if found is None:
            found = self._memos[name] = {}
        return found

    @functools.cached_property
    def numbers(self) -> Numbers:
        """The provinces numbered, with their seas as bitsets (for the adjudicator)."""
        codes = tuple(sorted(self.provinces))
        of = {c: i for i, c in enumerate(codes)}
        seas = self.seas
        sea_next = tuple(
            sum(1 << of[n] for n in self.neighbours(c) if n in seas) for c in codes
        )
        coastal = sum(1 << i for i, c in enumerate(codes) if self.provinces[c].terrain is Terrain.COAST)
        return Numbers(codes, of, sum(1 << of[c] for c in seas), sea_next, coastal)

    # -- geometry -------------------------------------------------------

    def code_for(self, word: str) -> str | None:
        """An English province code or alias (``MID``, ``NAT``) to the province code."""
        w = word.upper()
        return w if w in self.provinces else self.english_aliases.get(w)

    def province(self, location: str) -> Province:
        return self.provinces[province_of(location)]

    def is_location(self, location: str) -> bool:
        return location in self._locations

    @functools.cached_property
    def _locations(self) -> frozenset[str]:
        """Every province code and coast: asked for every location read."""
        return frozenset(loc for p in self.provinces.values() for loc in (p.code, *p.coasts))

    def unit_can_stand(self, kind: str, location: str) -> bool:
        """May a unit of this kind exist on this location?"""
        prov = self.provinces.get(province_of(location))
        if prov is None or prov.terrain is Terrain.IMPASSABLE:
            return False
        if kind == ARMY:
            return prov.terrain is not Terrain.SEA and location == prov.code
        if prov.terrain is Terrain.LAND:
            return False
        return location in prov.coasts if prov.coasts else location == prov.code

    def can_move(self, kind: str, source: str, target: str) -> bool:
        """One ordinary move (no convoy) from location to location."""
        if kind == ARMY:
            return province_of(target) in self.army_moves.get(province_of(source), ())
        return target in self.fleet_moves.get(source, ())

    def reaches(self, kind: str, source: str, province: str) -> bool:
        """Can the unit move into some location of ``province`` (no convoy)?

        This is what support needs: a fleet may support into a split-coast
        province it reaches on either coast (DATC 6.B.4). A fleet written on a
        split-coast province without its coast reaches what either coast reaches.
        """
        if kind == ARMY:
            return province in self.army_moves.get(province_of(source), ())
        return (source, province) in self._fleet_reach

    @functools.cached_property
    def _fleet_reach(self) -> frozenset[tuple[str, str]]:
        """(fleet location, province) pairs a fleet's move can enter: asked for every
        fleet's move and support, so made once per board."""
        pairs = set()
        for source, targets in self.fleet_moves.items():
            for t in targets:
                pairs.add((source, province_of(t)))
                if "/" in source:
                    pairs.add((province_of(source), province_of(t)))
        return frozenset(pairs)

    def fleet_coasts_reached(self, source: str, province: str) -> tuple[str, ...]:
        """The locations of ``province`` a fleet on ``source`` can move to (a fleet
        written on a split-coast province without its coast: from either coast)."""
        moves = self.fleet_moves.get(source)
        if moves is None:
            here = self.provinces.get(province_of(source))
            starts = here.coasts if here is not None else ()
            return tuple(
                loc for loc in self.provinces[province].locations
                if any(loc in self.fleet_moves.get(s, ()) for s in starts)
            )
        return tuple(loc for loc in self.provinces[province].locations if loc in moves)

    # -- sea paths: the one place that knows how armies cross the sea -------

    def convoy_seas(self, origin: str, dest: str) -> frozenset[str]:
        """The seas whose fleets could take part in convoying ``origin`` -> ``dest``:
        a question about the map (any sea may hold a fleet), cached per pair."""
        key = (origin, dest)
        cached = self._convoy_seas.get(key)
        if cached is None:
            provs = self.provinces
            o, d = provs.get(origin), provs.get(dest)
            if (
                o is not None and d is not None and origin != dest
                and o.terrain is Terrain.COAST and d.terrain is Terrain.COAST
            ):
                cached = self._seas_from(origin, None) & self._seas_from(dest, None)
            else:
                cached = frozenset()
            self._convoy_seas[key] = cached
        return cached

    def convoy_route(self, origin: str, dest: str, fleets: Collection[str] | None = None) -> bool:
        """Is there a chain of seas from ``origin`` to ``dest`` (both coastal)?

        ``fleets``: only these seas may be used (where convoying fleets stand);
        None: any sea (could the army be convoyed there at all?).
        """
        if fleets is None:
            return bool(self.convoy_seas(origin, dest))
        if not fleets or origin == dest:
            return False
        return any(s in fleets for s in self.convoy_seas(origin, dest)) and bool(
            self._seas_from(origin, fleets) & self._seas_next_to(dest)
        )

    def _seas_next_to(self, province: str) -> frozenset[str]:
        cached = self._seas_near.get(province)
        if cached is None:
            seas = self.seas
            cached = frozenset(s for s in self.neighbours(province) if s in seas)
            self._seas_near[province] = cached
        return cached

    def _seas_from(self, coast: str, allowed: Collection[str] | None) -> frozenset[str]:
        """Seas connected to a coastal province through seas only (``allowed`` ones, or any)."""
        if allowed is None:
            cached = self._seas_reached.get(coast)
            if cached is not None:
                return cached
        todo = [s for s in self._seas_next_to(coast) if allowed is None or s in allowed]
        seen = set(todo)
        while todo:
            here = todo.pop()
            for nxt in self._seas_next_to(here):
                if nxt not in seen and (allowed is None or nxt in allowed):
                    seen.add(nxt)
                    todo.append(nxt)
        found = frozenset(seen)
        if allowed is None:
            self._seas_reached[coast] = found
        return found

    def neighbours(self, province: str) -> frozenset[str]:
        """Provinces next to this one by land or sea (the graph of R-RET-3)."""
        cached = self._neighbours.get(province)
        if cached is None:
            found = set(self.army_moves.get(province, ()))
            for loc in self.provinces[province].locations:
                found.update(province_of(t) for t in self.fleet_moves.get(loc, ()))
            cached = frozenset(found)
            self._neighbours[province] = cached
        return cached

    def distances_from(self, provinces: Iterable[str]) -> Mapping[str, int]:
        """Graph distance of every province from the nearest of ``provinces``."""
        sources = frozenset(provinces)
        cached = self._distances.get(sources)
        if cached is not None:
            return cached
        dist = {p: 0 for p in sources}
        queue = deque(sources)
        while queue:
            here = queue.popleft()
            for nxt in self.neighbours(here):
                if nxt not in dist and self.provinces[nxt].terrain is not Terrain.IMPASSABLE:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        self._distances[sources] = dist
        return dist

    # -- powers and centres --------------------------------------------

    @functools.cached_property
    def supply_centres(self) -> frozenset[str]:
        return frozenset(p.code for p in self.provinces.values() if p.supply_centre)

    @functools.cached_property
    def seas(self) -> frozenset[str]:
        return frozenset(p.code for p in self.provinces.values() if p.is_sea)

    def victory_threshold(self, power: str) -> int:
        return self.victory_by_power.get(power, self.victory_centres)

    def build_centres_of(self, power: str) -> frozenset[str]:
        """Centres where ``power`` may build when it owns them and they stand empty."""
        cached = self._build_sites.get(power)
        if cached is not None:
            return cached
        own = self.powers.get(power)
        if own is None:
            return frozenset()
        if self.build_rule == BUILD_ANY:
            sites = set(self.supply_centres)
        else:
            sites = set(own.home_centres) | own.build_centres | self.build_centres
            if self.build_rule == BUILD_ANY_HOME:
                for other in self.powers.values():
                    sites |= other.home_centres
        self._build_sites[power] = frozenset(sites)
        return self._build_sites[power]


@dataclass(frozen=True, eq=False)
class Numbers:
    """A board's provinces numbered 0..n-1 in code order, and its seas as bitsets (bit i:
    province i): the adjudicator's arrays are indexed by these numbers."""

    codes: tuple[str, ...]
    of: Mapping[str, int]  # code -> number
    seas: int  # the sea provinces
    sea_next: tuple[int, ...]  # by province: the seas next to it
    coastal: int  # the coastal provinces (where a convoy may start or end)

    def convoy_route(self, origin: int, dest: int, fleets: int) -> bool:
        """Is there a chain of seas, each in ``fleets`` (a bitset), from coastal province
        ``origin`` to coastal ``dest``? (Board.convoy_route over numbers.)"""
        if origin == dest or not (self.coastal >> origin) & 1 or not (self.coastal >> dest) & 1:
            return False
        fleets &= self.seas
        sea_next = self.sea_next
        seen = frontier = sea_next[origin] & fleets
        goal = sea_next[dest]
        while frontier:
            if seen & goal:
                return True
            reach = 0
            while frontier:
                low = frontier & -frontier
                reach |= sea_next[low.bit_length() - 1]
                frontier ^= low
            frontier = reach & fleets & ~seen
            seen |= frontier
        return bool(seen & goal)


class BoardError(ValueError):
    """The variant data itself is inconsistent (a GM's file, not a player's order)."""


def board_from_dict(data: Mapping[str, Any]) -> Board:
    """Build a Board from the parsed variant file (``maps/<name>.toml``)."""
    variant = data.get("variant", {})
    provinces: dict[str, Province] = {}
    army_moves: dict[str, frozenset[str]] = {}
    fleet_moves: dict[str, frozenset[str]] = {}
    for code, raw in data.get("provinces", {}).items():
        code = code.upper()
        coasts_raw: Mapping[str, list[str]] = raw.get("coasts") or {}
        coasts = tuple(f"{code}/{c.upper()}" for c in sorted(coasts_raw))
        try:
            terrain = Terrain(raw["type"])
        except (KeyError, ValueError) as exc:
            raise BoardError(f"province {code}: bad or missing type") from exc
        provinces[code] = Province(
            code=code,
            terrain=terrain,
            supply_centre=bool(raw.get("sc", False)),
            name_en=raw.get("en", code),
            name_it=raw.get("it", raw.get("en", code)),
            code_it=raw.get("it_code", code),
            coasts=coasts,
            aliases=tuple(raw.get("aliases", ())),
            it_aliases=tuple(raw.get("it_aliases", ())),
            it_gender=str(raw.get("it_gender", "")),
            it_article=str(raw.get("it_article", "")),
            name_ru=str(raw.get("ru", "")),
            ru_code=str(raw.get("ru_code", "")),
            ru_aliases=tuple(raw.get("ru_aliases", ())),
            ru_gender=str(raw.get("ru_gender", "")),
        )
        army_moves[code] = frozenset(x.upper() for x in raw.get("army", ()))
        if coasts:
            for coast, targets in coasts_raw.items():
                fleet_moves[f"{code}/{coast.upper()}"] = frozenset(t.upper() for t in targets)
        elif raw.get("fleet"):
            fleet_moves[code] = frozenset(t.upper() for t in raw["fleet"])
    powers: dict[str, Power] = {}
    victory_by_power: dict[str, int] = {}
    for name, raw in data.get("powers", {}).items():
        name = name.upper()
        units = _units(raw.get("units", ()))
        powers[name] = Power(
            name=name,
            name_en=raw.get("en", name.title()),
            name_it=raw.get("it", raw.get("en", name.title())),
            code_it=raw.get("it_code", name[:3]),
            colour=raw.get("colour", "#888888"),
            home_centres=frozenset(raw.get("home_centres", ())),
            home_territory=frozenset(raw.get("home_territory", raw.get("home_centres", ()))),
            start_units=tuple(units),
            build_centres=frozenset(c.upper() for c in raw.get("build_centres", ())),
            it_gender=str(raw.get("it_gender", "")),
            it_article=str(raw.get("it_article", "")),
            name_ru=str(raw.get("ru", "")),
        )
        if "victory_centres" in raw:
            victory_by_power[name] = int(raw["victory_centres"])
    build_rule = str(variant.get("builds", BUILD_HOME))
    if build_rule not in BUILD_RULES:
        raise BoardError(f"variant: builds must be one of {', '.join(BUILD_RULES)}, not {build_rule!r}")
    board = Board(
        name=variant.get("name", "unnamed"),
        start_year=int(variant.get("start_year", 1901)),
        # Without a stated count: more than half the centres (18 of 34 on the standard map).
        victory_centres=int(
            variant.get(
                "victory_centres",
                sum(1 for p in provinces.values() if p.supply_centre) // 2 + 1,
            )
        ),
        powers=powers,
        provinces=provinces,
        army_moves=army_moves,
        fleet_moves=fleet_moves,
        victory_by_power=victory_by_power,
        english_aliases={
            a.upper(): p.code for p in provinces.values() for a in p.aliases if a.upper() not in provinces
        },
        neutral_units=tuple(_units(data.get("neutral", {}).get("units", ()))),
        build_rule=build_rule,
        build_centres=frozenset(c.upper() for c in variant.get("build_centres", ())),
    )
    _check(board)
    return board


def _units(texts: Iterable[str]) -> list[tuple[str, str]]:
    """``["A VIE", "F STP/SC"]`` -> ``[("A", "VIE"), ("F", "STP/SC")]``."""
    units = []
    for text in texts:
        kind, _, loc = text.strip().partition(" ")
        units.append((kind.upper(), loc.strip().upper()))
    return units


def _check(board: Board) -> None:
    """Refuse a map whose facts contradict each other, naming the fact."""
    for code, targets in board.army_moves.items():
        for t in targets:
            if t not in board.provinces:
                raise BoardError(f"province {code}: army adjacency names unknown {t}")
            if code not in board.army_moves.get(t, ()):
                raise BoardError(f"army adjacency {code}-{t} is not symmetric")
    for loc, targets in board.fleet_moves.items():
        for t in targets:
            if not board.is_location(t):
                raise BoardError(f"location {loc}: fleet adjacency names unknown {t}")
            if loc not in board.fleet_moves.get(t, ()):
                raise BoardError(f"fleet adjacency {loc}-{t} is not symmetric")
    for power in board.powers.values():
        for c in power.home_centres | power.build_centres:
            if c not in board.provinces or not board.provinces[c].supply_centre:
                raise BoardError(f"{power.name}: home or build centre {c} is not a supply centre")
    for c in board.build_centres:
        if c not in board.provinces or not board.provinces[c].supply_centre:
            raise BoardError(f"variant: build centre {c} is not a supply centre")
    standing: dict[str, str] = {}
    owners = [(p.name, p.start_units) for p in board.powers.values()]
    for name, units in owners + [("neutral", board.neutral_units)]:
        for kind, loc in units:
            if not board.unit_can_stand(kind, loc):
                raise BoardError(f"{name}: start unit {kind} {loc} cannot stand there")
            prov = province_of(loc)
            if prov in standing:
                raise BoardError(f"{name}: start unit {kind} {loc} shares {prov} with {standing[prov]}")
            standing[prov] = name
