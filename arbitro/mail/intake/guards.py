"""Mails the referee must not answer (loops, bounces, lists), and a per-sender rate limit."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from datetime import datetime, timedelta

from ..mime.message import InboundMail

_ROBOT_LOCALS = frozenset(
    [
        "mailer-daemon",
        "postmaster",
        "noreply",
        "no-reply",
        "no_reply",
        "donotreply",
        "do-not-reply",
        "do_not_reply",
        "bounce",
        "bounces",
        "mail-daemon",
        "maildaemon",
        "listserv",
        "majordomo",
    ]
)
_BULK = frozenset({"bulk", "junk", "list"})
NO_SENDER = "no usable From address"


def should_not_answer(
    mail: InboundMail, referee_addresses: Iterable[str], plus_separator: str = "+"
) -> str | None:
    """Why the referee must stay silent on this mail, or None when it may answer."""
    referees = {a.strip().lower() for a in referee_addresses if a.strip()}
    sender = mail.from_address
    if not sender:
        return NO_SENDER
    if mail.auto_submitted and mail.auto_submitted != "no":
        return f"Auto-Submitted: {mail.auto_submitted}"
    if mail.autoreply_markers:
        return f"auto-reply header {mail.autoreply_markers[0]}"
    if mail.precedence in _BULK:
        return f"Precedence: {mail.precedence}"
    if mail.list_id:
        return "mailing-list mail (List-Id)"
    if mail.has_null_return_path or mail.content_type == "multipart/report":
        return "bounce or delivery report"
    local = sender.split("@", 1)[0]
    if local in _ROBOT_LOCALS or local.startswith(("mailer-daemon", "noreply", "no-reply")):
        return f"robot sender {local}"
    if any(_same_mailbox(sender, r, plus_separator) for r in referees):
        return "mail from the referee itself"
    loops = set(mail.arbitro_loop) | set(mail.x_loop)
    if any(r in value for value in loops for r in referees):
        return "carries the referee's loop header"
    return None


def own_copy(mail: InboundMail, referee: str, plus_separator: str = "+") -> bool:
    """Whether this is the copy of one of the referee's own sent mails (a receipt, see
    outbox.py): from the referee's mailbox, with our loop header and a receipt token. Only
    a token of a mail being sent confirms anything, so a forged copy confirms nothing."""
    referee = referee.strip().lower()
    return (
        bool(mail.receipt)
        and _same_mailbox(mail.from_address, referee, plus_separator)
        and any(referee in value for value in mail.arbitro_loop)
    )


def _same_mailbox(address: str, referee: str, separator: str) -> bool:
    """arbitro+milano1@host is the referee's own mailbox arbitro@host."""
    if address == referee:
        return True
    if not separator or "@" not in address or "@" not in referee:
        return False
    local, domain = address.rsplit("@", 1)
    ref_local, ref_domain = referee.rsplit("@", 1)
    return domain == ref_domain and local.startswith(ref_local + separator)


class RateLimiter:
    """At most ``limit`` replies per sender in any ``window``. Time is passed in."""

    def __init__(self, limit: int, window: timedelta = timedelta(hours=1)) -> None:
        self.limit = limit
        self.window = window
        self._seen: dict[str, deque[datetime]] = {}
        self._calls = 0

    def allow(self, sender: str, now: datetime) -> bool:
        """Count one mail from ``sender`` at ``now``; False once over the limit."""
        self._calls += 1
        if self._calls % 1000 == 0:
            self._forget_before(now - self.window)
        key = sender.strip().lower()
        times = self._seen.setdefault(key, deque())
        while times and times[0] <= now - self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True

    def _forget_before(self, moment: datetime) -> None:
        """Drop senders silent for a whole window (memory stays bounded)."""
        for key in [k for k, t in self._seen.items() if not t or t[-1] <= moment]:
            del self._seen[key]

    def __len__(self) -> int:
        return len(self._seen)
