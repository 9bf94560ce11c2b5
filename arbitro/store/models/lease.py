"""The daemon's lease on the store: one row whose epoch is the fencing token."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base
from ..types import UtcDateTime


class DaemonLease(Base):
    """Which daemon may use the store. Each daemon that takes the store raises ``epoch``
    by one and checks, in every transaction it opens, that the epoch is still its own
    (store/lease.py): a daemon another has taken over from can no longer commit."""

    __tablename__ = "daemon_lease"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1: one row
    epoch: Mapped[int] = mapped_column(Integer, default=0)
    holder: Mapped[str] = mapped_column(String(200), default="")  # for the refusal's line
    taken_at: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    # False while a daemon holds it; True once it let go cleanly (a stop, not a loss):
    # the next one then need not wait for it to notice (the takeover grace).
    released: Mapped[bool] = mapped_column(Boolean, default=True)
    # A jump of the wall clock the daemon holds (daemon/clock.py): what the wall clock
    # said and the daemon's own count at that moment; ``clock_confirmed`` is the GM's word
    # that the wall clock is right (``arbitro clock confirm``), read by the daemon.
    clock_wall: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    clock_held: Mapped[datetime | None] = mapped_column(UtcDateTime, default=None)
    clock_confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
