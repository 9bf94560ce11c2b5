"""Mail server fixtures, reusable from any test folder:

- ``dovecot``: one private Dovecot (IMAP + LMTP) for the test session;
- ``imap_account``: a fresh mailbox on it (own user) with its ImapConfig and LMTP delivery;
- ``private_dovecot``: a Dovecot of the test's own, for tests that stop or renumber it;
- ``smtp_sink`` / ``smtp_sink_auth``: aiosmtpd sinks keeping what they receive;
- ``oauth_provider``, ``oauth_dovecot``, ``oauth_smtp_sink``: OAuth2 (XOAUTH2) logins,
  tokens issued and checked by a provider the test runs (oauth_servers.py).

Other folders import them: ``from mail.conftest import dovecot, imap_account  # noqa: F401``
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, replace

import pytest
from mail.oauth_servers import OAuthProvider, OAuthSmtpSink
from mail.servers import Dovecot, SmtpSink, dovecot_missing

from arbitro.config.model import ImapConfig, SmtpConfig


def _missing(why: str) -> None:
    """Skip on a developer's machine without Dovecot; in CI a missing server is a failure
    (scripts/test.sh installs it), never a silently shorter suite."""
    if os.environ.get("CI"):
        pytest.fail(f"CI without Dovecot: {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def dovecot() -> Iterator[Dovecot]:
    why = dovecot_missing()
    if why:
        _missing(why)
    server = Dovecot.create()
    server.start()
    yield server
    server.destroy()


@pytest.fixture
def private_dovecot() -> Iterator[Dovecot]:
    why = dovecot_missing()
    if why:
        _missing(why)
    server = Dovecot.create()
    server.start()
    yield server
    server.destroy()


@dataclass
class ImapAccount:
    server: Dovecot
    user: str
    password: str

    def config(self, **changes: object) -> ImapConfig:
        base = ImapConfig(
            host="127.0.0.1",
            port=self.server.imap_port,
            user=self.user,
            password=self.password,
            tls="none",
            folder="INBOX",
            processed_folder="arbitro/processed",
            quarantine_folder="arbitro/quarantine",
            poll_seconds=5,
        )
        return replace(base, **changes)  # type: ignore[arg-type]

    def deliver(self, raw: bytes) -> None:
        self.server.deliver(self.user, raw)

    def folder(self, name: str) -> list[bytes]:
        """Raw mails in a folder, read with a separate IMAP session."""
        from imapclient import IMAPClient

        with IMAPClient("127.0.0.1", self.server.imap_port, ssl=False, timeout=10) as c:
            c.login(self.user, self.password)
            if not c.folder_exists(name):
                return []
            c.select_folder(name, readonly=True)
            uids = c.search(["UNDELETED"])
            if not uids:
                return []
            return [d[b"BODY[]"] for _, d in sorted(c.fetch(uids, ["BODY.PEEK[]"]).items())]


def _account(server: Dovecot) -> ImapAccount:
    return ImapAccount(server, f"arbitro{secrets.token_hex(4)}", server.password)


@pytest.fixture
def imap_account(dovecot: Dovecot) -> ImapAccount:
    return _account(dovecot)


@pytest.fixture
def private_account(private_dovecot: Dovecot) -> ImapAccount:
    return _account(private_dovecot)


@pytest.fixture
def smtp_sink() -> Iterator[SmtpSink]:
    sink = SmtpSink()
    sink.start()
    yield sink
    sink.stop()


@pytest.fixture
def smtp_sink_auth() -> Iterator[SmtpSink]:
    sink = SmtpSink(user="arbitro", password="s3cret")
    sink.start()
    yield sink
    sink.stop()


def smtp_config(sink: SmtpSink, **changes: object) -> SmtpConfig:
    base = SmtpConfig(
        host="127.0.0.1",
        port=sink.port,
        user=sink.user or "",
        password=sink.password or "",
        tls="none",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


# -- OAuth2 (XOAUTH2): a provider, a Dovecot that checks tokens there, an SMTP that does --


@pytest.fixture
def oauth_provider() -> Iterator[OAuthProvider]:
    server = OAuthProvider()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def oauth_dovecot(oauth_provider: OAuthProvider) -> Iterator[Dovecot]:
    """A Dovecot of the test's own with an oauth2 passdb asking ``oauth_provider`` about
    every token (private: Dovecot slows logins from an address after refused ones)."""
    why = dovecot_missing()
    if why:
        _missing(why)
    server = Dovecot.create(oauth2_introspection=f"{oauth_provider.base}/introspect")
    server.start()
    yield server
    server.destroy()


@pytest.fixture
def oauth_smtp_sink(oauth_provider: OAuthProvider) -> Iterator[OAuthSmtpSink]:
    sink = OAuthSmtpSink(oauth_provider)
    sink.start()
    yield sink
    sink.stop()
