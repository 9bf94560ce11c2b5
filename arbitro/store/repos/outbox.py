"""The transactional outbox: mails are queued with the change that caused them."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import OutboxAttachment, OutboxMessage
from ..status import OutboxStatus
from .games import NotFound


@dataclass(frozen=True)
class Attachment:
    filename: str
    content_type: str
    data: bytes


_MAX_ID = 2**31 - 1  # the id column is a 32-bit integer on PostgreSQL


def receipt_digest(token: str) -> str:
    """What a receipt is looked up by (the token itself never meets a plain ``==``)."""
    return hashlib.sha256(token.encode()).hexdigest()


class OutboxRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def enqueue(
        self,
        key: str,
        *,
        recipients: Sequence[str],
        subject: str,
        body: str,
        now: datetime,
        attachments: Sequence[Attachment] = (),
        headers: Mapping[str, Any] | None = None,
        game_id: str | None = None,
        sender: str | None = None,
    ) -> OutboxMessage:
        """Queue a mail once per ``key``: a second call with the same key returns the
        first message unchanged (so a replayed step never mails twice)."""
        existing = self.by_key(key)
        if existing is not None:
            return existing
        message = OutboxMessage(
            idempotency_key=key,
            game_id=game_id,
            sender=sender,
            recipients=list(recipients),
            subject=subject,
            body=body,
            headers=dict(headers or {}),
            status=OutboxStatus.QUEUED,
            attempts=0,
            next_attempt_at=now,
            last_error="",
            created_at=now,
            attachments=[
                OutboxAttachment(
                    position=i, filename=a.filename, content_type=a.content_type, data=a.data
                )
                for i, a in enumerate(attachments)
            ],
        )
        try:
            with self.session.begin_nested():  # a concurrent enqueue of the key wins
                self.session.add(message)
        except IntegrityError:
            existing = self.by_key(key)
            if existing is None:
                raise
            return existing
        return message

    def by_key(self, key: str) -> OutboxMessage | None:
        stmt = select(OutboxMessage).where(OutboxMessage.idempotency_key == key)
        return self.session.scalars(stmt).one_or_none()

    def with_prefix(self, game_id: str, prefix: str) -> list[OutboxMessage]:
        """A game's mails whose key starts with ``prefix``, oldest first (what was mailed:
        STORIA reads the results as they were sent)."""
        stmt = select(OutboxMessage).where(OutboxMessage.game_id == game_id,
                                           OutboxMessage.idempotency_key.startswith(prefix, autoescape=True))
        return list(self.session.scalars(stmt.order_by(OutboxMessage.id)))

    def get(self, message_id: int) -> OutboxMessage:
        message = self.session.get(OutboxMessage, message_id)
        if message is None:
            raise NotFound(f"no outbox message {message_id}")
        return message

    def due(
        self, now: datetime, limit: int = 50, stale_before: datetime | None = None
    ) -> list[OutboxMessage]:
        """Messages to hand to SMTP now, oldest first: queued ones whose time has come, and
        ones claimed at or before ``stale_before`` that no receipt has confirmed (the sender
        died, or its copy never came). Locked on PostgreSQL so two senders skip each other."""
        ready = (OutboxMessage.status == OutboxStatus.QUEUED) & (
            OutboxMessage.next_attempt_at <= now
        )
        if stale_before is not None:
            ready = ready | (
                (OutboxMessage.status == OutboxStatus.SENDING)
                & (OutboxMessage.claimed_at <= stale_before)
            )
        stmt = (
            select(OutboxMessage)
            .where(ready)
            .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
        return list(self.session.scalars(stmt))

    def next_due(self, stale_after: timedelta) -> datetime | None:
        """When ``due`` will next return something: the earliest queued message's time,
        or the earliest claim plus ``stale_after``; None when nothing waits."""
        queued = self.session.scalar(
            select(func.min(OutboxMessage.next_attempt_at)).where(
                OutboxMessage.status == OutboxStatus.QUEUED
            )
        )
        claimed = self.session.scalar(
            select(func.min(OutboxMessage.claimed_at)).where(
                OutboxMessage.status == OutboxStatus.SENDING
            )
        )
        times = [t for t in (queued, claimed + stale_after if claimed else None) if t]
        return min(times) if times else None

    def claim(
        self, message_id: int, now: datetime, token: str, stale_before: datetime | None = None
    ) -> str | None:
        """Mark it as being handed to SMTP, by compare-and-set: only a queued message whose
        time has come, or (``stale_before`` given) one claimed at or before it that no
        receipt confirmed, is claimed; any other (claimed by another sender just now, sent,
        failed) gives None. Two senders that read the same due message can never both
        claim it. Returns its receipt token: the first one given, kept for a resend, which
        must be byte for byte the mail that may already have gone."""
        claimable = (OutboxMessage.status == OutboxStatus.QUEUED) & (
            OutboxMessage.next_attempt_at <= now
        )
        if stale_before is not None:
            claimable = claimable | (
                (OutboxMessage.status == OutboxStatus.SENDING)
                & (OutboxMessage.claimed_at <= stale_before)
            )
        stmt = (
            update(OutboxMessage)
            .where(OutboxMessage.id == message_id, claimable)
            .values(
                status=OutboxStatus.SENDING,
                claimed_at=now,
                receipt_token=func.coalesce(OutboxMessage.receipt_token, token),
                receipt_digest=func.coalesce(OutboxMessage.receipt_digest, receipt_digest(token)),
            )
            .returning(OutboxMessage.receipt_token)
            .execution_options(synchronize_session=False)
        )
        claimed: str | None = self.session.execute(stmt).scalar_one_or_none()
        if claimed is not None:
            self._forget(message_id)
        return claimed

    def _forget(self, message_id: int) -> None:
        """The row changed under the session's copy (an UPDATE statement): read it anew."""
        loaded = self.session.identity_map.get(self.session.identity_key(OutboxMessage, message_id))
        if loaded is not None:
            self.session.expire(loaded)

    def confirm(self, receipt: str, now: datetime) -> OutboxMessage | None:
        """The referee's copy of a mail came back (``receipt`` as in its header: the
        mail's random token): the server took it. Marks the message sent; None when no
        unsent message matches. The copy is found by the token's digest; the token itself
        is compared in constant time."""
        if "." in receipt:  # "<id>.<token>": a copy of a mail sent before migration 0012
            message = self._by_old_receipt(receipt)
        elif receipt.isascii() and 16 <= len(receipt) <= 64:
            # an indexed lookup by the digest (no secret), then the token in constant time
            stmt = select(OutboxMessage).filter_by(receipt_digest=receipt_digest(receipt))
            message = self.session.scalars(stmt).one_or_none()
        else:
            return None  # a forged or mangled header: nothing of ours
        token = receipt.rpartition(".")[2]
        if (
            message is None
            or message.receipt_token is None
            or message.status not in (OutboxStatus.SENDING, OutboxStatus.QUEUED)
            or not hmac.compare_digest(message.receipt_token.encode(), token.encode())
        ):
            return None
        message.status = OutboxStatus.SENT
        message.sent_at = now
        message.last_error = ""
        self.session.flush()
        return message

    def _by_old_receipt(self, receipt: str) -> OutboxMessage | None:
        number, _, token = receipt.partition(".")
        if not (number.isascii() and number.isdigit() and len(number) <= 10
                and int(number) <= _MAX_ID and token):
            return None
        return self.session.get(OutboxMessage, int(number))

    def mark_sent(self, message: OutboxMessage, now: datetime) -> None:
        message.status = OutboxStatus.SENT
        message.attempts += 1
        message.sent_at = now
        message.last_error = ""
        self.session.flush()

    def mark_failed(
        self, message: OutboxMessage, now: datetime, error: str, retry_at: datetime | None
    ) -> None:
        """Count a failed attempt; retry at ``retry_at``, or give up when it is None."""
        message.attempts += 1
        message.last_error = error
        if message.first_failed_at is None:
            message.first_failed_at = now
        if retry_at is None:
            message.status = OutboxStatus.FAILED
        else:
            message.status = OutboxStatus.QUEUED
            message.next_attempt_at = max(retry_at, now)
        self.session.flush()

    def counts(self) -> dict[OutboxStatus, int]:
        stmt = select(OutboxMessage.status, func.count()).group_by(OutboxMessage.status)
        found = {OutboxStatus(status): n for status, n in self.session.execute(stmt)}
        return {status: found.get(status, 0) for status in OutboxStatus}
