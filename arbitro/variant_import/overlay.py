"""A variant file written on top of another (``[variant] base = "NAME"``).

How an overlay applies to its base (documented in docs/VARIANTS.md):

1. its ``[[edits]]`` run first, in order, on the base (``link``, ``unlink``,
   ``join_coasts``, ``rename_power``);
2. then its tables merge into the base's: a table merges key by key, a table holding
   ``drop = true`` removes that entry, a key ending in ``+`` adds items to a list and
   one ending in ``-`` removes items, and any other value replaces the base's.

A GM overrides a variant of the project the same way: a file with ``base`` set to it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..diplomacy.board import BoardError


def apply_overlay(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(dict(base))
    for i, edit in enumerate(overlay.get("edits", ())):
        _edit(data, edit, i + 1)
    rest = {k: v for k, v in overlay.items() if k != "edits"}
    _merge(data, rest, "")
    data.get("variant", {}).pop("base", None)
    return data


def _merge(into: dict[str, Any], over: Mapping[str, Any], path: str) -> None:
    for key, value in over.items():
        where = f"{path}{key}"
        if key.endswith(("+", "-")):
            name = key[:-1]
            current = list(into.get(name, []))
            if not isinstance(value, list) or not isinstance(current, list):
                raise BoardError(f"overlay {where}: adds and removals need lists")
            if key.endswith("+"):
                current += [v for v in value if v not in current]
            else:
                missing = [v for v in value if v not in current]
                if missing:
                    raise BoardError(f"overlay {where}: {missing} not in the base's {path}{name}")
                current = [v for v in current if v not in value]
            into[name] = current
        elif isinstance(value, Mapping) and value.get("drop") is True:
            if key not in into:
                raise BoardError(f"overlay {where}: drops something the base does not have")
            del into[key]
        elif isinstance(value, Mapping) and isinstance(into.get(key), dict):
            _merge(into[key], value, f"{where}.")
        else:
            into[key] = copy.deepcopy(value)


def _edit(data: dict[str, Any], edit: Mapping[str, Any], n: int) -> None:
    op = edit.get("op")
    provinces = data.setdefault("provinces", {})
    if op in ("link", "unlink"):
        a, b = str(edit.get("a", "")).upper(), str(edit.get("b", "")).upper()
        for loc in (a, b):
            if loc.partition("/")[0] not in provinces:
                raise BoardError(f"edit {n} ({op}): unknown province {loc}")
        if edit.get("army", False):
            pa, pb = a.partition("/")[0], b.partition("/")[0]
            _link(provinces[pa], "army", pb, op == "link")
            _link(provinces[pb], "army", pa, op == "link")
        if edit.get("fleet", False):
            _link_fleet(provinces, a, b, op == "link", n)
            _link_fleet(provinces, b, a, op == "link", n)
    elif op == "join_coasts":
        _join_coasts(data, str(edit.get("province", "")).upper(), n)
    elif op == "rename_power":
        old, new = str(edit.get("from", "")).upper(), str(edit.get("to", "")).upper()
        powers = data.setdefault("powers", {})
        if old not in powers or new in powers:
            raise BoardError(f"edit {n} (rename_power): need an existing {old} and no {new}")
        powers[new] = powers.pop(old)
    else:
        raise BoardError(f"edit {n}: unknown op {op!r} (link, unlink, join_coasts, rename_power)")


def _link(raw: dict[str, Any], key: str, target: str, add: bool) -> None:
    items = list(raw.get(key, []))
    if add and target not in items:
        items.append(target)
    if not add:
        items = [t for t in items if t != target]
    raw[key] = sorted(items)


def _link_fleet(provinces: dict[str, Any], loc: str, target: str, add: bool, n: int) -> None:
    prov, _, coast = loc.partition("/")
    raw = provinces[prov]
    if coast:
        coasts = raw.get("coasts", {})
        if coast not in coasts:
            raise BoardError(f"edit {n}: {prov} has no coast {coast}")
        items = set(coasts[coast])
        items = items | {target} if add else items - {target}
        coasts[coast] = sorted(items)
    elif raw.get("coasts"):
        raise BoardError(f"edit {n}: {prov} has coasts; name one ({prov}/..)")
    else:
        _link(raw, "fleet", target, add)


def _join_coasts(data: dict[str, Any], prov: str, n: int) -> None:
    """Make a split-coast province one coast (a canal): fleets reach it from all its seas."""
    provinces = data.get("provinces", {})
    raw = provinces.get(prov)
    if raw is None or not raw.get("coasts"):
        raise BoardError(f"edit {n} (join_coasts): {prov} is not a split-coast province")
    coasts = raw.pop("coasts")
    raw["fleet"] = sorted({t for targets in coasts.values() for t in targets})

    def one(loc: str) -> str:
        return prov if loc.partition("/")[0] == prov else loc

    for other in provinces.values():
        if other.get("fleet"):
            other["fleet"] = sorted({one(t) for t in other["fleet"]})
        for c, targets in (other.get("coasts") or {}).items():
            other["coasts"][c] = sorted({one(t) for t in targets})
    for power in data.get("powers", {}).values():
        power["units"] = [f"{u.split()[0]} {one(u.split()[1])}" for u in power.get("units", [])]
