"""Replies the mail layer writes itself (refusals, help, GM answers); GM alerts are the
service's (``service.notices``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ....reports import TemplateContext
from ....service.common import Services
from ....store import UnitOfWork
from ....words import has, say
from .base import Request


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


def refuse_text(req: Request, to: str, text: str, code: str) -> str:
    """Tell the sender of ``req`` why nothing was done, in words the service
    already wrote; the note for the log."""
    queue(req.svc, req.uow, f"mail:{req.mail_id}:refused:{code}", to, "mail_refused", req.lang,
          {"reason": text[:1].upper() + text[1:] + ".", "subject": req.mail.subject,
           "game_id": req.game.id}, req.now, req.game.id)
    return f"refused: {code}"


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
