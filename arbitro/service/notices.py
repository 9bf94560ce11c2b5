"""Notices to the GM (or the operator): something a person has to look at.

The mail handler (quarantine, wrong passwords, copied mail, bounces), the press relay and
the daemon (undeliverable mail) all tell the GM the same way, once per key.
"""

from __future__ import annotations

from datetime import datetime

from ..config import Config
from ..store import UnitOfWork
from .common import Services


def alert_gm(
    svc: Services,
    uow: UnitOfWork,
    key: str,
    gm: str | None,
    lang: str,
    what: str,
    details: str,
    now: datetime,
    game_id: str | None,
) -> None:
    """Queue a ``gm_alert`` to ``gm``; nothing when there is nobody to tell."""
    if gm:
        svc.mailer.send(uow, key, to=[gm], template="gm_alert", lang=lang,
                        context={"what": what, "details": details, "game_id": game_id},
                        now=now, game_id=game_id)


def operator_of(config: Config) -> str | None:
    """Who hears of mail that belongs to no game: the operator, else the first GM."""
    return config.server.gm_notify_address or next((g.gm_address for g in config.games), None)
