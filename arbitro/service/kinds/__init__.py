"""One seam per game: what the clock, the lifecycle and the GM's operations ask of a
game's rules (``table.Kind``), one module per game, registered here by the game's kind
(``[[game]]``'s ``kind``, Diplomacy unless said).

A second game (Axis & Allies Europe, ``arbitro/axis_allies/``) adds ``kinds/axis_allies.py``
implementing ``Kind`` over its own rules package and one line in ``KINDS``; the service's
clock, lifecycle and GM operations then run it unchanged (docs/SERVICE.md, "One seam per
game").
"""

from __future__ import annotations

from collections.abc import Mapping

from ..table import Kind, Opening
from .diplomacy import DIPLOMACY

KINDS: Mapping[str, Kind] = {DIPLOMACY.name: DIPLOMACY}

__all__ = ["KINDS", "Kind", "Opening"]
