"""What the intake loop needs from a mailbox: the ``Mailbox`` protocol and its values.

Two implementations: ``imap.MailboxClient`` (a real IMAP server, blocking, imapclient)
and ``memory.MemoryMailbox`` (in memory, with the faults a server can show: an outage, a
dropped session, a renumbered inbox), on which the loop's backoff, reconnects, UIDVALIDITY
and quarantine are tested without a server.

A mailbox is blocking and used from one thread at a time (the loop calls it through
``asyncio.to_thread``). Any error leaves it closed; the next call connects afresh.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

# "sent": the copy of one of the referee's own mails (a receipt, see outbound/outbox.py)
Outcome = Literal["processed", "quarantine", "sent"]
OUTCOMES: tuple[Outcome, ...] = ("processed", "quarantine", "sent")


class Deferred(Exception):
    """Raised by a handler that cannot take the mail now (its database is down, or the
    daemon lost its store): the mail stays in the inbox and the loop retries after its
    backoff."""


@dataclass(frozen=True)
class Fetched:
    uidvalidity: int
    uid: int
    raw: bytes  # the whole mail, or only its header when ``size`` exceeds the cap
    size: int  # RFC822.SIZE reported by the server
    # INTERNALDATE: when the receiving server took the mail (aware); None where the
    # server gives none. Unlike the Date header, no sender writes it.
    arrived: datetime | None = None

    @property
    def truncated(self) -> bool:
        return self.size > len(self.raw)


class Mailbox(Protocol):
    """The referee's inbox as the intake loop sees it."""

    @property
    def poll_seconds(self) -> float:
        """How long one wait lasts at most (a poll interval, or IDLE's re-arm)."""
        ...

    @property
    def connected(self) -> bool: ...

    @property
    def has_idle(self) -> bool:
        """Whether ``wait`` is woken by the server (else it sleeps and the loop polls)."""
        ...

    def connect(self) -> None:
        """Log in and select the inbox, unless connected. A new session hands every
        mail still in the inbox again (the caller's claim skips those it has seen)."""
        ...

    def close(self) -> None: ...

    def fetch_new(self) -> list[Fetched]:
        """Mails in the inbox not yet handed out in this session, oldest first."""
        ...

    def move(self, uid: int, outcome: Outcome) -> None:
        """Move a handled mail out of the inbox into the folder of its outcome."""
        ...

    def wait(self, timeout: float, stop: threading.Event | None = None) -> bool:
        """Block until new mail is reported (True), ``timeout`` passes or ``stop`` is set
        (False)."""
        ...
