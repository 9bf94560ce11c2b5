"""Demo players that order by themselves: random legal orders, mailed over SMTP with their
password ``pace`` seconds after each phase opened (a newcomer has time to read, and the
game waits for them), like a player would: through the same embedded SMTP server, mailbox
and intake as anyone."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import make_msgid

import aiosmtplib

from ..diplomacy.legal_orders import random_orders
from ..diplomacy.orders import Order, Support, format_order
from ..service import Referee
from ..service.readiness import missing
from .demo import DEMO_GAME, DOMAIN, DemoPlayer

log = logging.getLogger("arbitro.dev")


def _written(order: Order) -> str:
    """An order as a careful player writes it: a support to hold says so (H), as the
    Italian rules ask (R-ORD-4); otherwise the set is incomplete and the demo phase would
    wait for its deadline instead of running early."""
    text = format_order(order)
    return text + " H" if isinstance(order, Support) and order.destination is None else text


class DemoBots:
    def __init__(self, referee: Referee, players: list[DemoPlayer], host: str, smtp_port: int,
                 game_address: str, *, pace: float = 180.0, poll: float = 2.0) -> None:
        self.referee = referee
        self.players = {p.power: p for p in players}
        self.host = host
        self.smtp_port = smtp_port
        self.game_address = game_address
        self.pace = pace  # seconds after a phase opened before a demo player orders
        self.poll = poll
        self._planned: set[tuple[int, str]] = set()  # (phase id, power) already taken care of
        self._task: asyncio.Task[None] | None = None
        self._sends: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="demo-players")

    async def stop(self) -> None:
        for task in [self._task, *self._sends]:
            if task is not None:
                task.cancel()
        for task in [self._task, *self._sends]:
            if task is not None:
                try:
                    await task
                except (asyncio.CancelledError, Exception):  # noqa: BLE001, S110 — stopping
                    pass

    async def _run(self) -> None:
        while True:
            try:
                for power, phase_id, opened, text in await asyncio.to_thread(self._due):
                    task = asyncio.create_task(self._send_later(power, opened, text))
                    self._sends.add(task)
                    task.add_done_callback(self._sends.discard)
                    self._planned.add((phase_id, power))
            except Exception:
                log.exception("demo players: could not look at the game")
            await asyncio.sleep(self.poll)

    def _due(self) -> list[tuple[str, int, datetime, str]]:
        """(power, phase id, opened at, orders) for every bot power still owing orders."""
        with self.referee.table(DEMO_GAME, datetime.now(UTC)) as table:
            phase = table.phase
            if phase is None:
                return []
            position, board = table.position, table.board
            silent = missing(table)
            phase_id, code, opened = phase.id, phase.code, phase.opened_at
        todo = [p for p in sorted(silent) if p in self.players and (phase_id, p) not in self._planned]
        out = []
        for power in todo:
            rng = random.Random(f"{code}:{power}")
            orders = random_orders(board, position, rng).get(power, [])
            out.append((power, phase_id, opened, "\n".join(_written(o) for o in orders)))
        return out

    async def _send_later(self, power: str, opened: datetime, orders: str) -> None:
        if not orders:
            return
        # Counted from the phase's opening, so a restart does not make the bots wait again;
        # a second's spread keeps the seven mails apart in the log.
        since = (datetime.now(UTC) - opened.astimezone(UTC)).total_seconds()
        await asyncio.sleep(max(0.0, self.pace - since) + random.uniform(0.0, 1.0))
        player = self.players[power]
        mail = EmailMessage()
        mail["From"] = f"{player.name} <{player.address}>"
        mail["To"] = self.game_address
        mail["Subject"] = "ordini"
        mail["Message-ID"] = make_msgid(domain=DOMAIN)
        mail.set_content(f"PASSWORD {player.password}\n{orders}\n")
        await aiosmtplib.send(mail, hostname=self.host, port=self.smtp_port, timeout=10)
        log.info("demo player %s mailed %d order(s)", power, len(orders.splitlines()))
