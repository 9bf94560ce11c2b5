"""Bounces: a report that the referee's mail to a player failed reaches the GM, once a day
per address; reports about others' mails, delays and forgeries reach nobody."""

from __future__ import annotations

from datetime import timedelta

import pytest
from mail.test_commands_handler import GAME, NOW, outbox, setup  # noqa: F401 — the fixture

from arbitro.mail.intake.bounces import read_bounce
from arbitro.store import InboundStatus
from arbitro.store.models import InboundMail

REFEREE = "arbitro@example.org"
GM = "gm@example.org"


def dsn(recipient: str, *, action: str = "failed", ours: bool = True,
        returned: str = "message/rfc822", n: int = 0) -> bytes:
    loop = f"X-Arbitro-Loop: {REFEREE}\r\n" if ours else ""
    return (
        "Return-Path: <>\r\nFrom: Mail Delivery System <MAILER-DAEMON@mx.example.it>\r\n"
        f"To: {REFEREE}\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <dsn{n}.{recipient}@mx.example.it>\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="r"\r\n\r\n'
        "--r\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"
        "--r\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.it\r\n\r\n"
        f"Final-Recipient: rfc822; {recipient}\r\nAction: {action}\r\nStatus: 5.1.1\r\n"
        "Diagnostic-Code: smtp; 550 5.1.1 mailbox unknown\r\n"
        f"--r\r\nContent-Type: {returned}\r\n\r\n"
        f"From: Arbitro <{REFEREE}>\r\nTo: {recipient}\r\nSubject: [{GAME}] Risultati S1901M\r\n"
        f"{loop}\r\nA VEN - TRI\r\n--r--\r\n"
    ).encode()


def test_the_report_is_read() -> None:
    got = read_bounce(dsn("p3@roma1.example"), REFEREE)
    assert got is not None
    assert got.recipients == ("p3@roma1.example",)
    assert got.status.startswith("5.1.1") and "mailbox unknown" in got.status
    assert got.subject == f"[{GAME}] Risultati S1901M"
    headers_only = read_bounce(dsn("p3@roma1.example", returned="text/rfc822-headers"), REFEREE)
    assert headers_only is not None and headers_only.recipients == ("p3@roma1.example",)


@pytest.mark.parametrize("raw", [
    dsn("p3@roma1.example", action="delayed").replace(b"Status: 5.1.1", b"Status: 4.4.1"),
    dsn("p3@roma1.example", ours=False),  # someone else's mail, or a forgery
    b"From: x@y.example\r\nSubject: hi\r\n\r\nciao\r\n",
    b"\x00\xff garbage",
])
def test_other_reports_and_mails_are_no_bounce(raw: bytes) -> None:
    assert read_bounce(raw, REFEREE) is None


def test_a_players_bounce_reaches_the_gm_once_a_day(setup) -> None:  # type: ignore[no-untyped-def] # noqa: F811
    store, _, handler, holders, _ = setup
    player = holders["ITALY"]
    for n, when in enumerate([NOW, NOW + timedelta(hours=2), NOW + timedelta(days=1)]):
        assert handler.handle(dsn(player, n=n), when) == "processed"
    alerts = [m for m in outbox(store, GM) if m.idempotency_key.startswith("bounce:")]
    assert len(alerts) == 2  # the same day once, the next day again
    assert "ITALY" in alerts[0].body and player in alerts[0].body
    assert "mailbox unknown" in alerts[0].body
    assert outbox(store, "MAILER-DAEMON@mx.example.it") == []  # the robot gets no answer
    with store.begin() as uow:
        rows = list(uow.session.query(InboundMail))
    assert all(r.status is InboundStatus.IGNORED and "told: roma1/ITALY" in r.note for r in rows)


def test_bounces_of_strangers_and_forgeries_reach_nobody(setup) -> None:  # type: ignore[no-untyped-def] # noqa: F811
    store, _, handler, holders, _ = setup
    before = len(outbox(store))
    handler.handle(dsn("stranger@nowhere.example"), NOW)
    handler.handle(dsn(holders["ITALY"], ours=False, n=1), NOW)
    assert len(outbox(store)) == before
