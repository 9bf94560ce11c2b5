"""Notices to the GM (or the operator): something a person has to look at.

The mail handler (quarantine, wrong passwords, copied mail, bounces), the press relay and
the daemon (undeliverable mail) all tell the GM the same way (``Office.alert``), once per
key; the operator hears of what belongs to no game.
"""

from __future__ import annotations

from ..config import Config
from .table import Office


def alert_gm(office: Office, key: str, gm: str | None, lang: str, what: str, details: str,
             game_id: str | None) -> None:
    """Queue a ``gm_alert`` to ``gm``; nothing when there is nobody to tell."""
    office.alert(key, gm, lang, what, details, game_id)


def operator_of(config: Config) -> str | None:
    """Who hears of mail that belongs to no game: the operator, else the first GM."""
    return config.server.gm_notify_address or next((g.gm_address for g in config.games), None)
