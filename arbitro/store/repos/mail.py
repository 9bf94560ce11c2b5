"""Inbound mails: each handled once, whatever the IMAP server replays (R-MAIL intake)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import InboundMail
from ..status import InboundStatus
from .games import NotFound


class InboundRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def find(
        self,
        *,
        folder: str = "INBOX",
        uidvalidity: int | None = None,
        uid: int | None = None,
        message_id: str | None = None,
    ) -> InboundMail | None:
        """The mail already seen under either key, if any."""
        keys: list[ColumnElement[bool]] = []
        if uidvalidity is not None and uid is not None:
            keys.append(
                (InboundMail.folder == folder)
                & (InboundMail.uidvalidity == uidvalidity)
                & (InboundMail.uid == uid)
            )
        if message_id:
            keys.append(InboundMail.message_id == message_id)
        if not keys:
            return None
        stmt = select(InboundMail).where(or_(*keys)).order_by(InboundMail.id).limit(1)
        return self.session.scalars(stmt).first()

    def claim(
        self,
        *,
        now: datetime,
        folder: str = "INBOX",
        uidvalidity: int | None = None,
        uid: int | None = None,
        message_id: str | None = None,
        sender: str = "",
        subject: str = "",
        raw: bytes | None = None,
    ) -> tuple[InboundMail, bool]:
        """Record a mail before handling it. Returns (row, True) the first time, and
        (the earlier row, False) when the mail was already seen by UID or Message-ID."""
        message_id = message_id.strip() if message_id else None
        seen = self.find(folder=folder, uidvalidity=uidvalidity, uid=uid, message_id=message_id)
        if seen is not None:
            return seen, False
        row = InboundMail(
            folder=folder,
            uidvalidity=uidvalidity,
            uid=uid,
            message_id=message_id or None,
            sender=sender,
            subject=subject,
            raw=raw,
            status=InboundStatus.RECEIVED,
            note="",
            received_at=now,
        )
        try:
            with self.session.begin_nested():  # a racing claim loses here, not the caller
                self.session.add(row)
        except IntegrityError:
            seen = self.find(folder=folder, uidvalidity=uidvalidity, uid=uid, message_id=message_id)
            if seen is None:
                raise
            return seen, False
        return row, True

    def get(self, mail_id: int) -> InboundMail:
        row = self.session.get(InboundMail, mail_id)
        if row is None:
            raise NotFound(f"no inbound mail {mail_id}")
        return row

    def mark(
        self,
        mail: InboundMail,
        status: InboundStatus,
        now: datetime,
        *,
        note: str = "",
        game_id: str | None = None,
        keep_raw: bool | None = None,
    ) -> None:
        """Close a mail: processed, ignored or quarantined. The raw bytes are dropped unless
        kept (by default only quarantined mails keep them, for the GM to look at)."""
        mail.status = status
        mail.note = note
        mail.processed_at = now
        if game_id is not None:
            mail.game_id = game_id
        if not (status is InboundStatus.QUARANTINED if keep_raw is None else keep_raw):
            mail.raw = None
        self.session.flush()

    def by_status(self, status: InboundStatus, limit: int = 100) -> list[InboundMail]:
        stmt = (
            select(InboundMail)
            .where(InboundMail.status == status)
            .order_by(InboundMail.id)
            .limit(limit)
        )
        return list(self.session.scalars(stmt))
