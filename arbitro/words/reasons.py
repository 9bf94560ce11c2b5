"""Why an order failed or was void, in words: the adjudicator's codes (``reason.<code>``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import say


def explain(code: str | None, detail: Sequence[Any] = (), lang: str | None = "en") -> str:
    """The reason in the reader's language; details are names already (or nouns), but for
    a unit type ("A", "F"), said here ("un'armata")."""
    if not code:
        return ""
    return say(lang, f"reason.{code}", *(_kind(x, lang) for x in detail))


def _kind(x: Any, lang: str | None) -> Any:
    return say(lang, f"unit.{x}") if isinstance(x, str) and x in ("A", "F") else x
