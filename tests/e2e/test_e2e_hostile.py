"""Hostile and odd mail through the whole daemon: each gets the right treatment, none is
lost (inbox empty, every mail in the processed or quarantine folder and in the inbound
table) and the daemon keeps answering afterwards."""

from __future__ import annotations

import base64
from datetime import timedelta
from pathlib import Path

from harness import (
    GM,
    REFEREE,
    FakeClock,
    daemon_config,
    inbound_rows,
    order_mail,
    outbox_rows,
    queued,
    run,
    seated,
    start_moment,
    to,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import game_table
from sqlalchemy import select

from arbitro.daemon import Daemon
from arbitro.mail.mime.message import parse_inbound
from arbitro.store import InboundStatus, Store
from arbitro.store.models import OrderSubmission

GAME = "ostile"
GAME_ADDRESS = f"arbitro+{GAME}@example.org"


def pw(address: str) -> str:
    return f"pw{address[1]}"


def raw_mail(headers: list[tuple[str, str]], body: bytes) -> bytes:
    head = "".join(f"{k}: {v}\r\n" for k, v in headers).encode()
    return head + b"\r\n" + body


def on_file(store: Store) -> dict[str, str]:
    with store.begin() as uow:
        rows = uow.session.scalars(
            select(OrderSubmission).where(OrderSubmission.superseded.is_(False)))
        return {r.power: r.text for r in rows}


def submissions(store: Store, power: str) -> int:
    with store.begin() as uow:
        rows = uow.session.scalars(select(OrderSubmission).where(OrderSubmission.power == power))
        return len(list(rows))


def test_hostile_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    clock = FakeClock(start_moment() + timedelta(hours=1))
    config = daemon_config(imap_account, smtp_sink, tmp_path / "h.sqlite3",
                           game_table(GAME, start=start_moment()))

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2, drain_seconds=5,
                        imap_timeout=10, render_map=None)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            p = await seated(store, GAME)
            ids: dict[str, str] = {}

            def send(name: str, raw: bytes) -> None:
                ids[name] = parse_inbound(raw).message_id or ""
                imap_account.deliver(raw)

            send("spoofed", order_mail(p["ITALY"], "A VEN - TRI", to=GAME_ADDRESS))
            send("wrong_password", order_mail(p["GERMANY"], "A MUN - RUH", password="nope",
                                              to=GAME_ADDRESS))
            send("copied", order_mail(p["ENGLAND"], "F LON - NTH", password=pw(p["ENGLAND"]),
                                      to=GAME_ADDRESS, cc=p["FRANCE"]))
            send("auto_reply", order_mail(p["AUSTRIA"], "Sono in vacanza fino a lunedì.",
                                          to=GAME_ADDRESS, subject="Fuori ufficio",
                                          headers={"Auto-Submitted": "auto-replied"}))
            send("bounce", raw_mail(
                [("From", "MAILER-DAEMON@mx.example"), ("To", REFEREE),
                 ("Return-Path", "<>"), ("Subject", "Undelivered Mail Returned to Sender"),
                 ("Message-ID", "<bounce1@mx.example>"), ("MIME-Version", "1.0"),
                 ("Content-Type", 'multipart/report; report-type=delivery-status; boundary="B"')],
                b"--B\r\nContent-Type: text/plain\r\n\r\nDelivery failed.\r\n"
                b"--B\r\nContent-Type: message/delivery-status\r\n\r\n"
                b"Final-Recipient: rfc822; p9@nowhere.example\r\nAction: failed\r\n"
                b"Status: 5.1.1\r\n\r\n--B--\r\n"))
            big = base64.encodebytes(b"\0" * (15 * 1024 * 1024))  # about 20 MB encoded
            send("twenty_mb", raw_mail(
                [("From", p["TURKEY"]), ("To", GAME_ADDRESS), ("Subject", "ordini"),
                 ("Message-ID", "<big1@players.example>"), ("MIME-Version", "1.0"),
                 ("Content-Type", 'multipart/mixed; boundary="M"')],
                f"--M\r\nContent-Type: text/plain\r\n\r\nPASSWORD {pw(p['TURKEY'])}\r\n"
                "F ANK - BLA\r\n--M\r\nContent-Type: application/octet-stream\r\n"
                "Content-Transfer-Encoding: base64\r\n\r\n".encode() + big + b"--M--\r\n"))
            send("broken_mime", raw_mail(
                [("From", p["RUSSIA"]), ("To", GAME_ADDRESS), ("Subject", "ordini"),
                 ("Message-ID", "<broken1@players.example>"), ("MIME-Version", "1.0"),
                 ("Content-Type", 'multipart/alternative; boundary="never-used"'),
                 ("Content-Transfer-Encoding", "base64")],
                f"PASSWORD {pw(p['RUSSIA'])}\r\nA WAR - GAL\r\n=?utf-8?q?broken\r\n"
                "--nope\r\n\xff\xfe garbage".encode("latin-1")))
            send("unknown_charset", raw_mail(
                [("From", p["FRANCE"]), ("To", GAME_ADDRESS), ("Subject", "ordini"),
                 ("Message-ID", "<charset1@players.example>"), ("MIME-Version", "1.0"),
                 ("Content-Type", 'text/plain; charset="x-klingon-9"'),
                 ("Content-Transfer-Encoding", "8bit")],
                f"PASSWORD {pw(p['FRANCE'])}\r\nA PAR - BUR\r\nSaluti \xe0 tutti\r\n"
                .encode("latin-1")))
            send("html_only", raw_mail(
                [("From", p["ITALY"]), ("To", GAME_ADDRESS), ("Subject", "ordini"),
                 ("Message-ID", "<html1@players.example>"), ("MIME-Version", "1.0"),
                 ("Content-Type", 'text/html; charset="utf-8"')],
                f"<html><body><p>PASSWORD {pw(p['ITALY'])}</p><div>A VEN - TRI<br>"
                "A ROM - APU</div><p>Ciao!</p></body></html>\r\n".encode()))
            # Afterwards an ordinary mail still gets through.
            send("ordinary", order_mail(p["GERMANY"], "A MUN - RUH", password=pw(p["GERMANY"]),
                                        to=GAME_ADDRESS))
            sent = len(ids)

            await until(lambda: len(inbound_rows(store)) == sent
                        and all(r.status is not InboundStatus.RECEIVED
                                for r in inbound_rows(store)), timeout=40, what="all handled")
            await until(lambda: queued(store) == 0, what="replies sent")
            assert daemon.intake is not None and daemon.intake.running
            rows = {r.message_id: r for r in inbound_rows(store)}
            status = {name: rows[mid].status for name, mid in ids.items()}
            notes = {name: rows[mid].note or "" for name, mid in ids.items()}
            orders = on_file(store)

            def refusals(address: str) -> list[str]:
                return [m.body for m in outbox_rows(store, "mail:")
                        if m.idempotency_key.endswith(":refused") and address in m.recipients]

            # R-MAIL-2: no password, wrong password: refused, nothing on file.
            assert notes["spoofed"] == "refused: no_password"
            assert submissions(store, "ITALY") == 1  # the HTML mail's, below
            assert any("PASSWORD" in b for b in refusals(p["ITALY"]))
            assert "refused: wrong_password" in notes["wrong_password"]
            # R-MAIL-1: copied to another player: refused, the GM told.
            assert "refused: copied" in notes["copied"] and "ENGLAND" not in orders
            alerts = [m for m in outbox_rows(store, "mail:") if ":gm-alert" in m.idempotency_key]
            assert len(alerts) == 2 and all(m.recipients == [GM] for m in alerts)
            # Robots get no answer at all.
            assert status["auto_reply"] is InboundStatus.IGNORED
            assert status["bounce"] is InboundStatus.IGNORED
            assert not [b for b in refusals("mailer-daemon@mx.example")]
            assert not to(smtp_sink, "mailer-daemon@mx.example")
            # The 20 MB mail: read as its header only, refused politely, not taken.
            assert "refused: too_big" in notes["twenty_mb"] and "TURKEY" not in orders
            assert any("kB" in b for b in refusals(p["TURKEY"]))
            # Broken MIME (a multipart whose boundary never comes): nothing readable, so no
            # password either; the sender is told, nothing is taken.
            assert status["broken_mime"] is InboundStatus.PROCESSED
            assert notes["broken_mime"].startswith("refused:") and "RUSSIA" not in orders
            assert refusals(p["RUSSIA"])
            # An unknown charset and an HTML-only mail still carry orders.
            assert "A PAR - BUR" in orders["FRANCE"]
            assert "A VEN - TRI" in orders["ITALY"] and "A ROM - APU" in orders["ITALY"]
            assert "A MUN - RUH" in orders["GERMANY"]
            await until(lambda: imap_account.folder("INBOX") == [], what="copies read")
        finally:
            await daemon.stop()
        # Nothing lost: every mail left the inbox for one of the two folders (and the
        # copies of the referee's own mails for the third).
        assert imap_account.folder("INBOX") == []
        moved = imap_account.folder("arbitro.processed") + imap_account.folder(
            "arbitro.quarantine")
        assert len(moved) == sent

    run(go())
