"""Logging for the daemon: one line per event on stderr (journald and Docker keep it)."""

from __future__ import annotations

import logging
import sys

# Libraries that talk at INFO about every job run or connection: warnings only.
_QUIET = ("alembic", "apscheduler", "aiosmtpd", "mail.log", "pymap", "imapclient", "asyncio")

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup_logging(level: str | int = "INFO", stream: object = None) -> None:
    """Root logger to ``stream`` (stderr); the arbitro loggers at ``level``. At INFO the
    daemon logs one line per mail handled and per phase step, never an address or a
    password (the mail layer masks addresses; debug may show more)."""
    handler = logging.StreamHandler(stream or sys.stderr)  # type: ignore[arg-type]
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    for name in _QUIET:
        logging.getLogger(name).setLevel(max(logging.WARNING, root.level))
