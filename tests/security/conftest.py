"""Fixtures shared with tests/mail and tests/service; the long marker (faults/longrun.py)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # harness, as e2e has it

from faults.longrun import register, summary
from mail.conftest import dovecot, imap_account, smtp_sink  # noqa: F401
from service.conftest import pg_databases  # noqa: F401


def pytest_configure(config):  # type: ignore[no-untyped-def]
    register(config)


def pytest_terminal_summary(terminalreporter):  # type: ignore[no-untyped-def]
    summary(terminalreporter)
