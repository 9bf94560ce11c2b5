"""Configs, a game driver and a state dump for the service tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import select

from arbitro.config import Config, parse_config
from arbitro.contract import position_from_json
from arbitro.diplomacy.orders import Support, format_order
from arbitro.diplomacy.position import Position
from arbitro.service import Referee
from arbitro.service.identity import trusted
from arbitro.service.submit import submit_orders
from arbitro.store import Store
from arbitro.store.base import Base
from arbitro.store.models import OutboxMessage
from arbitro.variants import load_board

START = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
BOARD = load_board("standard")

# A scripted 1901 that the service and end-to-end tests play: in the Autumn the French
# army in Burgundy is dislodged (a retreat phase), and France and Germany build.
SPRING_1901 = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
    "GERMANY": ["A MUN - RUH", "A BER - MUN", "F KIE - DEN"],
    "ITALY": ["A VEN - PIE", "A ROM - VEN", "F NAP - ION"],
    "RUSSIA": ["A WAR - UKR", "A MOS - SEV", "F SEV - BLA", "F STP/SC - BOT"],
    "TURKEY": ["F ANK H", "A CON H", "A SMY H"],
}
FALL_1901 = {
    "AUSTRIA": ["A SER H", "F ALB - GRE", "A GAL H"],
    "ENGLAND": ["F NTH - NWY", "F NWG H", "A YOR H"],
    "FRANCE": ["A BUR H", "A SPA H", "F MAO - POR"],
    "GERMANY": ["A RUH - BUR", "A MUN S A RUH - BUR", "F DEN H"],
    "ITALY": ["A VEN H", "A PIE H", "F ION - TUN"],
    "RUSSIA": ["F BOT - SWE", "A UKR - RUM", "A SEV H", "F BLA H"],
    "TURKEY": ["F ANK H", "A CON - BUL", "A SMY H"],
}


def make_config(*games: dict[str, Any], path: Path = Path("/tmp/arbitro-test.toml")) -> Config:
    return parse_config(
        {
            "server": {"database_url": "sqlite://", "referee_address": "arbitro@example.org"},
            "game": list(games),
        },
        path,
    )


def game_table(game_id: str, players: int = 7, **options: Any) -> dict[str, Any]:
    """A [[game]] table: players p0..p6@<game>.example, alternating Italian and English."""
    table: dict[str, Any] = {
        "id": game_id,
        "name": f"Partita {game_id}",
        "start": START,
        "timezone": "Europe/Rome",
        "gm_address": "gm@example.org",
        "gm_password": "gm-secret",
        "mailing_list": "lista@example.org",
        "reminders": ["24h"],
        "deadlines": {"movement": "3d", "retreat": "1d", "adjustment": "1d"},
        "players": [
            {"address": f"p{i}@{game_id}.example", "name": f"Player {i}",
             "language": "it" if i % 2 == 0 else "en", "password": f"pw{i}"}
            for i in range(players)
        ],
    }
    table.update(options)
    return table


class Driver:
    """Plays a game through the Referee as the players and the clock would."""

    def __init__(self, referee: Referee, store: Store, game_id: str) -> None:
        self.referee = referee
        self.store = store
        self.game_id = game_id

    def phase(self) -> Any:
        with self.store.begin() as uow:
            return uow.phases.current(self.game_id)

    def position(self) -> Position:
        return position_from_json(BOARD, self.phase().position_before)

    def holders(self) -> dict[str, str]:
        with self.store.begin() as uow:
            return {p: pl.address for p, pl in uow.assignments.current(self.game_id).items()}

    def game(self) -> Any:
        with self.store.begin() as uow:
            return uow.games.get(self.game_id)

    def powers(self) -> dict[str, Any]:
        with self.store.begin() as uow:
            return uow.powers.all(self.game_id)

    def order(self, power: str, orders: list[Any] | str, now: datetime) -> Any:
        text = orders if isinstance(orders, str) else "\n".join(written(o) for o in orders)
        with self.referee.table(self.game_id, now) as table:
            reply = submit_orders(table, trusted(table, self.holders()[power]), text)
        assert reply.status == "ok", reply
        return reply

    def outbox(self, prefix: str = "") -> list[Any]:
        with self.store.begin() as uow:
            stmt = select(OutboxMessage).where(OutboxMessage.game_id == self.game_id)
            rows = list(uow.session.scalars(stmt.order_by(OutboxMessage.id)))
        return [m for m in rows if m.idempotency_key.startswith(prefix)]


def written(order: Any) -> str:
    """An order as a careful player writes it: a support to hold says so (H), as the
    Italian rules ask (R-ORD-4), so the set is complete and the phase may run early."""
    text = format_order(order)
    return text + " H" if isinstance(order, Support) and order.destination is None else text


def dump_state(store: Store, tokens: bool = False) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table, random secrets (salted hashes, reply tokens) masked."""
    out: dict[str, list[dict[str, Any]]] = {}
    with store.engine.connect() as conn:
        tokens_by_player = {}
        for table in Base.metadata.sorted_tables:
            rows = conn.execute(select(table).order_by(*table.primary_key.columns)).mappings().all()
            clean = []
            for row in rows:
                d = dict(row)
                for secret in ("password_hash", "reply_token"):
                    if secret in d:
                        if secret == "reply_token":
                            tokens_by_player[d[secret]] = f"<token {d['address']}>"
                        d[secret] = "<masked>"
                clean.append(d)
            out[table.name] = clean
    _renumber(out)
    for row in out.get("outbox", []):
        headers = dict(row.get("headers") or {})
        for real, mask in tokens_by_player.items():
            for k, v in list(headers.items()):
                headers[k] = str(v).replace(real, mask)
            row["body"] = row["body"].replace(real, mask)
        row["headers"] = headers
    return out


def later(moment: datetime, **delta: float) -> datetime:
    return moment + timedelta(**delta)


def _renumber(out: dict[str, list[dict[str, Any]]]) -> None:
    """Surrogate ids by rank: PostgreSQL sequences do not roll back with a crashed
    transaction, so ids may have gaps that say nothing about the game."""
    ranks: dict[str, dict[int, int]] = {}
    for table in Base.metadata.sorted_tables:
        if "id" in table.c and table.c.id.autoincrement is not False and table.c.id.primary_key:
            ids = [row["id"] for row in out[table.name]]
            ranks[table.name] = {old: i for i, old in enumerate(sorted(ids), start=1)}
    for table in Base.metadata.sorted_tables:
        for row in out[table.name]:
            if table.name in ranks:
                row["id"] = ranks[table.name][row["id"]]
            for column in table.c:
                for fk in column.foreign_keys:
                    target = fk.column.table.name
                    if target in ranks and row.get(column.name) is not None:
                        row[column.name] = ranks[target][row[column.name]]
