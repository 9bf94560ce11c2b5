"""A mailbox in memory: the ``Mailbox`` protocol without a server, with the faults a real
one shows, so the intake loop's backoff, reconnects, UIDVALIDITY change and quarantine
are tested in the fast tier (and a daemon can run without any mail server).

It behaves as ``MailboxClient`` does against Dovecot: UIDs grow, a session hands each
mail once and a new session hands again whatever is still in the inbox; a mail over
``max_bytes`` comes as its header only; ``wait`` is woken at once by a delivery (IDLE).
Faults: ``go_down()``/``come_up()`` (an outage: connecting fails, an open session dies
at its next command), ``drop()`` (the open session dies once), ``renumber()`` (the
server renumbers the inbox with a new UIDVALIDITY, dropping open sessions).

Thread-safe: the loop calls it from worker threads while a test delivers from another.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .mailbox import OUTCOMES, Fetched, Outcome

INBOX = "INBOX"


@dataclass
class _Stored:
    raw: bytes
    arrived: datetime


def _empty_folders() -> dict[str, dict[int, _Stored]]:
    folders: dict[str, dict[int, _Stored]] = {INBOX: {}}
    for outcome in OUTCOMES:
        folders[outcome] = {}
    return folders


@dataclass
class MemoryMailbox:
    """One mailbox and one session on it (the loop's)."""

    max_bytes: int | None = None
    batch: int = 50
    idle: bool = True
    poll_seconds: float = 5.0
    uidvalidity: int = 1
    folders: dict[str, dict[int, _Stored]] = field(default_factory=lambda: _empty_folders())
    connects: int = 0  # connection attempts, refused ones included
    refused: int = 0  # attempts refused while down
    attempt_times: list[float] = field(default_factory=list)  # monotonic, one per attempt

    def __post_init__(self) -> None:
        self._lock = threading.Condition()
        self._next_uid = 1  # the server's next UID
        self._session: int | None = None  # the session's own next UID to hand, when open
        self._down = False
        self._drop = False

    # -- the server side (what a test or a delivering MTA does) ------------------------
    def deliver(self, raw: bytes, arrived: datetime | None = None) -> int:
        """Put a mail in the inbox; its UID."""
        with self._lock:
            uid = self._next_uid
            self._next_uid += 1
            self.folders[INBOX][uid] = _Stored(raw, arrived or datetime.now(UTC))
            self._lock.notify_all()
            return uid

    def inbox(self) -> list[bytes]:
        with self._lock:
            return [m.raw for _, m in sorted(self.folders[INBOX].items())]

    def folder(self, name: Outcome) -> list[bytes]:
        with self._lock:
            return [m.raw for _, m in sorted(self.folders[name].items())]

    def go_down(self) -> None:
        with self._lock:
            self._down = True
            self._lock.notify_all()

    def come_up(self) -> None:
        with self._lock:
            self._down = False

    def drop(self) -> None:
        """The open session dies at its next command (a reset connection)."""
        with self._lock:
            self._drop = True
            self._lock.notify_all()

    def renumber(self) -> None:
        """A new UIDVALIDITY; the inbox's mails get new UIDs; open sessions are dropped."""
        with self._lock:
            self.uidvalidity += 1
            old = sorted(self.folders[INBOX].items())
            self.folders[INBOX] = {}
            self._next_uid = 1
            for _, stored in old:
                self.folders[INBOX][self._next_uid] = stored
                self._next_uid += 1
            self._drop = self._session is not None
            self._lock.notify_all()

    # -- the Mailbox protocol --------------------------------------------------------------
    @property
    def connected(self) -> bool:
        return self._session is not None

    @property
    def has_idle(self) -> bool:
        return self.idle

    def connect(self) -> None:
        with self._lock:
            if self._session is not None:
                return
            self.connects += 1
            self.attempt_times.append(time.monotonic())
            if self._down:
                self.refused += 1
                raise ConnectionRefusedError("the mail server is down")
            self._drop = False
            self._session = 1

    def close(self) -> None:
        with self._lock:
            self._session = None

    def fetch_new(self) -> list[Fetched]:
        self.connect()
        with self._lock:
            next_uid = self._check()
            uids = sorted(u for u in self.folders[INBOX] if u >= next_uid)[: self.batch]
            out = [self._fetched(u, self.folders[INBOX][u]) for u in uids]
            if uids:
                self._session = uids[-1] + 1
            return out

    def move(self, uid: int, outcome: Outcome) -> None:
        self.connect()
        with self._lock:
            self._check()
            stored = self.folders[INBOX].pop(uid, None)
            if stored is not None:  # moved already by another session: nothing to do
                target = self.folders[outcome]
                target[max(target, default=0) + 1] = stored

    def wait(self, timeout: float, stop: threading.Event | None = None) -> bool:
        self.connect()
        end = time.monotonic() + timeout
        with self._lock:
            while True:
                next_uid = self._check()
                if self.idle and any(u >= next_uid for u in self.folders[INBOX]):
                    return True
                left = end - time.monotonic()
                if left <= 0 or (stop is not None and stop.is_set()):
                    return False
                # short slices: ``stop`` is a threading.Event this lock cannot see
                self._lock.wait(min(left, 0.01))

    # -- inside ------------------------------------------------------------------------------
    def _check(self) -> int:
        """The session's next UID; raises (and closes) when the session is dead."""
        if self._session is None:
            raise ConnectionError("not connected")
        if self._down or self._drop:
            self._drop = False
            self._session = None
            raise ConnectionResetError("the mail server closed the connection")
        return self._session

    def _fetched(self, uid: int, stored: _Stored) -> Fetched:
        raw = stored.raw
        size = len(raw)
        if self.max_bytes is not None and size > self.max_bytes:
            end = raw.find(b"\r\n\r\n")
            raw = raw[: end + 4] if end >= 0 else raw[: self.max_bytes]
        return Fetched(self.uidvalidity, uid, raw, size, stored.arrived)
