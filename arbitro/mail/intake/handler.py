"""One inbound mail, start to finish, in one transaction.

Claim it (seen once, by UID and by Message-ID), run it through the rules (``rules.py``:
whether to answer at all, the game, the sender's password (R-MAIL-2) and recipients
(R-MAIL-1), press, the command), mark the mail done. A mail the handler cannot handle is quarantined with a note to the GM;
nothing is ever dropped silently.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime

from ...service import Office, Referee
from ...service.notices import operator_of
from ...store import InboundStatus, UnitOfWork
from ...store.models import InboundMail as InboundRow
from ...words import say
from ..mime.message import InboundMail, parse_inbound
from .commands import COMMANDS
from .guards import RateLimiter
from .imap import Deferred, Outcome
from .open_rules import CHAIN
from .rules import Arrival, Handled, route

log = logging.getLogger("arbitro.mail")


def _outcome(status: InboundStatus) -> Outcome:
    """The IMAP folder a handled mail goes to."""
    if status is InboundStatus.QUARANTINED:
        return "quarantine"
    return "sent" if status is InboundStatus.COPY else "processed"


def utc_now() -> datetime:
    return datetime.now(UTC)


class MailHandler:
    """The IMAP intake's callback: ``await handler(uidvalidity, uid, raw, size)``."""

    def __init__(
        self,
        referee: Referee,
        *,
        folder: str = "INBOX",
        clock: Callable[[], datetime] = utc_now,
        on_queued: Callable[[], None] | None = None,
    ) -> None:
        self.referee = referee
        self.config = referee.config
        self.store = referee.store
        self.services = referee.services
        self.folder = folder
        self.clock = clock
        # Called after each handled mail, in the worker thread that handled it: pass
        # something thread-safe (loop.call_soon_threadsafe(drainer.wake), not wake itself).
        self.on_queued = on_queued
        limits = self.config.server.limits
        self.limiter = RateLimiter(limits.mails_per_sender_per_hour)

    async def __call__(
        self, uidvalidity: int, uid: int, raw: bytes, size: int, arrived: datetime | None = None
    ) -> Outcome:
        now = self.clock()
        if arrived is not None:
            # How long ago the server took it, on this handler's clock (tests move it).
            arrived = now - (utc_now() - arrived)
        return await asyncio.to_thread(
            self.handle, raw, now, uidvalidity=uidvalidity, uid=uid, size=size, arrived=arrived
        )

    # -- one mail ------------------------------------------------------------

    def handle(
        self,
        raw: bytes,
        now: datetime,
        *,
        uidvalidity: int | None = None,
        uid: int | None = None,
        size: int | None = None,
        retried: bool = False,
        arrived: datetime | None = None,
    ) -> Outcome:
        """``now`` is when the mail is read; ``arrived`` when the server took it (None when
        unknown). The rules see the earlier of the two, so a mail that waited in the inbox
        (the daemon down) is on time or late by when it came, never by the Date header."""
        mail = parse_inbound(raw, size)
        moment = now if arrived is None else min(arrived, now)
        try:
            with self.store.begin() as uow:
                row, new = self._claim(uow, raw, mail, now, uidvalidity, uid)
                if not new and row.status is not InboundStatus.RECEIVED:
                    log.info("mail %s: seen before (%s)", row.id, row.status.value)
                    return _outcome(row.status)
                done = self._route(uow, row.id, mail, raw, moment)
                uow.inbound.mark(row, done.status, now, note=done.note, game_id=done.game_id)
                mail_id = row.id
        except Exception as exc:
            outage = self.store.outage(exc)
            if outage is not None:
                if not self.store.answers():
                    # The database (locked, restarting, unreachable), not the mail: nothing
                    # was committed; the mail stays in the inbox and comes again later.
                    log.warning("mail from %s: database unavailable (%s); left in the inbox",
                                _masked(mail.from_address), outage)
                    raise Deferred("the database is unavailable") from exc
                if not retried:  # it answers again (a lock just released): once more
                    return self.handle(raw, now, uidvalidity=uidvalidity, uid=uid, size=size,
                                       retried=True, arrived=arrived)
            log.exception("mail from %s: handling failed", _masked(mail.from_address))
            try:
                self.quarantine(raw, mail, now, f"{type(exc).__name__}: {exc}", uidvalidity, uid)
            except Exception as again:
                if self.store.answers():
                    raise  # this mail breaks even the quarantine: the IMAP one keeps it
                raise Deferred("the database is unavailable") from again
            return "quarantine"
        log.info("mail %s %s: %s", mail_id, done.status.value, done.note)
        if self.on_queued is not None:
            self.on_queued()
        return _outcome(done.status)

    def quarantine(
        self,
        raw: bytes,
        mail: InboundMail,
        now: datetime,
        reason: str,
        uidvalidity: int | None = None,
        uid: int | None = None,
    ) -> None:
        """Keep the mail for the GM and tell them. Raises when even that is impossible (the
        database is down): the intake then leaves it in the IMAP quarantine folder."""
        server = self.config.server
        with self.store.begin() as uow:
            row, _ = self._claim(uow, raw, mail, now, uidvalidity, uid)
            uow.inbound.mark(row, InboundStatus.QUARANTINED, now, note=reason[:2000], keep_raw=True)
            Office(self.services, uow, now).alert(
                f"quarantine:{row.id}", operator_of(self.config), server.language,
                say(server.language, "alert.quarantined"),
                f"From: {mail.from_address}\nSubject: {mail.subject}\n\n{reason}", None,
            )

    def _claim(
        self,
        uow: UnitOfWork,
        raw: bytes,
        mail: InboundMail,
        now: datetime,
        uidvalidity: int | None,
        uid: int | None,
    ) -> tuple[InboundRow, bool]:
        """The mail's row (seen once, by UID and by Message-ID), and whether it is new."""
        return uow.inbound.claim(
            now=now, folder=self.folder, uidvalidity=uidvalidity, uid=uid,
            message_id=_cut(mail.message_id, 500), sender=mail.from_address[:320],
            subject=mail.subject[:500], raw=raw,
        )

    # -- routing -------------------------------------------------------------

    def _route(
        self, uow: UnitOfWork, mail_id: int, mail: InboundMail, raw: bytes, now: datetime
    ) -> Handled:
        arrival = Arrival(Office(self.services, uow, now), self.limiter, mail_id, mail, raw)
        rule, done = route(arrival, CHAIN)
        log.debug("mail %s: decided by the %s rule", mail_id, rule.name)
        return done


def _cut(text: str | None, size: int) -> str | None:
    """Within the column's size (PostgreSQL refuses longer values; a hostile header may be
    any length)."""
    return text[:size] if text else text


def _masked(address: str) -> str:
    """Addresses stay out of info-level logs (issue 10): keep the domain only."""
    return "*@" + address.rsplit("@", 1)[-1] if "@" in address else "?"


__all__ = ["COMMANDS", "MailHandler"]
