"""What the end-to-end and daemon tests share: a movable clock, configs pointing at the
test mail servers, order mails, reading what the sink received, waiting for conditions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from player_mail import player_mail
from sqlalchemy import func, select

from arbitro.config import Config, parse_config
from arbitro.mail.mime.message import parse_inbound
from arbitro.store import InboundStatus, Store
from arbitro.store.models import InboundMail, OutboxMessage

REFEREE = "arbitro@example.org"
GM = "gm@example.org"
OPERATOR = "operator@example.org"


class FakeClock:
    """The daemon's clock in tests: stands still until moved."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def server_table(account: ImapAccount, sink: SmtpSink, db: Path, **limits: Any) -> dict[str, Any]:
    """The [server] table of a daemon reading ``account`` and sending through ``sink``.
    The sink delivers what is sent to the referee (the receipt copies) into ``account``,
    as the referee's own mail server would; a copy not back in 20 s is sent again."""
    sink.local[REFEREE.lower()] = account.deliver
    return {
        "database_url": f"sqlite:///{db}",
        "referee_address": REFEREE,
        "gm_notify_address": OPERATOR,
        "imap": {
            "host": "127.0.0.1", "port": account.server.imap_port, "user": account.user,
            "password": account.password, "tls": "none", "poll_seconds": 5,
        },
        "smtp": {"host": "127.0.0.1", "port": sink.port, "tls": "none", "receipt_wait": "20s"},
        "limits": {"outbound_per_minute": 100_000, **limits},
    }


def daemon_config(
    account: ImapAccount, sink: SmtpSink, db: Path, *games: dict[str, Any], **limits: Any
) -> Config:
    data = {"server": server_table(account, sink, db, **limits), "game": list(games)}
    return parse_config(data, db.parent / "arbitro.toml")


def toml_text(data: dict[str, Any]) -> str:
    """A config as TOML (the subset configs use: tables, arrays of tables, scalars, lists)."""
    lines: list[str] = []

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, datetime):
            return v.isoformat()
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'

    def table(prefix: str, t: dict[str, Any], array: bool = False) -> None:
        lines.append(f"[[{prefix}]]" if array else f"[{prefix}]")
        subs = []
        for k, v in t.items():
            if isinstance(v, dict):
                subs.append((k, v, False))
            elif isinstance(v, list) and v and isinstance(v[0], dict):
                subs.extend((k, item, True) for item in v)
            else:
                lines.append(f"{k} = {value(v)}")
        for k, v, arr in subs:
            table(f"{prefix}.{k}", v, arr)

    for key, v in data.items():
        if isinstance(v, list):
            for item in v:
                table(key, item, True)
        else:
            table(key, v)
    return "\n".join(lines) + "\n"




def order_mail(
    frm: str,
    body: str,
    *,
    password: str | None = None,
    to: str = REFEREE,
    subject: str = "ordini",
    cc: str | None = None,
    headers: dict[str, str] | None = None,
) -> bytes:
    """An order mail, with the PASSWORD line first when ``password`` is given."""
    text = (f"PASSWORD {password}\n" if password else "") + body
    return player_mail(frm, to, text, subject=subject, cc=cc, headers=headers)


@dataclass(frozen=True)
class Got:
    """A mail the SMTP sink received, read back."""

    rcpt: tuple[str, ...]
    message_id: str
    subject: str
    body: str
    attachments: int
    raw: bytes


def received(sink: SmtpSink) -> list[Got]:
    out = []
    for r in list(sink.received):
        mail = parse_inbound(r.content)
        out.append(Got(tuple(a.lower() for a in r.rcpt_tos), mail.message_id or "",
                       mail.subject, mail.body, len(mail.attachments), r.content))
    return out


def to(sink: SmtpSink, address: str) -> list[Got]:
    return [g for g in received(sink) if address.lower() in g.rcpt]


async def until(check: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"not reached in {timeout} s: {what}")
        await asyncio.sleep(0.05)


def run(coro: Awaitable[None], timeout: float = 120.0) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))  # type: ignore[arg-type]


def inbound_rows(store: Store, *, copies: bool = False) -> list[InboundMail]:
    """The mails the daemon read: those people sent, or (``copies``) the copies of its own
    mails that came back as receipts."""
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(InboundMail).order_by(InboundMail.id)))
    return [r for r in rows if (r.status is InboundStatus.COPY) == copies]


def outbox_rows(store: Store, prefix: str = "") -> list[OutboxMessage]:
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if r.idempotency_key.startswith(prefix)]


def queued(store: Store) -> int:
    """Mails not sent yet: queued, or handed to SMTP and not yet marked."""
    from arbitro.store import OutboxStatus

    with store.begin() as uow:
        stmt = select(func.count()).select_from(OutboxMessage).where(
            OutboxMessage.status.in_([OutboxStatus.QUEUED, OutboxStatus.SENDING]))
        return int(uow.session.scalar(stmt) or 0)


def holders(store: Store, game: str) -> dict[str, str]:
    with store.begin() as uow:
        return {p: pl.address for p, pl in uow.assignments.current(game).items()}


async def seated(store: Store, game: str, powers: int = 7) -> dict[str, str]:
    """Wait until the game has started with every power held; its holders' addresses."""
    await until(lambda: len(holders(store, game)) == powers, what="game started")
    return holders(store, game)


def current_phase(store: Store, game: str) -> Any:
    with store.begin() as uow:
        return uow.phases.current(game)


def start_moment() -> datetime:
    return datetime(2025, 3, 1, 20, 0, tzinfo=UTC)


def counts(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in items:
        out[i] = out.get(i, 0) + 1
    return out
