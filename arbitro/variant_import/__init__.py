"""Importers of variants kept in other programs' formats, into arbitro's variant format.

``import_variant(path)`` reads a judge/DPjudge map file set or a Realpolitik variant
folder and returns the variant as a dict (the shape of maps/*.toml) and the notes on
whatever it could not translate as it stood; ``to_toml`` writes that dict.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .dpjudge import read_dpjudge
from .notes import ImportFailed, Note
from .realpolitik import read_realpolitik
from .writer import to_toml

__all__ = ["ImportFailed", "Note", "detect_format", "import_variant", "to_toml"]


def detect_format(path: Path) -> tuple[str, Path]:
    """("dpjudge" | "realpolitik", the file or folder to read) for a path a GM gives."""
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file())
        if any(p.suffix.lower() in (".var", ".cnt", ".gam") for p in files):
            return "realpolitik", path
        maps = [p for p in files if p.suffix.lower() == ".map"]
        # The top map file is the one no other file USEs.
        used = {w for p in maps for w in _used_names(p)}
        top = [p for p in maps if p.name not in used]
        if len(top) == 1 or (top and any(p.stem == path.name for p in top)):
            chosen = next((p for p in top if p.stem == path.name), top[0])
            return detect_format(chosen)
        raise ImportFailed(
            f"{path}: no variant found (want a .var/.cnt/.gam folder or one .map file)"
        )
    if not path.is_file():
        raise ImportFailed(f"{path}: no such file or folder")
    text = path.read_text(encoding="latin-1", errors="replace")
    if "ABUTS" in text.upper() or any(w[:3].upper() == "USE" for w in text.split()):
        return "dpjudge", path
    if "-mv:" in text or "-xc:" in text:
        return "realpolitik", path.parent
    raise ImportFailed(
        f"{path}: neither a DPjudge map (ABUTS lines) nor a Realpolitik map (-mv: lines)"
    )


def _used_names(path: Path) -> list[str]:
    names = []
    for line in path.read_text(encoding="latin-1", errors="replace").splitlines():
        words = line.split("#", 1)[0].split()
        if words and words[0].upper() in ("USE", "USES"):
            names.extend(words[1:])
    return names


def import_variant(path: Path, name: str | None = None) -> tuple[dict[str, Any], tuple[Note, ...]]:
    kind, target = detect_format(Path(path))
    if kind == "dpjudge":
        return read_dpjudge(target, name)
    return read_realpolitik(target, name)
