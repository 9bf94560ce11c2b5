"""Mails into the outbox: rendered from templates, queued once per idempotency key."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

from ..config import ServerConfig
from ..reports import MailTemplates, RenderedMail, TemplateContext
from ..store import Attachment, UnitOfWork
from ..store.models import Player
from .addresses import game_address


def message_id_for(key: str, referee: str) -> str:
    """A Message-ID fixed by the idempotency key, under the referee's domain: known as soon
    as the mail is queued (the press relay records it to recognise replies)."""
    domain = referee.rsplit("@", 1)[-1] or "localhost"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return f"<{digest}.arbitro@{domain}>"


def revision(uow: UnitOfWork, game_id: str) -> int:
    """How many times the GM rolled this game back: part of every phase mail's key, so a
    phase played again after a rollback mails again instead of hitting the old key."""
    return sum(1 for e in uow.audit.list(game_id) if e.action == "rollback")


class Mailer:
    def __init__(self, templates: MailTemplates, server: ServerConfig) -> None:
        self.templates = templates
        self.server = server

    def reply_address(self, token: str | None) -> str:
        """arbitro+TOKEN@host when plus-addressing is on: replies then authenticate
        themselves (R-MAIL-2)."""
        address = self.server.referee_address
        if not token:
            return address
        return game_address(address, token, self.server.plus_separator)

    def render(self, template: str, lang: str, context: TemplateContext) -> RenderedMail:
        ctx = {"referee": self.server.referee_address, "lang": lang, **context}
        return self.templates.render(template, lang, ctx)

    def send(
        self,
        uow: UnitOfWork,
        key: str,
        *,
        to: Sequence[str],
        template: str,
        lang: str,
        context: TemplateContext,
        now: datetime,
        game_id: str | None,
        attachments: Sequence[Attachment] = (),
        reply_token: str | None = None,
    ) -> RenderedMail | None:
        """Queue one mail; nothing happens when ``key`` was queued before (a replayed step).
        Returns what was rendered, or None when the key already existed."""
        if not to or uow.outbox.by_key(key) is not None:
            return None
        mail = self.render(template, lang, context)
        headers = {"Reply-To": self.reply_address(reply_token)} if reply_token else {}
        uow.outbox.enqueue(
            key,
            recipients=list(to),
            subject=mail.subject,
            body=mail.body,
            now=now,
            attachments=attachments,
            headers=headers,
            game_id=game_id,
        )
        return mail

    def to_player(
        self,
        uow: UnitOfWork,
        key: str,
        player: Player,
        template: str,
        context: TemplateContext,
        now: datetime,
        attachments: Sequence[Attachment] = (),
    ) -> RenderedMail | None:
        return self.send(
            uow,
            key,
            to=[player.address],
            template=template,
            lang=player.language,
            context={"player": {"name": player.name, "address": player.address}, **context},
            now=now,
            game_id=player.game_id,
            attachments=attachments,
            reply_token=player.reply_token,
        )

    def gm_copy(
        self,
        uow: UnitOfWork,
        key: str,
        gm_address: str,
        lang: str,
        inner: RenderedMail,
        now: datetime,
        game_id: str,
        attachments: Sequence[Attachment] = (),
    ) -> None:
        """The GM gets a copy of what players were sent, once per key."""
        self.send(
            uow,
            key,
            to=[gm_address],
            template="gm_copy",
            lang=lang,
            context={"inner_subject": inner.subject, "inner_body": inner.body},
            now=now,
            game_id=game_id,
            attachments=attachments,
        )
