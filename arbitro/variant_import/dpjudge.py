"""Read a judge/DPjudge map file set (``NAME.map`` and the files it ``USE``s).

What the files say and how it is read (see docs/VARIANTS.md):

* ``Full Name = code alias ...``: names and aliases (``+`` stands for a space).
* ``TYPE LOC ABUTS a b c``: TYPE is WATER, COAST, LAND, PORT (an island both armies
  and fleets may hold) or SHUT (impassable). A split-coast province has one upper-case
  entry per coast (fleets) and a lower-case entry (armies). In the ABUTS list a
  lower-case target is for armies only and a Mixed-case one for fleets only.
* ``POWER (ADJECTIVE[:letter]) centres...``, ``UNOWNED centres...``, a power's name
  alone followed by ``A LOC`` / ``F LOC`` lines, ``BEGIN``, ``VICTORY``, ``RULE``.

Anything else is noted, never silently dropped.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .model import ARMY_TERRAIN, PowerFacts, ProvinceFacts, VariantFacts, Where, to_variant
from .notes import ImportFailed, Note

TERRAIN = {"WATER": "sea", "COAST": "coast", "LAND": "land", "PORT": "coast", "SHUT": "impassable"}
KNOWN_RULES = {"HOME_BUILDS": "any_home", "BUILD_ANY": "any"}
_RULE_MEANING = {
    "HOME_BUILDS": "a power may build on any owned centre that is a home centre of any power",
    "BUILD_ANY": "a power may build on any owned centre",
}
_CONDITIONAL = re.compile(r"^([A-Za-z0-9]+(?:/[A-Za-z]+)?)\(([A-Za-z0-9]+)\)$")
_SEASONS = ("SPRING", "SUMMER", "FALL", "AUTUMN", "WINTER")


def power_key(name: str) -> str:
    """``U+S+A`` -> ``USA``, ``Austria`` -> ``AUSTRIA``."""
    return re.sub(r"[^A-Z0-9]", "", name.upper())


def _display(name: str) -> str:
    parts = [p for p in name.split("+") if p]
    if parts and all(len(p) == 1 for p in parts):
        return "".join(parts).upper()
    return " ".join(p.capitalize() for p in parts)


def _lines(path: Path, seen: set[Path], facts: VariantFacts) -> list[tuple[Where, str]]:
    """All meaningful lines of a map file, with the files it USEs read in place."""
    out: list[tuple[Where, str]] = []
    if path in seen:
        facts.note(Where(path.name, 0), "file USEd twice; read once")
        return out
    seen.add(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise ImportFailed(f"cannot read {path}: {exc.strerror}", tuple(facts.notes)) from exc
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = Where(path.name, n)
        words = line.split()
        if words[0].upper() in ("USE", "USES"):
            for name in words[1:]:
                used = path.parent / name
                if not used.is_file():
                    alt = used.with_suffix(used.suffix or ".map")
                    used = alt if alt.is_file() else used
                if not used.is_file():
                    facts.note(where, f"USEd file {name} not found; skipped")
                    continue
                out.extend(_lines(used, seen, facts))
            continue
        out.append((where, line))
    return out


def read_dpjudge(
    map_file: Path, name: str | None = None
) -> tuple[dict[str, Any], tuple[Note, ...]]:
    """The variant dict and the notes for a DPjudge ``.map`` file."""
    facts = VariantFacts(name=(name or map_file.stem).lower())
    lines = _lines(map_file, set(), facts)
    names: list[tuple[Where, str, list[str]]] = []
    geography: list[tuple[Where, str, str, list[str]]] = []
    centres: dict[str, tuple[str | None, Where]] = {}  # centre -> (owner key or None, where)
    unit_lines: list[tuple[Where, str | None, str, str]] = []
    power_names: dict[str, PowerFacts] = {}
    current: str | None = None
    for where, line in lines:
        words = line.split()
        head = words[0].upper()
        if "=" in line:
            full, _, codes = line.partition("=")
            names.append((where, full.strip(), codes.split()))
        elif len(words) >= 3 and head in TERRAIN and words[2].upper() == "ABUTS":
            geography.append((where, head, words[1], words[3:]))
        elif len(words) == 2 and head in TERRAIN:
            geography.append((where, head, words[1], []))
        elif head == "BEGIN":
            _begin(facts, where, words[1:])
        elif head == "VICTORY":
            _victory(facts, where, words[1:])
        elif head in ("RULE", "RULES"):
            for rule in words[1:]:
                rule = rule.upper()
                if rule in KNOWN_RULES:
                    facts.build_rule = KNOWN_RULES[rule]
                    facts.note(
                        where,
                        f"rule {rule} read as builds = {KNOWN_RULES[rule]!r} ({_RULE_MEANING[rule]})",
                    )
                else:
                    facts.note(where, f"rule {rule} is not supported; ignored")
        elif head == "UNOWNED":
            for c in words[1:]:
                _centre(facts, centres, c.upper(), None, where)
            current = None
        elif head in ("A", "F") and len(words) == 2:
            unit_lines.append((where, current, head, words[1].upper()))
        elif len(words) >= 2 and words[1].startswith("("):
            key = power_key(words[0])
            adjective, _, rest = line[len(words[0]) :].strip()[1:].partition(")")
            p = power_names.get(key) or PowerFacts(key, _display(words[0]), where)
            p.adjective = adjective.split(":")[0].strip()
            power_names[key] = p
            for c in rest.split():
                _centre(facts, centres, c.upper(), key, where)
            current = key
        elif len(words) == 1 and re.fullmatch(r"[A-Za-z][A-Za-z+]*", words[0]):
            key = power_key(words[0])
            if key not in power_names:
                power_names[key] = PowerFacts(key, _display(words[0]), where)
            current = key
        elif head in ("MAP", "DIRECTIVE", "FLAG", "FLAGS"):
            facts.note(where, f"{head} line is about the judge, not the game; ignored")
        else:
            facts.note(where, f"line not understood; ignored: {line[:60]}")
    _read_geography(facts, geography)
    _read_names(facts, names)
    for c, (owner, where) in centres.items():
        if c not in facts.provinces:
            facts.note(where, f"supply centre {c} is not a space of the map; ignored")
            continue
        facts.provinces[c].centre = True
        if owner is not None:
            power_names[owner].homes.append(c)
    facts.powers = power_names
    for where, owner, kind, loc in unit_lines:
        _unit(facts, where, owner, kind, loc)
    if not facts.provinces:
        raise ImportFailed(f"{map_file}: no spaces found", tuple(facts.notes))
    return to_variant(facts), tuple(facts.notes)


def _centre(
    facts: VariantFacts,
    centres: dict[str, tuple[str | None, Where]],
    c: str,
    owner: str | None,
    where: Where,
) -> None:
    if c in centres:
        facts.note(where, f"supply centre {c} listed twice; the first listing kept")
        return
    centres[c] = (owner, where)


def _begin(facts: VariantFacts, where: Where, words: list[str]) -> None:
    upper = [w.upper() for w in words]
    years = [w for w in words if w.isdigit()]
    if not years:
        facts.note(where, "BEGIN without a year; ignored")
        return
    facts.start_year = int(years[0])
    season = next((w for w in upper if w in _SEASONS), "SPRING")
    if season != "SPRING" or ("MOVEMENT" not in upper and len(upper) > 2):
        facts.note(where, f"start {' '.join(words)} read as Spring {facts.start_year} movement")


def _victory(facts: VariantFacts, where: Where, words: list[str]) -> None:
    numbers = [w for w in words if w.isdigit()]
    if not numbers:
        facts.note(where, "VICTORY without a number; ignored")
        return
    facts.victory = int(numbers[0])
    if len(numbers) > 1:
        facts.note(where, f"VICTORY lists {len(numbers)} counts (by year); only {numbers[0]} kept")


def _read_geography(
    facts: VariantFacts, geography: list[tuple[Where, str, str, list[str]]]
) -> None:
    # First the spaces and their coasts, then the moves (they need every space's terrain).
    for where, kind, loc, _ in geography:
        prov, _, coast = loc.upper().partition("/")
        terrain = TERRAIN[kind]
        p = facts.provinces.get(prov)
        if p is None:
            p = facts.provinces[prov] = ProvinceFacts(prov, terrain, where)
        elif p.terrain != terrain and not (coast or loc.islower()):
            facts.note(where, f"{prov} given as {kind} after being {p.terrain}; first kept")
        if coast and coast not in p.coasts:
            p.coasts.append(coast)
    armies_listed = {loc.upper() for _, _, loc, _ in geography if loc.islower()}
    for where, kind, loc, targets in geography:
        prov, _, coast = loc.upper().partition("/")
        p = facts.provinces[prov]
        split = bool(p.coasts)
        army_source = (
            kind in ("LAND", "COAST", "PORT") and not coast and (not split or loc.islower())
        )
        fleet_source = kind in ("WATER", "COAST", "PORT") and (bool(coast) or not split)
        if split and not coast and not loc.islower():
            facts.note(where, f"{prov} has coasts but this entry names none; read for armies")
            army_source = kind != "WATER"
        if split and prov not in armies_listed and coast:
            armies_listed.add(prov)
            facts.note(where, f"split-coast {prov} has no lower-case entry for armies")
        source_loc = loc.upper()
        for t in targets:
            _target(facts, where, prov, source_loc, army_source, fleet_source, t)


def _target(
    facts: VariantFacts,
    where: Where,
    prov: str,
    source_loc: str,
    army_source: bool,
    fleet_source: bool,
    token: str,
) -> None:
    cond = _CONDITIONAL.match(token)
    if cond:
        facts.note(
            where,
            f"move {source_loc} -> {cond.group(1).upper()} allowed only to the owner of "
            f"{cond.group(2).upper()}: arbitro has no owner-dependent moves; left out",
        )
        return
    target = token.upper()
    tprov, _, tcoast = target.partition("/")
    if tprov not in facts.provinces:
        facts.note(where, f"{source_loc} abuts unknown space {token}; ignored")
        return
    if tcoast and tcoast not in facts.provinces[tprov].coasts:
        facts.note(where, f"{source_loc} abuts unknown coast {token}; ignored")
        return
    army_ok = token == token.upper() or token == token.lower()
    fleet_ok = token != token.lower() or not any(ch.isalpha() for ch in token)
    tp = facts.provinces[tprov]
    if army_source and army_ok and tp.terrain in ARMY_TERRAIN and tprov != prov:
        facts.army.setdefault((prov, tprov), where)
    if fleet_source and fleet_ok and tp.terrain not in ("land", "impassable"):
        if tcoast:
            facts.fleet.setdefault((source_loc, target), where)
        elif tp.coasts:
            facts.note(
                where,
                f"{source_loc} abuts split-coast {tprov} without naming a coast; no fleet move",
            )
        else:
            facts.fleet.setdefault((source_loc, tprov), where)


def _read_names(facts: VariantFacts, names: list[tuple[Where, str, list[str]]]) -> None:
    taken: dict[str, str] = {}
    for where, full, codes in names:
        if not codes:
            facts.note(where, f"name {full!r} without a code; ignored")
            continue
        code = codes[0].upper()
        if "/" in code or "(" in code:
            continue  # coast names: arbitro reads BUL/EC, BUL(EC) and "east coast" itself
        p = facts.provinces.get(code)
        if p is None:
            facts.note(where, f"name {full!r} for {code}, which has no ABUTS line; ignored")
            continue
        if p.name and p.name != full:
            facts.note(where, f"{code} named again ({full!r}); first name {p.name!r} kept")
            continue
        p.name = full
        for alias in codes[1:]:
            a = alias.replace("+", " ").upper()
            if "/" in a or "(" in a or a == code:
                continue
            if a in facts.provinces or taken.get(a, code) != code:
                facts.note(where, f"alias {a} of {code} names another space too; left out")
                continue
            taken[a] = code
            if a not in p.aliases:
                p.aliases.append(a)


def _unit(facts: VariantFacts, where: Where, owner: str | None, kind: str, loc: str) -> None:
    if owner is None or owner not in facts.powers:
        facts.note(where, f"unit {kind} {loc} belongs to no power read so far; ignored")
        return
    prov = loc.partition("/")[0]
    if not facts.location_exists(loc):
        facts.note(where, f"unit {kind} {loc}: no such place; ignored")
        return
    if kind == "A" and not facts.army_province(prov):
        facts.note(where, f"army {loc} cannot stand there; ignored")
        return
    if kind == "F" and not facts.fleet_location(loc):
        facts.note(where, f"fleet {loc} cannot stand there (a coast may be needed); ignored")
        return
    facts.powers[owner].units.append(f"{kind} {loc if kind == 'F' else prov}")
