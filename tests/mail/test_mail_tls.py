"""IMAP and SMTP over TLS: the daemon reads a Dovecot that speaks TLS (implicit and
STARTTLS) and sends through an aiosmtpd that requires it, with certificates checked: a
server whose certificate is not trusted gets no password and no mail."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from e2e.harness import (
    FakeClock,
    daemon_config,
    holders,
    inbound_rows,
    order_mail,
    run,
    start_moment,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import Dovecot, SmtpSink, dovecot_missing, self_signed
from service.service_helpers import game_table

from arbitro.daemon import Daemon
from arbitro.store import InboundStatus

GAME = "sicuro"


@pytest.fixture(scope="module")
def tls_dovecot() -> Iterator[Dovecot]:
    why = dovecot_missing()
    if why:
        from mail.conftest import _missing

        _missing(why)
    server = Dovecot.create(tls=True)
    server.start()
    yield server
    server.destroy()


def server_context(folder: Path) -> ssl.SSLContext:
    cert, key = self_signed(folder)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def trusting(*certs: Path) -> ssl.SSLContext:
    """What an operator configures for a private CA: these certificates, nothing else."""
    context = ssl.create_default_context()
    for cert in certs:
        context.load_verify_locations(cert)
    return context


def play(account: ImapAccount, sink: SmtpSink, tmp_path: Path, imap: dict[str, object],
         smtp: dict[str, object], client: ssl.SSLContext | None,
         seconds: float = 30, readable: bool = True) -> Daemon:
    """Start the daemon over TLS, mail one order, run until it is confirmed (or the time
    is up); returns the stopped daemon."""
    config = daemon_config(account, sink, tmp_path / "tls.sqlite3",
                           game_table(GAME, start=start_moment()))
    config.server.imap.__dict__.update(imap)  # frozen dataclasses: the TLS side of the test
    config.server.smtp.__dict__.update(smtp)
    clock = FakeClock(start_moment() + timedelta(hours=1))
    daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=1, drain_seconds=1,
                    imap_timeout=5, render_map=None, ssl_context=client)

    async def go() -> None:
        await daemon.start()
        try:
            store = daemon.store
            if readable:
                await until(lambda: len(holders(store, GAME)) == 7, what="game started")
                player = holders(store, GAME)["FRANCE"]
            else:  # the start waits for an inbox read up to it (docs/RELIABILITY.md)
                player = f"p0@{GAME}.example"
            account.deliver(order_mail(player, "A PAR - BUR", password=f"pw{player[1]}",
                                       to=f"arbitro+{GAME}@example.org"))
            try:
                await until(lambda: any(r.status is InboundStatus.PROCESSED
                                        for r in inbound_rows(store))
                            and any(b"A PAR - BUR" in r.content or b"Ordini" in r.content
                                    for r in sink.received), timeout=seconds, what="confirmed")
            except AssertionError:
                pass  # the caller looks at what happened
        finally:
            await daemon.stop()

    run(go())
    return daemon


@pytest.mark.parametrize("imap_mode", ["ssl", "starttls"])
def test_a_game_over_tls_both_ways(imap_mode: str, tls_dovecot: Dovecot,
                                   tmp_path: Path) -> None:
    from mail.conftest import _account

    account = _account(tls_dovecot)
    smtp_context = server_context(tmp_path)
    sink = SmtpSink(tls=smtp_context, implicit_tls=imap_mode == "ssl")
    sink.start()
    try:
        assert tls_dovecot.cert is not None
        client = trusting(tls_dovecot.cert, tmp_path / "cert.pem")
        port = tls_dovecot.imaps_port if imap_mode == "ssl" else tls_dovecot.imap_port
        daemon = play(account, sink, tmp_path, {"tls": imap_mode, "port": port},
                      {"tls": imap_mode}, client)
    finally:
        sink.stop()
    assert daemon.store is not None
    assert [r.status for r in inbound_rows(daemon.store)] == [InboundStatus.PROCESSED]
    assert sink.received, "nothing sent over SMTP with TLS"
    assert len(account.folder("arbitro.processed")) == 1  # read and filed over TLS


@pytest.mark.parametrize("client", ["default", "system CAs"])
def test_an_untrusted_certificate_gets_nothing(client: str, tls_dovecot: Dovecot,
                                               tmp_path: Path) -> None:
    """The system's CAs do not know the test certificates: the daemon must refuse both
    servers rather than send its passwords or mail to them ("default": no context given,
    as `arbitro run` starts)."""
    from mail.conftest import _account

    account = _account(tls_dovecot)
    sink = SmtpSink(tls=server_context(tmp_path))
    sink.start()
    try:
        daemon = play(account, sink, tmp_path, {"tls": "ssl", "port": tls_dovecot.imaps_port},
                      {"tls": "starttls"},
                      None if client == "default" else ssl.create_default_context(), seconds=4,
                      readable=False)
    finally:
        sink.stop()
    assert daemon.store is not None
    assert inbound_rows(daemon.store) == []  # no login, so no mail read
    assert holders(daemon.store, GAME) == {}  # nor the game started without its mail
    assert sink.received == []  # and nothing handed to the SMTP server
    assert len(account.folder("INBOX")) == 1  # the mail waits for a server it can trust
