"""The facts an importer gathers, turned into arbitro's variant format (a dict like maps/*.toml).

Both readers (judge/DPjudge map files, Realpolitik folders) fill one ``VariantFacts``;
``to_variant`` then checks it, makes one-way adjacencies two-way (noting each) and
returns the dict that ``board_from_dict`` reads and ``writer.to_toml`` writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .notes import Note

# Distinct, colour-blind-friendly defaults for powers whose files give no usable colour
# (no grey: the renderer draws neutral units grey).
PALETTE = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#332288",
    "#8C564B",
    "#9467BD",
    "#BCBD22",
    "#17BECF",
    "#AA3377",
    "#228833",
    "#EE6677",
    "#4477AA",
    "#CCBB44",
)

ARMY_TERRAIN = ("land", "coast")
FLEET_TERRAIN = ("sea", "coast")


@dataclass
class Where:
    file: str
    line: int


@dataclass
class ProvinceFacts:
    code: str
    terrain: str  # land | coast | sea | impassable
    where: Where
    name: str = ""
    aliases: list[str] = field(default_factory=list)
    coasts: list[str] = field(default_factory=list)  # "NC", "SC" ...
    centre: bool = False


@dataclass
class PowerFacts:
    key: str
    name: str
    where: Where
    adjective: str = ""
    colour: str = ""
    homes: list[str] = field(default_factory=list)
    units: list[str] = field(default_factory=list)  # "A VIE", "F STP/SC"


@dataclass
class VariantFacts:
    name: str
    title: str = ""
    start_year: int | None = None
    victory: int | None = None
    build_rule: str = "home"
    provinces: dict[str, ProvinceFacts] = field(default_factory=dict)
    powers: dict[str, PowerFacts] = field(default_factory=dict)
    # directed adjacency as read: (from, to) -> where it was read
    army: dict[tuple[str, str], Where] = field(default_factory=dict)
    fleet: dict[tuple[str, str], Where] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)

    def note(self, where: Where | None, message: str) -> None:
        w = where or Where(self.name, 0)
        self.notes.append(Note(w.file, w.line, message))

    # -- queries the readers use ------------------------------------------

    def location_exists(self, loc: str) -> bool:
        prov, _, coast = loc.partition("/")
        p = self.provinces.get(prov)
        if p is None:
            return False
        return coast in p.coasts if coast else True

    def fleet_location(self, loc: str) -> bool:
        """May a fleet stand on this location?"""
        prov, _, coast = loc.partition("/")
        p = self.provinces.get(prov)
        if p is None or p.terrain not in FLEET_TERRAIN:
            return False
        return coast in p.coasts if coast else not p.coasts

    def army_province(self, prov: str) -> bool:
        p = self.provinces.get(prov)
        return p is not None and p.terrain in ARMY_TERRAIN


def _two_way(
    facts: VariantFacts, edges: dict[tuple[str, str], Where], kind: str
) -> dict[str, set[str]]:
    """Adjacency as a symmetric map; a move listed one way only is made two-way, with a note."""
    out: dict[str, set[str]] = {}
    for (a, b), where in sorted(edges.items()):
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
        if (b, a) not in edges:
            facts.note(where, f"{kind} move {a} -> {b} is listed one way only; made two-way")
    return out


def to_variant(facts: VariantFacts) -> dict[str, Any]:
    """The variant dict (maps/*.toml shape) for the facts gathered."""
    army = _two_way(facts, facts.army, "army")
    fleet = _two_way(facts, facts.fleet, "fleet")
    centres = sorted(c for c, p in facts.provinces.items() if p.centre)
    victory = facts.victory
    if victory is None:
        victory = len(centres) // 2 + 1
        facts.note(
            None, f"no victory count given: more than half the {len(centres)} centres ({victory})"
        )
    start = facts.start_year
    if start is None:
        start = 1901
        facts.note(None, "no start date given: Spring 1901")
    variant: dict[str, Any] = {
        "name": facts.name,
        "title": {"en": facts.title or facts.name, "it": facts.title or facts.name},
        "start_year": start,
        "victory_centres": victory,
    }
    if facts.build_rule != "home":
        variant["builds"] = facts.build_rule
    data: dict[str, Any] = {"variant": variant, "powers": {}, "provinces": {}}
    for i, (key, power) in enumerate(sorted(facts.powers.items())):
        data["powers"][key] = {
            "en": power.name,
            "it": power.name,
            "it_code": key[:3],
            "colour": power.colour or PALETTE[i % len(PALETTE)],
            "home_centres": sorted(power.homes),
            "units": list(power.units),
        }
    for code, p in sorted(facts.provinces.items()):
        raw: dict[str, Any] = {"type": p.terrain}
        if p.centre:
            raw["sc"] = True
        raw["en"] = p.name or code
        aliases = [a for a in p.aliases if a != code]
        if aliases:
            raw["aliases"] = aliases
        if p.terrain in ARMY_TERRAIN and army.get(code):
            raw["army"] = sorted(army[code])
        if p.coasts:
            raw["coasts"] = {c: sorted(fleet.get(f"{code}/{c}", ())) for c in sorted(p.coasts)}
        elif p.terrain in FLEET_TERRAIN and fleet.get(code):
            raw["fleet"] = sorted(fleet[code])
        data["provinces"][code] = raw
    return data
