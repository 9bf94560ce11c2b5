"""Draining the transactional outbox over SMTP, each mail out exactly once.

An entry is claimed ("sending", with a random receipt token) in its own transaction, handed
to SMTP, and marked sent in another. The one gap SMTP leaves is a crash (or a lost
database) after the server's "250 OK" and before the mark: the entry stays "sending" and
nothing in SMTP can say whether it went. So every mail also goes, in the same SMTP
transaction (a Bcc: the envelope only), to the referee's own mailbox, carrying its token in
``X-Arbitro-Receipt`` (the token alone, random: no id that would order two mails). The server accepts a transaction for all its recipients at once, so
that copy arriving proves the mail went: the intake confirms the entry (MailHandler). A
"sending" entry is sent again only when no copy came within ``receipt_wait``, and then byte
for byte the same (the Message-ID comes from the idempotency key, the Date from the
creation time, the token is kept). Without receipts (``receipt_address`` None) a crash in
the gap means one identical resend, once the claim is older than ``claim_lifetime``.
The claim is a compare-and-set (``OutboxRepo.claim``): two drainers on one store (two
daemons overlapping in a takeover) never both send a mail.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from ...store import OutboxStatus
from ..mime.message import RECEIPT_HEADER
from ..running import LoopTask
from .compose import OutAttachment, Outgoing, compose
from .smtp import SendResult, SmtpSender

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class OutboxEntry:
    """One queued mail, detached from the database session."""

    id: int
    key: str
    recipients: tuple[str, ...]
    subject: str
    body: str
    created_at: datetime
    attempts: int = 0
    sender: str | None = None  # None = the referee; relay aliases set their own
    headers: Mapping[str, Any] = field(default_factory=dict)
    attachments: tuple[OutAttachment, ...] = ()
    game_id: str | None = None
    receipt_token: str | None = None
    first_failed_at: datetime | None = None  # None: no attempt has failed yet


class OutboxPort(Protocol):
    """What the drainer needs from storage (``StoreOutbox`` adapts the store's OutboxRepo)."""

    def due(
        self, now: datetime, limit: int, stale_before: datetime | None = None
    ) -> list[OutboxEntry]: ...

    def claim(
        self, entry_id: int, now: datetime, stale_before: datetime | None = None
    ) -> str | None:
        """Compare-and-set: the receipt token when this sender now holds the mail, None
        when another holds it or it needs no sending (see OutboxRepo.claim)."""
        ...

    def next_due(self, stale_after: timedelta) -> datetime | None: ...

    def mark_sent(self, entry_id: int, now: datetime) -> None: ...

    def mark_failed(
        self, entry_id: int, now: datetime, error: str, retry_at: datetime | None
    ) -> None: ...


FailureHook = Callable[[OutboxEntry, str], Awaitable[None] | None]

# Header keys an entry may carry (OutboxRepo.enqueue(headers=...)); others are refused
# when they would clash with what compose() writes, else added as they are.
_OWN = frozenset(
    [
        "from",
        "to",
        "subject",
        "date",
        "message-id",
        "mime-version",
        "content-type",
        "content-transfer-encoding",
        "auto-submitted",
        "x-arbitro-loop",
        "x-arbitro-receipt",
        "bcc",
    ]
)


def to_outgoing(entry: OutboxEntry) -> Outgoing:
    """The entry as an Outgoing. Headers read: Cc, Reply-To, In-Reply-To, References,
    From-Name (display name); any other string header is added unchanged."""
    h = {str(k): v for k, v in entry.headers.items()}
    low = {k.lower(): v for k, v in h.items()}
    extra = tuple(
        (k, str(v))
        for k, v in h.items()
        if k.lower() not in _OWN
        and k.lower() not in ("cc", "reply-to", "in-reply-to", "references", "from-name")
        and isinstance(v, (str, int))
    )
    return Outgoing(
        to=entry.recipients,
        cc=_list(low.get("cc")),
        subject=entry.subject,
        body=entry.body,
        key=entry.key,
        attachments=entry.attachments,
        reply_to=low.get("reply-to") or None,
        in_reply_to=low.get("in-reply-to") or None,
        references=_list(low.get("references")),
        from_address=entry.sender,
        from_name=low.get("from-name"),
        extra_headers=extra,
    )


def _list(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return tuple(v for v in value.replace(",", " ").split() if v)
    return tuple(str(v) for v in value)


@dataclass
class DrainReport:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    errors: list[str] = field(default_factory=list)


class OutboxDrainer:
    def __init__(
        self,
        port: OutboxPort,
        sender: SmtpSender,
        *,
        referee: str,
        referee_name: str = "Arbitro",
        on_permanent_failure: FailureHook | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),  # the daemon's clock
        batch: int = 50,
        retry_initial: timedelta = timedelta(minutes=1),
        retry_max: timedelta = timedelta(hours=2),
        give_up_after: timedelta = timedelta(days=1),
        per_minute: int | None = None,
        envelope_from: str | None = None,
        receipt_address: str | None = None,
        receipt_wait: timedelta = timedelta(minutes=10),
        claim_lifetime: timedelta = timedelta(minutes=2),
    ) -> None:
        self.port = port
        self.sender = sender
        self.referee = referee
        self.referee_name = referee_name
        self.on_permanent_failure = on_permanent_failure
        self.clock = clock
        self.batch = batch
        self.retry_initial = retry_initial
        self.retry_max = retry_max
        self.give_up_after = give_up_after
        self.min_gap = 60.0 / per_minute if per_minute else 0.0
        # Bounces go to the referee's own mailbox, where the guards keep them quiet.
        self.envelope_from = envelope_from or referee
        # Where the copy that confirms each mail goes (None: no copies, at-least-once).
        self.receipt_address = receipt_address
        self.receipt_wait = receipt_wait if receipt_address else timedelta(0)
        # A claim younger than this belongs to a sender at work (this one or another
        # daemon's in a takeover) and is never taken: with receipts, until its copy is
        # overdue; without, for longer than any one send takes (the SMTP timeouts).
        self.stale_after = receipt_wait if receipt_address else claim_lifetime
        self._last_send = 0.0
        self._wake = asyncio.Event()
        self._stopping = False
        self._loop = LoopTask("outbox-drainer")

    def retry_at(self, entry: OutboxEntry, now: datetime) -> datetime:
        """Exponential backoff on the attempts made so far."""
        delay: timedelta = self.retry_initial * 2 ** min(entry.attempts, 20)
        return now + min(delay, self.retry_max)

    async def drain_once(self) -> DrainReport:
        """Send every entry due now (up to ``batch``). Stops early when the server cannot
        be reached: the rest stay due, their attempts untouched."""
        report = DrainReport()
        now = self.clock()
        for entry in self.port.due(now, self.batch, now - self.stale_after):
            if self._stopping:
                break
            await self._pace()  # before the claim: a claimed entry should be on its way
            claimed_at = self.clock()
            token = self.port.claim(entry.id, claimed_at, claimed_at - self.stale_after)
            if token is None:  # claimed by another sender, or confirmed, since due() read it
                continue
            result = await self._send(dataclasses.replace(entry, receipt_token=token))
            now = self.clock()
            if result.ok:
                self.port.mark_sent(entry.id, now)
                report.sent += 1
                refused = [(r, e) for r, e in result.refused if r != self.receipt_address]
                if len(refused) < len(result.refused):
                    log.warning("outbox: the server refused the receipt copy of %s", entry.key)
                if refused:
                    await self._tell(entry, "refused: " + "; ".join(f"{r} {e}" for r, e in refused))
                continue
            # Transient failures (DNS, timeouts, 4xx) are retried for give_up_after, counted
            # from the first failure: created_at may lie far back (a game catching up).
            failing_since = entry.first_failed_at or now
            gave_up = result.permanent or now - failing_since >= self.give_up_after
            report.errors.append(result.error)
            if gave_up:
                self.port.mark_failed(entry.id, now, result.error, None)
                report.failed += 1
                log.warning("outbox: %s failed for good: %s", entry.key, result.error)
                await self._tell(entry, result.error)
            else:
                retry = self.retry_at(entry, now)
                if result.uncertain:  # it may have gone: give its copy time to come back
                    retry = max(retry, now + self.receipt_wait)
                self.port.mark_failed(entry.id, now, result.error, retry)
                report.retried += 1
                if result.connection:
                    break
        return report

    async def _send(self, entry: OutboxEntry) -> SendResult:
        try:
            out = to_outgoing(entry)
            copy_to = None
            if self.receipt_address and entry.receipt_token:
                # The random token alone: nothing in it orders or links two mails.
                out = dataclasses.replace(
                    out, extra_headers=(*out.extra_headers, (RECEIPT_HEADER, entry.receipt_token))
                )
                copy_to = self.receipt_address
            raw = compose(
                out, referee=self.referee, date=entry.created_at, referee_name=self.referee_name
            )
        except Exception as exc:  # noqa: BLE001 — an entry that cannot become a mail never will
            return SendResult(False, permanent=True, error=f"cannot compose: {exc}")
        return await self.sender.send(self.envelope_from, out.recipients, raw, copy_to=copy_to)

    async def _pace(self) -> None:
        """Keep to ``per_minute``."""
        if self.min_gap:
            wait = self._last_send + self.min_gap - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._last_send = time.monotonic()

    async def _tell(self, entry: OutboxEntry, error: str) -> None:
        if self.on_permanent_failure is None:
            return
        try:
            result = self.on_permanent_failure(entry, error)
            if inspect.isawaitable(result):
                await result
        except Exception:
            log.exception("outbox: the failure hook raised for %s", entry.key)

    # -- running in the daemon ----------------------------------------------------------
    def wake(self) -> None:
        """Ask for a drain now (after a transaction queued mail)."""
        self._wake.set()

    async def start(self, interval: float = 30.0) -> None:
        if not self._loop.started:
            self._stopping = False
            self._loop.start(lambda: self._run(interval))

    async def stop(self, timeout: float = 10.0) -> None:
        self._stopping = True
        self._wake.set()
        await self._loop.stop(timeout)
        await self.sender.close()

    def halt(self) -> None:
        """Claim no more mail from now on (one already claimed is still sent: it is this
        drainer's, and no other will send it before its receipt wait); safe from any
        thread. ``stop`` still closes the connection."""
        self._stopping = True

    async def _run(self, interval: float) -> None:
        while not self._stopping:
            self._wake.clear()
            try:
                report = await self.drain_once()
                more = report.sent + report.failed >= self.batch  # a full batch: go on
            except Exception:
                log.exception("outbox: drain failed")
                more = False
            if more or self._stopping:
                continue
            try:
                await asyncio.wait_for(self._wake.wait(), self._sleep(interval))
            except TimeoutError:
                pass

    def _sleep(self, interval: float) -> float:
        """Until the next entry comes due (a retry, or a claim whose copy never came), or
        ``interval``, whichever is sooner."""
        try:
            due = self.port.next_due(self.stale_after)
        except Exception:  # noqa: BLE001 — the database is away: just try again later
            return interval
        if due is None:
            return interval
        return min(interval, max(0.05, (due - self.clock()).total_seconds()))


def _entries(rows: Sequence[Any]) -> list[OutboxEntry]:
    return [entry_of(row) for row in rows]


def entry_of(row: Any) -> OutboxEntry:
    """An OutboxEntry from the store's OutboxMessage row."""
    return OutboxEntry(
        id=row.id,
        key=row.idempotency_key,
        recipients=tuple(row.recipients or ()),
        subject=row.subject,
        body=row.body,
        created_at=row.created_at,
        attempts=row.attempts,
        sender=row.sender,
        headers=dict(row.headers or {}),
        attachments=tuple(
            OutAttachment(a.filename, a.content_type, bytes(a.data)) for a in row.attachments
        ),
        game_id=row.game_id,
        receipt_token=row.receipt_token,
        first_failed_at=row.first_failed_at,
    )


_UNSENT = (OutboxStatus.QUEUED, OutboxStatus.SENDING)


class StoreOutbox:
    """OutboxPort on the store: each call is its own short transaction."""

    def __init__(self, store: Any) -> None:
        self.store = store

    def due(
        self, now: datetime, limit: int, stale_before: datetime | None = None
    ) -> list[OutboxEntry]:
        with self.store.begin() as uow:
            return _entries(uow.outbox.due(now, limit, stale_before))

    def next_due(self, stale_after: timedelta) -> datetime | None:
        with self.store.begin() as uow:
            due: datetime | None = uow.outbox.next_due(stale_after)
            return due

    def claim(
        self, entry_id: int, now: datetime, stale_before: datetime | None = None
    ) -> str | None:
        with self.store.begin() as uow:
            token: str | None = uow.outbox.claim(entry_id, now, secrets.token_hex(16),
                                                 stale_before)
            return token

    def mark_sent(self, entry_id: int, now: datetime) -> None:
        with self.store.begin() as uow:
            row = uow.outbox.get(entry_id)
            if row.status in _UNSENT:
                uow.outbox.mark_sent(row, now)

    def mark_failed(
        self, entry_id: int, now: datetime, error: str, retry_at: datetime | None
    ) -> None:
        with self.store.begin() as uow:
            row = uow.outbox.get(entry_id)
            if row.status in _UNSENT:  # a receipt may have confirmed it meanwhile
                uow.outbox.mark_failed(row, now, error, retry_at)
