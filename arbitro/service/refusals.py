"""Why the referee did not take a mail, in the player's language (catalog keys
``refusal.<code>``, arbitro/words)."""

from __future__ import annotations

from ..words import say


def days_used(used: int, allowed: int, lang: str) -> str:
    """The detail of a lateness refusal: "giorni usati: 3 su 3"."""
    return say(lang, "refusal.days_used", used=used, allowed=allowed)


def refusal_text(code: str | None, lang: str, detail: str = "", game: str = "") -> str:
    if code is None:
        return ""
    return say(lang, f"refusal.{code}", detail=detail, game=game)
