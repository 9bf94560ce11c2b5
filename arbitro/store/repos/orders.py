"""Orders and ballots as received; the newest set per power (per voter) wins (R-ORD-7)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from ..models import Ballot, OrderSubmission, Phase

Row = TypeVar("Row", OrderSubmission, Ballot)


def _newest(session: Session, row: Row, **same: Any) -> Row:
    """Add ``row`` as the one that counts: the rows of its kind matching ``same`` that
    counted until now are superseded (kept, for the history)."""
    model = type(row)
    session.execute(
        update(model)
        .where(*(getattr(model, k) == v for k, v in same.items()), model.superseded.is_(False))
        .values(superseded=True)
    )
    session.add(row)
    session.flush()
    return row


class OrderRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def submit(
        self,
        phase_id: int,
        power: str,
        *,
        text: str,
        parsed: Sequence[Any],
        received_at: datetime,
        player_id: int | None = None,
        source_mail_id: int | None = None,
    ) -> OrderSubmission:
        """Store a set of orders; any earlier set of the power in this phase is superseded."""
        row = OrderSubmission(
            phase_id=phase_id,
            power=power,
            player_id=player_id,
            text=text,
            parsed=list(parsed),
            source_mail_id=source_mail_id,
            received_at=received_at,
            superseded=False,
        )
        return _newest(self.session, row, phase_id=phase_id, power=power)

    def current(self, phase_id: int) -> dict[str, OrderSubmission]:
        """power -> the set of orders that counts."""
        stmt = (
            select(OrderSubmission)
            .where(OrderSubmission.phase_id == phase_id, OrderSubmission.superseded.is_(False))
            .order_by(OrderSubmission.power)
        )
        return {row.power: row for row in self.session.scalars(stmt)}

    def history(self, phase_id: int, power: str | None = None) -> list[OrderSubmission]:
        """Everything received, superseded sets included, oldest first."""
        stmt = select(OrderSubmission).where(OrderSubmission.phase_id == phase_id)
        if power is not None:
            stmt = stmt.where(OrderSubmission.power == power)
        return list(self.session.scalars(stmt.order_by(OrderSubmission.id)))


class BallotRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def cast(
        self,
        phase_id: int,
        *,
        voter_power: str,
        for_power: str,
        orders: Sequence[Any],
        received_at: datetime,
        text: str = "",
        source_mail_id: int | None = None,
    ) -> Ballot:
        """Store a vote; the voter's earlier ballot for the same power is superseded."""
        row = Ballot(
            phase_id=phase_id,
            voter_power=voter_power,
            for_power=for_power,
            text=text,
            orders=list(orders),
            source_mail_id=source_mail_id,
            received_at=received_at,
            superseded=False,
        )
        return _newest(
            self.session, row, phase_id=phase_id, voter_power=voter_power, for_power=for_power
        )

    def current(self, phase_id: int, for_power: str | None = None) -> list[Ballot]:
        """Ballots that count, by for_power then voter."""
        stmt = select(Ballot).where(Ballot.phase_id == phase_id, Ballot.superseded.is_(False))
        if for_power is not None:
            stmt = stmt.where(Ballot.for_power == for_power)
        return list(self.session.scalars(stmt.order_by(Ballot.for_power, Ballot.voter_power)))

    def of_game(self, game_id: str) -> list[Ballot]:
        """Every counting ballot of a game in phase order: published at the end (R-ONP-5)."""
        stmt = (
            select(Ballot)
            .join(Phase, Phase.id == Ballot.phase_id)
            .where(Phase.game_id == game_id, Ballot.superseded.is_(False))
            .order_by(Phase.seq, Ballot.for_power, Ballot.voter_power)
        )
        return list(self.session.scalars(stmt))
