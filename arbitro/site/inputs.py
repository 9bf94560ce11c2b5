"""What an archive file is made from, as a hash: a phase's map and page are written again
only when the hash of their inputs differs from the one the game's manifest remembers (or
the file is missing), so a rebuild rewrites what changed and keeps the rest (issue 30
Build 5). The inputs are the game's values and the code, words, data and fonts that turn
them into files: an upgrade of any of those redraws what it touches."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import PIL

from ..render.kinds import MapKind
from ..reports.maps import map_inputs
from ..reports.templates import TEMPLATES_DIR
from ..variants import MAPS_DIR
from .record import GameRecord

PACKAGE = Path(__file__).resolve().parent.parent  # arbitro/
# What draws a map, and what writes a page (both: the words of the catalogs).
MAP_SOURCES = (PACKAGE / "render", PACKAGE / "words", MAPS_DIR)
PAGE_SOURCES = (PACKAGE / "site", PACKAGE / "reports", PACKAGE / "words", TEMPLATES_DIR / "site",
                MAPS_DIR)
SUFFIXES = (".py", ".po", ".toml", ".json", ".j2", ".css", ".svg")


@functools.cache
def version(kind: str) -> str:
    """A digest of the sources of ``kind`` ("map" or "page"), read once per process."""
    h = hashlib.sha256(kind.encode())
    for base in MAP_SOURCES if kind == "map" else PAGE_SOURCES:
        for path in sorted(p for p in base.rglob("*") if p.is_file() and p.suffix in SUFFIXES):
            h.update(f"{base.name}/{path.relative_to(base)}".encode())
            h.update(path.read_bytes())
    if kind == "map":
        from ..render.style import _FONT_FILES

        h.update(PIL.__version__.encode())
        for paths in _FONT_FILES.values():
            for name in paths:
                p = Path(name)
                if p.is_file():
                    st = p.stat()
                    h.update(f"{p}|{st.st_size}|{st.st_mtime_ns}".encode())
    return h.hexdigest()


def _hash(*parts: str) -> str:
    return hashlib.blake2b("\x00".join(parts).encode("utf-8"), digest_size=20).hexdigest()


def map_hash(record: GameRecord, index: int, width: int) -> str:
    """A phase's map files (PNG, SVG, the animation's frame)."""
    phase = record.phases[index]
    text = map_inputs(record.board, phase.played.outcome, phase.before, record.lang,
                      record.map_options, MapKind.RESULTS, width)
    return _hash(version("map"), text)


def page_hash(record: GameRecord, index: int) -> str:
    """A phase's page: the phase, its neighbours' names (the links), the game's name,
    language and time zone."""
    phase = record.phases[index]
    before = record.phases[index - 1].code if index else ""
    after = record.phases[index + 1].code if index + 1 < len(record.phases) else ""
    text = repr((record.id, record.name, record.lang, record.timezone, record.board.name,
                 phase.code, phase.seq, phase.processed_at, phase.before, phase.played,
                 before, after))
    return _hash(version("page"), text)
