"""Read a Realpolitik variant folder (``.var``, ``.cnt``, ``.gam``, ``.map``); the judges'
``data/map`` files use the same ``.map`` layout.

* ``.map`` has three sections, each closed by a line ``-1``: spaces
  (``Full Name, type abbr aliases``), moves (``abbr-mv:`` armies, ``abbr-xc:`` fleets of a
  one-coast space, ``abbr-nc:`` ``-sc:`` ``-ec:`` ``-wc:`` fleets of each coast), and the
  order of centres in reports (not needed).
  Type: ``l`` land, ``w`` water, ``x`` neutral centre, a power's initial for its home
  centre, ``v`` ice; a trailing ``w`` lets a coastal space convoy, a digit marks a canal.
* ``.cnt``: version, number of countries, then ``name adjective initial pattern colour``.
* ``.gam``: version, game, variant, ``Season Year``, adjustments, countries, then per
  country an adjustment line, the centres it owns, (version 2) other land, its units.
* ``.var``: ``key: value`` lines; the build rule (Standard, Chaos, Aberration) and the
  centres needed to win are read from it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .model import PowerFacts, ProvinceFacts, VariantFacts, Where, to_variant
from .notes import ImportFailed, Note

_MOVE_LINE = re.compile(r"^([A-Za-z0-9]+)-([a-z]{2}):(.*)$")
COLOURS = {
    "red": "#D55E00",
    "blue": "#0072B2",
    "lightblue": "#56B4E9",
    "cyan": "#56B4E9",
    "green": "#009E73",
    "darkgreen": "#228833",
    "yellow": "#E69F00",
    "orange": "#E69F00",
    "magenta": "#CC79A7",
    "pink": "#CC79A7",
    "purple": "#9467BD",
    "violet": "#9467BD",
    "brown": "#8C564B",
    "black": "#333333",
    "gray": "#7F7F7F",
    "grey": "#7F7F7F",
    "white": "#DDDDDD",
    "tan": "#D2B48C",
    "olive": "#BCBD22",
    "teal": "#17BECF",
}
BUILD_RULES = {"standard": "home", "chaos": "any"}


def _data_lines(path: Path) -> list[tuple[Where, str]]:
    try:
        text = path.read_text(encoding="latin-1")
    except OSError as exc:
        raise ImportFailed(f"cannot read {path}: {exc.strerror}") from exc
    out = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            out.append((Where(path.name, n), line))
    return out


def _find(folder: Path, stem: str, ext: str) -> Path | None:
    for p in sorted(folder.iterdir()):
        if p.suffix.lower() == ext and (p.stem.lower() == stem.lower()):
            return p
    found = [p for p in sorted(folder.iterdir()) if p.suffix.lower() == ext]
    return found[0] if len(found) == 1 else None


def read_realpolitik(
    folder: Path, name: str | None = None
) -> tuple[dict[str, Any], tuple[Note, ...]]:
    """The variant dict and the notes for a Realpolitik variant folder."""
    var = next((p for p in sorted(folder.iterdir()) if p.suffix.lower() == ".var"), None)
    settings = _read_var(var) if var else {}
    stem = Path(settings.get("map", "")).stem or (var.stem if var else folder.name)
    facts = VariantFacts(name=(name or stem).lower(), title=settings.get("name", ""))
    map_file = _find(folder, stem, ".map")
    if map_file is None:
        raise ImportFailed(f"{folder}: no .map file")
    cnt = _find(folder, stem, ".cnt")
    gam = _find(folder, stem, ".gam")
    if var is None:
        facts.note(
            None, "no .var file: build rule home centres, victory more than half the centres"
        )
    build = settings.get("build", "standard").lower()
    if build in BUILD_RULES:
        facts.build_rule = BUILD_RULES[build]
    else:
        facts.note(
            Where(var.name if var else facts.name, 0),
            f"build rule {build!r} is not supported; builds on home centres only",
        )
    if settings.get("centers", "0").isdigit() and int(settings.get("centers", "0")) > 0:
        facts.victory = int(settings["centers"])
    initials = _read_cnt(facts, cnt) if cnt else {}
    if cnt is None:
        facts.note(None, "no .cnt file: powers named by their initials")
    _read_map(facts, map_file, initials)
    if gam is not None:
        _read_gam(facts, gam)
    else:
        facts.note(None, "no .gam file: no starting units")
    return to_variant(facts), tuple(facts.notes)


def _read_var(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    keys = (
        "version",
        "name",
        "map",
        "countries",
        "game",
        "bwmap",
        "colormap",
        "regions",
        "info",
        "build",
        "centers",
        "flags",
    )
    values = [line.partition(":")[2].strip() for _, line in _data_lines(path) if ":" in line]
    for k, v in zip(keys, values):
        out[k] = v.strip('"')
    return out


def _read_cnt(facts: VariantFacts, path: Path) -> dict[str, str]:
    """Initial letter -> power key."""
    lines = _data_lines(path)
    initials: dict[str, str] = {}
    if len(lines) < 2 or not lines[1][1].isdigit():
        facts.note(
            lines[0][0] if lines else Where(path.name, 0), "country file header not understood"
        )
        return initials
    for where, line in lines[2 : 2 + int(lines[1][1])]:
        words = line.replace(",", " ").split()
        if len(words) < 3:
            facts.note(where, f"country line not understood; ignored: {line[:60]}")
            continue
        key = re.sub(r"[^A-Z0-9]", "", words[0].upper())
        p = PowerFacts(key, words[0].replace("_", " "), where, adjective=words[1])
        colour = words[4].lower() if len(words) > 4 else ""
        if colour in COLOURS:
            p.colour = COLOURS[colour]
        elif colour:
            facts.note(where, f"colour {colour!r} not known; a default colour used")
        facts.powers[key] = p
        initials[words[2]] = key
    return initials


def _sections(lines: list[tuple[Where, str]]) -> list[list[tuple[Where, str]]]:
    sections: list[list[tuple[Where, str]]] = [[]]
    for where, line in lines:
        if line == "-1":
            sections.append([])
        else:
            sections[-1].append((where, line))
    return sections


def _read_map(facts: VariantFacts, path: Path, initials: dict[str, str]) -> None:
    sections = _sections(_data_lines(path))
    if len(sections) < 2:
        raise ImportFailed(f"{path}: no '-1' line closing the list of spaces")
    homes: dict[str, list[str]] = {}
    for where, line in sections[0]:
        full, comma, rest = line.partition(",")
        words = rest.split()
        if not comma or len(words) < 2:
            facts.note(where, f"space line not understood; ignored: {line[:60]}")
            continue
        kind, code = words[0], words[1].upper()
        terrain, centre = _space_kind(facts, where, kind, code, initials, homes)
        p = ProvinceFacts(code, terrain, where, name=full.strip(), centre=centre)
        p.aliases = [a.upper() for a in words[2:] if a.upper() != code]
        facts.provinces[code] = p
    moves = [(w, m) for w, line in sections[1] if (m := _MOVE_LINE.match(line))]
    for where, line in sections[1]:
        if not _MOVE_LINE.match(line):
            facts.note(where, f"move line not understood; ignored: {line[:60]}")
    for where, m in moves:  # coasts first: a fleet target may name one
        code, tag = m.group(1).upper(), m.group(2)
        if code in facts.provinces and tag not in ("mv", "xc", "mx"):
            p = facts.provinces[code]
            if tag.upper() not in p.coasts:
                p.coasts.append(tag.upper())
    for where, m in moves:
        code, tag = m.group(1).upper(), m.group(2)
        space = facts.provinces.get(code)
        if space is None:
            facts.note(where, f"moves for unknown space {code}; ignored")
            continue
        if tag != "mv" and space.terrain == "land":
            space.terrain = "coast"
    for where, m in moves:
        _moves(facts, where, m.group(1).upper(), m.group(2), m.group(3).split())
    # A space no move reaches or leaves (Switzerland) is impassable.
    linked = {
        p for edge in (*facts.army, *facts.fleet) for loc in edge for p in [loc.partition("/")[0]]
    }
    for code, space in facts.provinces.items():
        if code not in linked and space.terrain == "land":
            space.terrain = "impassable"
            if space.centre:
                facts.note(space.where, f"centre {code} has no moves at all")
    for key, centres in homes.items():
        facts.powers[key].homes.extend(centres)


def _space_kind(
    facts: VariantFacts,
    where: Where,
    kind: str,
    code: str,
    initials: dict[str, str],
    homes: dict[str, list[str]],
) -> tuple[str, bool]:
    head, flags = kind[0], kind[1:]
    terrain, centre = "land", False
    if head == "w":
        terrain = "sea"
    elif head == "v":
        terrain = "sea"
        facts.note(
            where,
            f"{code} is ice (closed in some seasons): arbitro has no seasonal spaces; read as water",
        )
    elif head == "x":
        centre = True
    elif head.isupper():
        centre = True
        key = initials.get(head)
        if key is None:
            key = head
            if key not in facts.powers:
                facts.powers[key] = PowerFacts(key, head, where)
                facts.note(where, f"home centre letter {head} names no country; power {head} made")
        homes.setdefault(key, []).append(code)
    elif head != "l":
        facts.note(where, f"space type {kind!r} not understood; read as land")
    if "w" in flags:
        facts.note(
            where,
            f"{code} may convoy like a sea: arbitro convoys only through seas; not translated",
        )
    return terrain, centre


def _moves(facts: VariantFacts, where: Where, code: str, tag: str, targets: list[str]) -> None:
    if code not in facts.provinces:
        return
    if tag == "mx":
        facts.note(where, f"{code}-mx (moves with one support less) is not supported; ignored")
        return
    for t in targets:
        target = t.upper().replace("(", "/").rstrip(")")
        tprov, _, tcoast = target.partition("/")
        tp = facts.provinces.get(tprov)
        if tp is None:
            facts.note(where, f"{code}-{tag} names unknown space {t}; ignored")
            continue
        if tag == "mv":
            if tp.terrain != "sea" and facts.provinces[code].terrain != "sea":
                facts.army.setdefault((code, tprov), where)
            continue
        source = code if tag == "xc" else f"{code}/{tag.upper()}"
        if tcoast:
            if tcoast not in tp.coasts:
                facts.note(where, f"{code}-{tag} names unknown coast {t}; ignored")
                continue
            facts.fleet.setdefault((source, target), where)
        elif tp.coasts:
            facts.note(where, f"{code}-{tag} names split-coast {tprov} without a coast; ignored")
        else:
            facts.fleet.setdefault((source, tprov), where)


def _read_gam(facts: VariantFacts, path: Path) -> None:
    lines = _data_lines(path)
    if len(lines) < 6:
        facts.note(Where(path.name, 0), "game file too short; no starting units")
        return
    version = lines[0][1]
    when = lines[3][1].split()
    years = [w for w in when if w.isdigit()]
    if years:
        facts.start_year = int(years[0])
    if when and when[0].lower() != "spring":
        facts.note(lines[3][0], f"start {lines[3][1]!r} read as Spring {facts.start_year}")
    if lines[4][1] not in ("0", ""):
        facts.note(
            lines[4][0], "the game file starts in an adjustment phase; read as the spring before"
        )
    per_country = 4 if version.strip() not in ("1", "") else 3
    powers = list(facts.powers.values())
    body = lines[6:]
    for i, p in enumerate(powers):
        chunk = body[i * per_country : (i + 1) * per_country]
        if len(chunk) < per_country:
            facts.note(Where(path.name, 0), f"no starting data for {p.key}")
            continue
        owned = {c.upper() for c in re.split(r"[\s,;]+", chunk[1][1]) if c}
        if owned != set(p.homes):
            facts.note(
                chunk[1][0],
                f"{p.key} starts owning {sorted(owned)}, not its home centres "
                f"{sorted(p.homes)}: arbitro starts powers on their home centres",
            )
        where, text = chunk[-1]
        words = re.split(r"[\s,;]+", text)
        for kind, loc in zip(words[0::2], words[1::2]):
            kind, loc = kind.upper(), loc.upper().replace("(", "/").rstrip(")")
            if kind not in ("A", "F"):
                facts.note(where, f"unit kind {kind} not supported; ignored")
                continue
            if not facts.location_exists(loc):
                facts.note(where, f"unit {kind} {loc}: no such place; ignored")
                continue
            if kind == "F" and not facts.fleet_location(loc):
                facts.note(
                    where, f"fleet {loc} cannot stand there (a coast may be needed); ignored"
                )
                continue
            if kind == "A" and not facts.army_province(loc.partition("/")[0]):
                facts.note(where, f"army {loc} cannot stand there; ignored")
                continue
            p.units.append(f"{kind} {loc if kind == 'F' else loc.partition('/')[0]}")
