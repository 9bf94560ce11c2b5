"""The press archive, the deliveries that authenticate replies, and delayed outbox rows."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import OutboxMessage, PressDelivery, PressMessage


class PressRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def record(
        self,
        game_id: str,
        *,
        phase: str | None,
        from_power: str,
        to_powers: Sequence[str],
        broadcast: bool,
        anonymous: bool,
        subject: str,
        text: str,
        now: datetime,
        deliver_at: datetime,
        images: int = 0,
        source_mail_id: int | None = None,
    ) -> PressMessage:
        row = PressMessage(
            game_id=game_id,
            phase=phase,
            from_power=from_power,
            to_powers=list(to_powers),
            broadcast=broadcast,
            anonymous=anonymous,
            subject=subject,
            text=text,
            images=images,
            source_mail_id=source_mail_id,
            sent_at=now,
            deliver_at=deliver_at,
        )
        self.session.add(row)
        self.session.flush()
        return row

    def add_delivery(
        self, press: PressMessage, power: str, player_id: int | None, message_id: str
    ) -> PressDelivery:
        row = PressDelivery(
            press_id=press.id, power=power, player_id=player_id, message_id=message_id
        )
        self.session.add(row)
        self.session.flush()
        return row

    def delivery(self, game_id: str, message_id: str) -> tuple[PressDelivery, PressMessage] | None:
        """The delivery a reply answers (by the Message-ID it carries), in this game."""
        stmt = (
            select(PressDelivery, PressMessage)
            .join(PressMessage, PressMessage.id == PressDelivery.press_id)
            .where(PressDelivery.message_id == message_id, PressMessage.game_id == game_id)
        )
        found = self.session.execute(stmt).first()
        return (found[0], found[1]) if found else None

    def messages(self, game_id: str) -> list[PressMessage]:
        stmt = (
            select(PressMessage)
            .where(PressMessage.game_id == game_id)
            .order_by(PressMessage.sent_at, PressMessage.id)
        )
        return list(self.session.scalars(stmt))

    def deliveries(self, press: PressMessage) -> list[PressDelivery]:
        stmt = select(PressDelivery).where(PressDelivery.press_id == press.id)
        return list(self.session.scalars(stmt.order_by(PressDelivery.id)))

    def hold(self, message: OutboxMessage, *, until: datetime, date: datetime) -> None:
        """Delay a queued outbox row until ``until`` and give it ``date`` as its creation
        time (the drainer writes it as the mail's Date): delayed, rounded press."""
        message.next_attempt_at = until
        message.created_at = date
        self.session.flush()
