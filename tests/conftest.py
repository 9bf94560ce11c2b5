"""Test-wide set-up: this folder is importable (shared_data, helpers), and the two tiers.

Every test that needs a real server (Dovecot, an SMTP sink, PostgreSQL, Chromium, a daemon
in its own process, the apt lock) is marked ``servers`` here, by the fixtures it uses, the
parameter it runs on or the folder it lives in, so the fast tier is simply
``pytest -m "not servers"``; the README's test command runs both.
"""

from __future__ import annotations

import pytest
from hypothesis import settings

# Hypothesis' per-example deadline measures the machine, not the code: on a shared 2-core
# machine a first example that imports a module takes seconds. Speed has its benchmarks.
settings.register_profile("arbitro", deadline=None)
settings.load_profile("arbitro")

# fixtures that start or reach a real server
SERVER_FIXTURES = frozenset({
    "dovecot", "private_dovecot", "tls_dovecot", "oauth_dovecot", "imap_account",
    "private_account", "smtp_sink", "smtp_sink_auth", "oauth_smtp_sink", "oauth_provider",
    "pg_databases", "pg_session_url", "pg_user",
})
# folders whose every test drives servers or whole processes
SERVER_FOLDERS = frozenset({"e2e", "faults", "setup"})
# single files that start servers or processes of their own
SERVER_FILES = frozenset({
    "test_daemon_shutdown.py", "test_mail_dev_maildir.py", "test_mail_dev_servers.py",
    "test_mail_idle_lines.py", "test_mail_oauth2.py", "test_mail_oauth2_daemon.py",
    "test_dev.py", "test_dev_demo.py", "test_archive_daemon.py",
})


def _needs_servers(item: pytest.Item) -> bool:
    if set(getattr(item, "fixturenames", ())) & SERVER_FIXTURES:
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "postgresql" in callspec.params.values():
        return True
    parts = item.path.parts
    return bool(SERVER_FOLDERS & set(parts)) or item.path.name in SERVER_FILES


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "servers: needs a real server or a whole process (the slow tier)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _needs_servers(item):
            item.add_marker(pytest.mark.servers)
