"""Players, who holds which power, and preference lists (R-END-3)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from ..models import Assignment, Player, Preference
from ..passwords import hash_password, new_reply_token, verify_password
from ..status import PlayerStatus
from .games import NotFound


def normalise_address(address: str) -> str:
    return address.strip().lower()


class PlayerRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def add(
        self,
        game_id: str,
        address: str,
        *,
        language: str,
        now: datetime,
        name: str = "",
        password: str | None = None,
        password_hash: str | None = None,
    ) -> Player:
        """Register a player; exactly one of ``password`` (plain) or ``password_hash``."""
        if (password is None) == (password_hash is None):
            raise ValueError("give exactly one of password or password_hash")
        player = Player(
            game_id=game_id,
            address=normalise_address(address),
            name=name,
            language=language,
            password_hash=password_hash
            if password_hash is not None
            else hash_password(password or ""),
            reply_token=new_reply_token(),
            status=PlayerStatus.ACTIVE,
            joined_at=now,
        )
        self.session.add(player)
        self.session.flush()
        return player

    def get(self, player_id: int) -> Player:
        player = self.session.get(Player, player_id)
        if player is None:
            raise NotFound(f"no player {player_id}")
        return player

    def by_address(self, game_id: str, address: str) -> Player | None:
        stmt = select(Player).where(
            Player.game_id == game_id, Player.address == normalise_address(address)
        )
        return self.session.scalars(stmt).one_or_none()

    def by_token(self, token: str) -> Player | None:
        return self.session.scalars(select(Player).where(Player.reply_token == token)).one_or_none()

    def games_of(self, address: str) -> list[Player]:
        """Every active registration of an address (a player may be in several games)."""
        stmt = (
            select(Player)
            .where(
                Player.address == normalise_address(address), Player.status == PlayerStatus.ACTIVE
            )
            .order_by(Player.game_id)
        )
        return list(self.session.scalars(stmt))

    def list(self, game_id: str, *statuses: PlayerStatus) -> list[Player]:
        stmt = select(Player).where(Player.game_id == game_id).order_by(Player.id)
        if statuses:
            stmt = stmt.where(Player.status.in_(statuses))
        return list(self.session.scalars(stmt))

    @staticmethod
    def check_password(player: Player, password: str) -> bool:
        return verify_password(password, player.password_hash)

    def set_password(self, player: Player, password: str) -> None:
        player.password_hash = hash_password(password)
        self.session.flush()

    def new_token(self, player: Player) -> str:
        player.reply_token = new_reply_token()
        self.session.flush()
        return player.reply_token

    def set_status(self, player: Player, status: PlayerStatus, now: datetime) -> None:
        player.status = status
        player.left_at = None if status is PlayerStatus.ACTIVE else now
        self.session.flush()


class AssignmentRepo:
    """The history of who held each power; the open row is the current holder."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def assign(
        self, game_id: str, power: str, player_id: int, *, reason: str, now: datetime
    ) -> Assignment:
        """Give ``power`` to a player, closing the previous holder's assignment."""
        for row in self._open(game_id, power=power):
            row.ended_at = now
        row = Assignment(
            game_id=game_id, power=power, player_id=player_id, reason=reason, started_at=now
        )
        self.session.add(row)
        self.session.flush()
        return row

    def release(self, game_id: str, power: str, now: datetime) -> None:
        """The power has no holder any more (ejection, abandonment)."""
        for row in self._open(game_id, power=power):
            row.ended_at = now
        self.session.flush()

    def current(self, game_id: str) -> dict[str, Player]:
        """power -> holding player, for powers that have one."""
        stmt = (
            select(Assignment.power, Player)
            .join(Player, Player.id == Assignment.player_id)
            .where(Assignment.game_id == game_id, Assignment.ended_at.is_(None))
            .order_by(Assignment.power)
        )
        return {power: player for power, player in self.session.execute(stmt)}

    def power_of(self, player: Player) -> str | None:
        rows = self._open(player.game_id, player_id=player.id)
        return rows[0].power if rows else None

    def history(self, game_id: str) -> list[Assignment]:
        stmt = (
            select(Assignment)
            .where(Assignment.game_id == game_id)
            .order_by(Assignment.started_at, Assignment.id)
        )
        return list(self.session.scalars(stmt))

    def _open(
        self, game_id: str, *, power: str | None = None, player_id: int | None = None
    ) -> list[Assignment]:
        stmt = select(Assignment).where(
            Assignment.game_id == game_id, Assignment.ended_at.is_(None)
        )
        if power is not None:
            stmt = stmt.where(Assignment.power == power)
        if player_id is not None:
            stmt = stmt.where(Assignment.player_id == player_id)
        return list(self.session.scalars(stmt.order_by(Assignment.id)))


class PreferenceRepo:
    def __init__(self, session: Session) -> None:
        self.session = session

    def set(self, player: Player, powers: Sequence[str]) -> None:
        """Replace the player's ranking; ``powers[0]`` is the first choice."""
        if len(set(powers)) != len(powers):
            raise ValueError(f"a power appears twice in {list(powers)}")
        self.session.execute(delete(Preference).where(Preference.player_id == player.id))
        self.session.add_all(
            Preference(player_id=player.id, game_id=player.game_id, rank=i, power=power)
            for i, power in enumerate(powers, start=1)
        )
        self.session.flush()

    def of(self, player: Player) -> list[str]:
        stmt = select(Preference.power).where(Preference.player_id == player.id)
        return list(self.session.scalars(stmt.order_by(Preference.rank)))

    def all(self, game_id: str) -> dict[int, list[str]]:
        """player id -> ranking, for every player of the game who sent one."""
        stmt = (
            select(Preference)
            .where(Preference.game_id == game_id)
            .order_by(Preference.player_id, Preference.rank)
        )
        out: dict[int, list[str]] = {}
        for row in self.session.scalars(stmt):
            out.setdefault(row.player_id, []).append(row.power)
        return out
