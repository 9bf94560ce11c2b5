"""The referee daemon: ``arbitro run`` (and ``arbitro dev``) wire the store, the referee,
the mail intake, the outbox drainer and the deadline scheduler together here."""

from .app import Daemon, StoreBusy, serve, utc_now
from .logs import setup_logging
from .scheduler import DeadlineScheduler

__all__ = ["Daemon", "DeadlineScheduler", "StoreBusy", "serve", "setup_logging", "utc_now"]
