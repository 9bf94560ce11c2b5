"""Write a variant dict as a maps/*.toml file (the standard library reads TOML but cannot write it)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from .notes import Note

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")

HEADER = """\
# {title}: arbitro variant file written by `arbitro variant import`.
#
# provinces.<CODE>: type = land | coast | sea | impassable; sc = supply centre;
#   army = provinces an army reaches in one move; fleet = locations a fleet reaches;
#   coasts.<NC|SC|..> = fleet moves from each coast of a split-coast province.
# powers.<NAME>: en / it names, colour, home_centres, units ("A VIE", "F STP/SC").
# See docs/VARIANTS.md for every field and for overriding this file with your own.
"""


def _key(k: str) -> str:
    return k if _BARE_KEY.match(k) else json.dumps(k)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _table(lines: list[str], name: str, table: dict[str, Any]) -> None:
    lines.append(f"[{name}]")
    for k, v in table.items():
        lines.append(f"{_key(k)} = {_value(v)}")
    lines.append("")


def to_toml(data: dict[str, Any], notes: Iterable[Note] = ()) -> str:
    """The variant as TOML text; the importer's notes go at the top as comments."""
    variant = data.get("variant", {})
    title = variant.get("title", {})
    lines = HEADER.format(title=title.get("en", variant.get("name", "variant"))).splitlines()
    notes = list(notes)
    if notes:
        lines.append("#")
        lines.append("# Importer notes (what could not be translated as it stood):")
        lines.extend(f"#   {n}" for n in notes)
    lines.append("")
    _table(lines, "variant", variant)
    for name, power in data.get("powers", {}).items():
        _table(lines, f"powers.{_key(name)}", power)
    if data.get("neutral"):
        _table(lines, "neutral", data["neutral"])
    for code, prov in data.get("provinces", {}).items():
        _table(lines, f"provinces.{_key(code)}", prov)
    for name, table in data.items():
        if name not in ("variant", "powers", "neutral", "provinces"):
            _table(lines, _key(name), table)
    return "\n".join(lines).rstrip() + "\n"
