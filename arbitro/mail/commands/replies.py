"""Replies the mail layer writes itself (refusals, help, GM answers); GM alerts are the
service's (``service.notices``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ...reports import TemplateContext
from ...service.common import Services
from ...store import UnitOfWork
from ...words import has, say


def reason_text(code: str, lang: str, **values: Any) -> str:
    """A refusal of the mail layer (catalog keys ``reply.<code>``, shared ones
    ``refusal.<code>``)."""
    key = f"reply.{code}" if has(f"reply.{code}") else f"refusal.{code}"
    return say(lang, key, **values)


def queue(
    svc: Services,
    uow: UnitOfWork,
    key: str,
    to: str,
    template: str,
    lang: str,
    context: TemplateContext,
    now: datetime,
    game_id: str | None,
) -> None:
    svc.mailer.send(uow, key, to=[to], template=template, lang=lang, context=context, now=now,
                    game_id=game_id)


def refuse(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    to: str,
    lang: str,
    code: str,
    now: datetime,
    game_id: str | None,
    subject: str,
    **values: Any,
) -> str:
    """Tell the sender why nothing was done; returns the note for the log."""
    text = reason_text(code, lang, **values)
    queue(svc, uow, f"mail:{mail_id}:refused", to, "mail_refused", lang,
          {"reason": text, "subject": subject, "game_id": game_id}, now, game_id)
    return f"refused: {code}"
