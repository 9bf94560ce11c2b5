"""Fault injection against the real daemon, Dovecot, aiosmtpd and the databases.

Registers the ``long`` marker (see longrun.py): CI runs a few trials, ``ARBITRO_LONG=1``
or ``pytest -m long`` runs a hundred and more."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))  # harness, as e2e has it

from faults.longrun import register, summary
from mail.conftest import dovecot, imap_account, private_account, private_dovecot, smtp_sink  # noqa: F401
from service.conftest import pg_databases  # noqa: F401


def pytest_configure(config):  # type: ignore[no-untyped-def]
    register(config)


def pytest_terminal_summary(terminalreporter):  # type: ignore[no-untyped-def]
    summary(terminalreporter)
