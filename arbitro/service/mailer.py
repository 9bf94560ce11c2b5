"""Mails into the outbox: rendered from templates, queued once per idempotency key.

``Mailer`` is the referee's lasting part (the templates, the server's addresses);
``Outbox`` is one unit of work's queue, which the ``Office`` and every ``Table`` send
through.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from datetime import datetime

from ..config import ServerConfig
from ..config.addresses import game_address
from ..reports import MailTemplates, RenderedMail, TemplateContext
from ..store import Attachment, UnitOfWork
from ..store.models import OutboxMessage


def message_id_for(key: str, referee: str) -> str:
    """A Message-ID fixed by the idempotency key, under the referee's domain: known as soon
    as the mail is queued (the press relay records it to recognise replies)."""
    domain = referee.rsplit("@", 1)[-1] or "localhost"
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
    return f"<{digest}.arbitro@{domain}>"


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


class Outbox:
    """The mails one unit of work queues, at its instant."""

    def __init__(self, mailer: Mailer, uow: UnitOfWork, now: datetime) -> None:
        self.mailer = mailer
        self._uow = uow
        self.now = now

    def has(self, key: str) -> bool:
        """Whether a mail was queued under ``key`` (a step run again sends nothing twice)."""
        return self._uow.outbox.by_key(key) is not None

    def send(
        self,
        key: str,
        *,
        to: Sequence[str],
        template: str,
        lang: str,
        context: TemplateContext,
        game_id: str | None,
        attachments: Sequence[Attachment] = (),
        reply_token: str | None = None,
    ) -> RenderedMail | None:
        """Queue one mail; nothing happens when ``key`` was queued before (a replayed step).
        Returns what was rendered, or None when the key already existed."""
        if not to or self.has(key):
            return None
        mail = self.mailer.render(template, lang, context)
        headers = {"Reply-To": self.mailer.reply_address(reply_token)} if reply_token else {}
        self.put(key, to, mail, game_id, attachments, headers)
        return mail

    def put(
        self,
        key: str,
        to: Sequence[str],
        mail: RenderedMail,
        game_id: str | None,
        attachments: Sequence[Attachment] = (),
        headers: Mapping[str, str] | None = None,
        sender: str | None = None,
    ) -> OutboxMessage:
        """Queue a mail already rendered (the press relay's: its own headers and sender)."""
        return self._uow.outbox.enqueue(
            key, recipients=list(to), subject=mail.subject, body=mail.body, now=self.now,
            attachments=attachments, headers=dict(headers or {}), game_id=game_id, sender=sender,
        )
