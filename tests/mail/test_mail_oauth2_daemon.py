"""The daemon with OAuth2 mailboxes, against real parts: Dovecot with an oauth2 passdb that
checks every XOAUTH2 token at the test's provider (token introspection), and an aiosmtpd
that takes only XOAUTH2, checking tokens at the same provider. It reads and sends with
tokens it refreshes itself; tokens expiring mid-run and a revoked refresh token are met
without a lost mail or a crash."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from e2e.harness import (
    OPERATOR,
    FakeClock,
    holders,
    inbound_rows,
    order_mail,
    outbox_rows,
    run,
    server_table,
    start_moment,
    until,
)
from mail.conftest import ImapAccount
from mail.oauth_servers import OAuthProvider, OAuthSmtpSink
from mail.servers import Dovecot
from service.service_helpers import game_table

from arbitro.config import Config, parse_config
from arbitro.config.oauth2 import write_token_file
from arbitro.daemon import Daemon
from arbitro.store import InboundStatus

GAME = "gettoni"


def oauth_server(account: ImapAccount, sink: OAuthSmtpSink, provider: OAuthProvider,
                 tmp_path: Path) -> dict[str, Any]:
    """The [server] table with both mailboxes on OAuth2, sharing one token file."""
    server = server_table(account, sink, tmp_path / "oauth.sqlite3")
    oauth2 = {"provider": "custom", "client_id": provider.client_id,
              "token_url": f"{provider.base}/token", "device_url": f"{provider.base}/devicecode",
              "scope": "mail offline_access", "token_file": "mail-token.json"}
    del server["imap"]["password"]
    server["imap"].update(auth="oauth2", oauth2=oauth2)
    server["smtp"].update(user=account.user, auth="oauth2", oauth2=dict(oauth2))
    return server


def oauth_config(account: ImapAccount, sink: OAuthSmtpSink, provider: OAuthProvider,
                 tmp_path: Path) -> Config:
    data = {"server": oauth_server(account, sink, provider, tmp_path),
            "game": [game_table(GAME, start=start_moment())]}
    return parse_config(data, tmp_path / "arbitro.toml")


def make_daemon(config: Config) -> Daemon:
    return Daemon(config, clock=FakeClock(start_moment() + timedelta(hours=1)), tick_seconds=3600,
                  imap_wait=1, drain_seconds=0.5, imap_timeout=5, imap_backoff_max=1,
                  render_map=None, token_options={"refused_pause": 1.0})


def confirmed(sink: OAuthSmtpSink, player: str) -> int:
    return sum(1 for r in sink.received if player in [a.lower() for a in r.rcpt_tos])


def filed(server: Dovecot, account: ImapAccount, folder: str) -> int:
    """Mails in a Maildir folder, read on disk (the test has no password to log in with)."""
    box = server.maildir(account.user) / folder
    return sum(len(list((box / sub).iterdir())) for sub in ("cur", "new") if (box / sub).exists())


def processed(daemon: Daemon) -> int:
    assert daemon.store is not None
    return sum(1 for r in inbound_rows(daemon.store) if r.status is InboundStatus.PROCESSED)


@pytest.fixture
def setup(oauth_dovecot: Dovecot, oauth_smtp_sink: OAuthSmtpSink, oauth_provider: OAuthProvider,
          tmp_path: Path) -> tuple[ImapAccount, Daemon]:
    provider, sink = oauth_provider, oauth_smtp_sink
    from mail.conftest import _account

    account = _account(oauth_dovecot)
    write_token_file(tmp_path / "mail-token.json", {"refresh_token": provider.grant(account.user)})
    return account, make_daemon(oauth_config(account, sink, provider, tmp_path))


def test_reads_and_sends_with_xoauth2_and_survives_expired_tokens(
        setup: tuple[ImapAccount, Daemon], oauth_smtp_sink: OAuthSmtpSink, oauth_provider: OAuthProvider,
        oauth_dovecot: Dovecot) -> None:
    provider, sink = oauth_provider, oauth_smtp_sink
    account, daemon = setup

    async def go() -> None:
        await daemon.start()
        try:
            store = daemon.store
            await until(lambda: len(holders(store, GAME)) == 7, what="game started")
            player = holders(store, GAME)["FRANCE"]
            account.deliver(order_mail(player, "A PAR - BUR", password=f"pw{player[1]}",
                                       to=f"arbitro+{GAME}@example.org"))
            await until(lambda: processed(daemon) == 1 and confirmed(sink, player) >= 1,
                        what="first order read over IMAP and confirmed over SMTP")
            # IMAP and SMTP share the token file: one refresh serves both
            assert provider.grants.count("refresh_token") == 1

            # Every access token expires at the provider, unknown to the daemon; both
            # servers drop their connections (a restart), so both log in again.
            provider.expire_access_tokens()
            oauth_dovecot.restart()
            sink.stop()
            sink.start()
            already = confirmed(sink, player)
            account.deliver(order_mail(player, "A MAR - SPA", password=f"pw{player[1]}",
                                       to=f"arbitro+{GAME}@example.org"))
            await until(lambda: processed(daemon) == 2 and confirmed(sink, player) > already,
                        timeout=30, what="second order read and confirmed after the expiry")
        finally:
            await daemon.stop()

    run(go())
    assert daemon.store is not None
    assert [r.status for r in inbound_rows(daemon.store)] == [InboundStatus.PROCESSED] * 2
    # the stale token was refused once by each server, then one refresh served both
    assert provider.grants.count("refresh_token") == 2
    assert [ok for _, ok in sink.logins].count(False) == 1
    assert all(user == account.user for user, _ in sink.logins)
    assert filed(oauth_dovecot, account, ".arbitro.processed") == 2  # both filed: none lost
    assert "method=XOAUTH2" in oauth_dovecot.log()


def test_a_revoked_refresh_token_is_reported_and_nothing_crashes(
        setup: tuple[ImapAccount, Daemon], oauth_smtp_sink: OAuthSmtpSink, oauth_provider: OAuthProvider,
        oauth_dovecot: Dovecot, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    provider, sink = oauth_provider, oauth_smtp_sink
    account, daemon = setup

    async def go() -> None:
        await daemon.start()
        try:
            store = daemon.store
            await until(lambda: len(holders(store, GAME)) == 7, what="game started")
            player = holders(store, GAME)["FRANCE"]
            await until(lambda: processed(daemon) == 0 and daemon.intake is not None
                        and daemon.intake.caught_up is not None, what="logged in once")

            provider.revoke(account.user)  # the GM withdrew the app's access
            oauth_dovecot.restart()  # the IMAP session ends; logging in needs a new token
            account.deliver(order_mail(player, "A PAR - BUR", password=f"pw{player[1]}",
                                       to=f"arbitro+{GAME}@example.org"))
            assert daemon.store is not None
            await until(lambda: any(r.idempotency_key.startswith("oauth2-refused:")
                                    for r in outbox_rows(daemon.store)),
                        what="the operator's alert queued")
            intake = daemon.intake
            assert intake is not None
            errors = intake.stats.connection_errors
            await until(lambda: intake.stats.connection_errors >= errors + 2, timeout=10,
                        what="the intake keeps retrying")
            assert intake.running and daemon.running  # no crash, no crash loop
            assert processed(daemon) == 0  # the mail waits in the inbox

            # the GM logs in again: a new token in the file is taken up without a restart
            write_token_file(tmp_path / "mail-token.json",
                             {"refresh_token": provider.grant(account.user)})
            await until(lambda: processed(daemon) == 1 and confirmed(sink, player) >= 1,
                        timeout=30, what="the waiting order read and confirmed")
            # the alert's own try failed (SMTP had no token either): it comes again after
            # the outbox's backoff, on the daemon's clock
            clock = daemon.clock
            assert isinstance(clock, FakeClock)
            clock.advance(minutes=30)
            daemon.wake_drainer()
            await until(lambda: confirmed(sink, OPERATOR) >= 1, timeout=30,
                        what="the alert mailed once SMTP could log in again")
        finally:
            await daemon.stop()

    run(go())
    assert daemon.store is not None
    alerts = [r for r in outbox_rows(daemon.store) if r.idempotency_key.startswith("oauth2-refused:")]
    assert len(alerts) == 1 and alerts[0].recipients == [OPERATOR]  # once, not per retry
    mailed = [r.content for r in sink.received if OPERATOR in r.rcpt_tos]
    assert b"arbitro oauth login" in mailed[0]
    refused = [r for r in caplog.records if r.name == "arbitro.mail.outbound.oauth.tokens"
               and "refused the refresh token" in r.getMessage()]
    assert refused and all(r.levelname == "ERROR" for r in refused)  # the operator's log
    # retried, but paused: not one token request per reconnect
    assert provider.grants.count("refresh_token") < 12


def test_oauth_login_proves_the_new_token_on_both_servers(
        oauth_dovecot: Dovecot, oauth_smtp_sink: OAuthSmtpSink, oauth_provider: OAuthProvider,
        tmp_path: Path) -> None:
    """`arbitro oauth login` as a GM runs it on the config the daemon will use: after the
    device flow it logs in to IMAP and SMTP with the new token and says so."""
    provider, sink = oauth_provider, oauth_smtp_sink
    import os
    import re
    import subprocess
    import sys

    from mail.conftest import _account

    from arbitro.config.oauth2 import read_token_file

    from e2e.harness import toml_text

    account = _account(oauth_dovecot)
    root = Path(__file__).resolve().parents[2]
    toml = tmp_path / "arbitro.toml"
    toml.write_text(toml_text({"server": oauth_server(account, sink, provider, tmp_path)}),
                    encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitro", "oauth", "login", "--config", str(toml)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(root)})
    assert process.stdout is not None
    line = ""
    while "enter the code" not in line:
        line = process.stdout.readline()
        assert line, "no code shown"
    code = re.search(r"enter the code (\S+)", line)
    assert code
    provider.enter_code(code.group(1), account.user)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert f"[server.imap] XOAUTH2 login to 127.0.0.1:{oauth_dovecot.imap_port} as {account.user}: OK" in out
    assert f"[server.smtp] XOAUTH2 login to 127.0.0.1:{sink.port} as {account.user}: OK" in out
    assert out.count("refresh token stored") == 1  # one token for both: one login
    assert read_token_file(tmp_path / "mail-token.json")["refresh_token"] in provider.refresh_tokens
    assert sink.logins == [(account.user, True)]

    # a token the provider then withdraws: the check says so and the command fails
    provider.revoke(account.user)
    (tmp_path / "mail-token.json").unlink()
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitro", "oauth", "login", "--config", str(toml)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(root)})
    assert process.stdout is not None
    line = ""
    while "enter the code" not in line:
        line = process.stdout.readline()
        assert line, "no code shown"
    code = re.search(r"enter the code (\S+)", line)
    assert code
    provider.enter_code(code.group(1), "someone-else@example.org")  # signed in as another user
    out, err = process.communicate(timeout=60)
    assert process.returncode == 1
    assert "[server.imap] XOAUTH2 login" in err and "failed" in err


def test_an_idle_session_logs_in_again_before_its_token_expires(
        setup: tuple[ImapAccount, Daemon], oauth_smtp_sink: OAuthSmtpSink,
        oauth_provider: OAuthProvider, oauth_dovecot: Dovecot) -> None:
    """Microsoft 365 ends an IMAP session when its access token expires. The daemon logs in
    again with a fresh token shortly before, quietly: no error, no mail missed."""
    provider, sink = oauth_provider, oauth_smtp_sink
    provider.access_lifetime = 2.0
    account, daemon = setup
    logins = f"Login: user=<{account.user}>"

    async def go() -> None:
        await daemon.start()
        try:
            store = daemon.store
            await until(lambda: len(holders(store, GAME)) == 7, what="game started")
            await until(lambda: oauth_dovecot.log().count(logins) >= 4, timeout=15,
                        what="three fresh logins while idle")
            player = holders(store, GAME)["FRANCE"]
            account.deliver(order_mail(player, "A PAR - BUR", password=f"pw{player[1]}",
                                       to=f"arbitro+{GAME}@example.org"))
            await until(lambda: processed(daemon) == 1 and confirmed(sink, player) >= 1,
                        what="the order read and confirmed")
        finally:
            await daemon.stop()

    run(go())
    assert daemon.intake is not None
    assert daemon.intake.stats.connection_errors == 0  # re-logins, never a dropped session
    # every session's token was live when it logged in: none refused at introspection
    assert all(ok for _, ok in provider.introspections)
