"""Why press was not relayed, in the player's language (catalog keys ``press.<code>``;
the refusals it shares with orders, such as ``not_player``, are ``refusal.<code>``)."""

from __future__ import annotations

from typing import Any

from ..words import has, say


def reason_text(code: str, lang: str, **values: Any) -> str:
    key = f"press.{code}" if has(f"press.{code}") else f"refusal.{code}"
    return say(lang, key, **values)


def state_text(state: str, lang: str) -> str:
    return say(lang, f"press.state.{state}")
