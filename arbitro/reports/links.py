"""Where a game's pages live in the static archive (arbitro/site), so that mails can quote
them: one name per phase that never changes ("1902-spring-movement.html").

The names are English whatever the game's language: a link must not change when a
player reads in another language, and ASCII paths survive every mail client."""

from __future__ import annotations

from ..diplomacy.position import Phase

_SEASONS = {"S": "spring", "F": "autumn", "W": "winter"}
_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}

DOSSIER_ZIP = "archive.zip"  # the end-of-game dossier, in the game's folder
DOSSIER_ANIMATION = "maps.gif"


def phase_page(code: str) -> str:
    """The file of a phase's page: "S1902M" -> "1902-spring-movement.html"."""
    phase = Phase.parse(code)
    season = _SEASONS.get(phase.season, phase.season.lower())
    kind = _KINDS.get(phase.kind, phase.kind.lower())
    return f"{phase.year}-{season}-{kind}.html"


def phase_path(game_id: str, code: str) -> str:
    """A phase page's path from the archive's root."""
    return f"{game_id}/{phase_page(code)}"


def dossier_paths(game_id: str) -> tuple[str, str]:
    """The end-of-game zip and animated map, from the archive's root."""
    return f"{game_id}/{DOSSIER_ZIP}", f"{game_id}/{DOSSIER_ANIMATION}"
