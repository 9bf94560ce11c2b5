"""A phase as players write it in a command (MAPPA P1902, STORIA 1901 1902): the referee's
codes ("S1902M", "F1901R", "W1901A"), the Italian short forms ("P1902", "A1903", "I1901"),
and season words in Italian, English or Russian, in either order ("primavera 1902",
"1902 spring", "autunno 1901 ritirate", "осень 1901").

Pure input vocabulary (like ``order_words``): what a player writes, never what the referee
says back, which comes from the catalogs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..spelling.folding import fold
from .position import ADJUSTMENT, FALL, MOVEMENT, RETREAT, SPRING, WINTER, Phase

# Letters and words for seasons; Italian P/A/I and English S/F/W do not clash.
_SEASONS = {
    "p": SPRING, "s": SPRING, "primavera": SPRING, "spring": SPRING, "pri": SPRING, "spr": SPRING,
    "a": FALL, "f": FALL, "autunno": FALL, "autumn": FALL, "fall": FALL, "aut": FALL,
    "i": WINTER, "w": WINTER, "inverno": WINTER, "winter": WINTER, "inv": WINTER, "win": WINTER,
    # Russian, folded (й -> и): "КАРТА весна 1902", "ИСТОРИЯ осень 1901"
    "весна": SPRING, "веснои": SPRING, "осень": FALL, "осенью": FALL,
    "зима": WINTER, "зимои": WINTER,
}
_KINDS = {
    "m": MOVEMENT, "movimenti": MOVEMENT, "movimento": MOVEMENT, "mosse": MOVEMENT,
    "movement": MOVEMENT, "moves": MOVEMENT,
    "r": RETREAT, "ritirate": RETREAT, "ritirata": RETREAT, "retreats": RETREAT,
    "retreat": RETREAT,
    "a": ADJUSTMENT, "b": ADJUSTMENT, "costruzioni": ADJUSTMENT, "aggiustamenti": ADJUSTMENT,
    "builds": ADJUSTMENT, "adjustments": ADJUSTMENT,
    "движение": MOVEMENT, "ходы": MOVEMENT, "отступления": RETREAT, "отступление": RETREAT,
    "постройки": ADJUSTMENT, "расформирования": ADJUSTMENT,
}
_CODE = re.compile(r"^([a-z])(\d{3,4})([a-z])?$")
_YEAR = re.compile(r"^\d{3,4}$")


@dataclass(frozen=True)
class PhaseRef:
    """What a player named: a year, maybe a season, maybe the kind of phase."""

    year: int
    season: str | None = None  # None: the whole year
    kind: str | None = None  # None: the season's first phase (or the whole season in ranges)

    def matches(self, phase: Phase) -> bool:
        return (phase.year == self.year and self.season in (None, phase.season)
                and self.kind in (None, phase.kind))

    def first(self) -> Phase | None:
        """The one phase meant, when a season is named: its kind, else the season's first
        (movement; the adjustments in winter)."""
        if self.season is None:
            return None
        kind = self.kind or (ADJUSTMENT if self.season == WINTER else MOVEMENT)
        if (self.season == WINTER) != (kind == ADJUSTMENT):
            return None
        return Phase(self.year, self.season, kind)


def read_phase(words: tuple[str, ...] | list[str]) -> PhaseRef | None:
    """The phase some words name, or None when they name none (the caller says so)."""
    folded = [fold(w.strip(".,;:()")) for w in words if w.strip(".,;:()")]
    if len(folded) == 1 and (m := _CODE.match(folded[0])):
        season = _SEASONS.get(m.group(1))
        kind = _KINDS.get(m.group(3)) if m.group(3) else None
        if season is None or (m.group(3) and kind is None):
            return None
        return _valid(PhaseRef(int(m.group(2)), season, kind))
    year = [w for w in folded if _YEAR.match(w)]
    rest = [w for w in folded if not _YEAR.match(w)]
    if len(year) != 1 or len(rest) > 2:
        return None
    season = _SEASONS.get(rest[0]) if rest else None
    if rest and season is None:
        return None
    kind = None
    if len(rest) == 2:
        kind = _KINDS.get(rest[1])
        if kind is None:
            return None
    return _valid(PhaseRef(int(year[0]), season, kind))


def _valid(ref: PhaseRef) -> PhaseRef | None:
    if ref.season is not None and ref.kind is not None and (
            (ref.season == WINTER) != (ref.kind == ADJUSTMENT)):
        return None
    return ref


def split_range(words: tuple[str, ...] | list[str]) -> list[PhaseRef] | None:
    """One or two phases (``STORIA P1901 A1902``, ``STORIA primavera 1901 autunno 1902``,
    ``HISTORY 1901 - 1902``): the words cut where the second phase starts. None when the
    words name no phase or more than two."""
    parts = [w for w in words if w not in ("-", "a", "to", "fino", "al", "..")]
    if not parts:
        return []
    whole = read_phase(parts)
    if whole is not None:
        return [whole]
    for cut in range(1, len(parts)):
        one, two = read_phase(parts[:cut]), read_phase(parts[cut:])
        if one is not None and two is not None:
            return [one, two]
    return None
