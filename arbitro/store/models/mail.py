"""Mail bookkeeping: inbound mails seen (idempotency, quarantine) and the outbox."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from ..base import Base
from ..status import InboundStatus, OutboxStatus
from ..types import JsonDoc, UtcDateTime, status_type

# IMAP UIDs are 32-bit unsigned, too big for a signed INTEGER on PostgreSQL.
UID = BigInteger().with_variant(Integer(), "sqlite")


class InboundMail(Base):
    """A mail taken from IMAP. Seen once: by (folder, UIDVALIDITY, UID) and by Message-ID."""

    __tablename__ = "inbound_mails"
    __table_args__ = (UniqueConstraint("folder", "uidvalidity", "uid"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    folder: Mapped[str] = mapped_column(String(200), default="INBOX")
    uidvalidity: Mapped[int | None] = mapped_column(UID, default=None)
    uid: Mapped[int | None] = mapped_column(UID, default=None)
    message_id: Mapped[str | None] = mapped_column(String(500), unique=True, default=None)
    sender: Mapped[str] = mapped_column(String(320), default="")
    subject: Mapped[str] = mapped_column(Text, default="")
    raw: Mapped[bytes | None] = mapped_column(LargeBinary, default=None)  # kept for quarantine
    status: Mapped[InboundStatus] = mapped_column(
        status_type(InboundStatus), default=InboundStatus.RECEIVED
    )
    note: Mapped[str] = mapped_column(Text, default="")  # why ignored / quarantined
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), default=None, index=True
    )
    received_at: Mapped[datetime] = mapped_column(UtcDateTime)
    processed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)


class OutboxMessage(Base):
    """A mail to send, written in the same transaction as the change that caused it."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status_next", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    idempotency_key: Mapped[str] = mapped_column(String(255), unique=True)
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), default=None, index=True
    )
    sender: Mapped[str | None] = mapped_column(String(320), default=None)  # None = referee
    recipients: Mapped[list[str]] = mapped_column(JsonDoc)
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    headers: Mapped[dict[str, Any]] = mapped_column(JsonDoc, default=dict)  # Reply-To, ...
    status: Mapped[OutboxStatus] = mapped_column(
        status_type(OutboxStatus), default=OutboxStatus.QUEUED
    )
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_error: Mapped[str] = mapped_column(Text, default="")
    # The first failed attempt: a mail is given up only after failing this long (issue 20).
    first_failed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # When the drainer last handed it to SMTP, and the random token its copy to the
    # referee's own mailbox carries: that copy proves the server took it (see outbox.py).
    claimed_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    receipt_token: Mapped[str | None] = mapped_column(String(64), default=None)
    # sha256 of the token, what a copy is looked up by: the token itself is only ever
    # compared in constant time (OutboxRepo.confirm).
    receipt_digest: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)

    attachments: Mapped[list[OutboxAttachment]] = relationship(
        order_by="OutboxAttachment.position", cascade="all, delete-orphan", lazy="selectin"
    )


class OutboxAttachment(Base):
    __tablename__ = "outbox_attachments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("outbox.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    filename: Mapped[str] = mapped_column(String(255))
    content_type: Mapped[str] = mapped_column(String(100))
    data: Mapped[bytes] = mapped_column(LargeBinary)
