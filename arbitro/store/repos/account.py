"""Observers of a game's results and pending address moves (issue 16)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import AddressChange, Observer, Player
from .players import normalise_address


class ObserverRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def get(self, game_id: str, address: str) -> Observer | None:
        stmt = select(Observer).where(Observer.game_id == game_id,
                                      Observer.address == normalise_address(address))
        return self.session.scalars(stmt).one_or_none()

    def active(self, game_id: str) -> list[Observer]:
        stmt = select(Observer).where(Observer.game_id == game_id, Observer.ended_at.is_(None))
        return list(self.session.scalars(stmt.order_by(Observer.id)))

    def is_observer(self, game_id: str, address: str) -> bool:
        row = self.get(game_id, address)
        return row is not None and row.ended_at is None

    def start(self, game_id: str, address: str, language: str, now: datetime) -> bool:
        """Subscribe; False when already subscribed."""
        row = self.get(game_id, address)
        if row is not None and row.ended_at is None:
            return False
        if row is None:
            self.session.add(Observer(game_id=game_id, address=normalise_address(address),
                                      language=language, started_at=now))
        else:
            row.started_at, row.ended_at, row.language = now, None, language
        self.session.flush()
        return True

    def stop(self, game_id: str, address: str, now: datetime) -> bool:
        """Unsubscribe; False when not subscribed."""
        row = self.get(game_id, address)
        if row is None or row.ended_at is not None:
            return False
        row.ended_at = now
        self.session.flush()
        return True


class AddressChangeRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def request(self, player: Player, new_address: str, token: str, now: datetime,
                expires_at: datetime) -> AddressChange:
        row = AddressChange(game_id=player.game_id, player_id=player.id,
                            old_address=player.address, new_address=normalise_address(new_address),
                            token=token, requested_at=now, expires_at=expires_at)
        self.session.add(row)
        self.session.flush()
        return row

    def waiting_for(self, game_id: str, new_address: str) -> list[AddressChange]:
        """The moves to ``new_address`` not yet confirmed, newest first (the caller compares
        tokens in constant time: no lookup by a secret)."""
        stmt = select(AddressChange).where(
            AddressChange.game_id == game_id,
            AddressChange.new_address == normalise_address(new_address),
            AddressChange.confirmed_at.is_(None))
        return list(self.session.scalars(stmt.order_by(AddressChange.id.desc())))

    def confirm(self, change: AddressChange, player: Player, now: datetime) -> None:
        """Move the player to the new address (the caller checked sender and expiry)."""
        change.confirmed_at = now
        player.address = change.new_address
        self.session.flush()
