"""SMTP and IMAP outages under the whole daemon (issue 10).

SMTP, through a proxy in front of the aiosmtpd sink that refuses (resets), hangs (accepts
and never speaks), or the sink answering 4xx / 5xx: every report waits in the outbox and
goes out once the server is back; a permanent failure reaches the GM (operator) by mail.
IMAP: Dovecot restarted mid-stream, and the inbox renumbered (new UIDVALIDITY) with mails
already handled in it: nothing lost, nothing handled twice.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from datetime import timedelta
from pathlib import Path

import pytest
from faults.longrun import note
from harness import (
    OPERATOR,
    FakeClock,
    counts,
    daemon_config,
    holders,
    inbound_rows,
    order_mail,
    outbox_rows,
    received,
    run,
    start_moment,
    until,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink, free_port
from service.service_helpers import game_table

from arbitro.daemon import Daemon
from arbitro.mail.outbound.compose import message_id_for
from arbitro.store import InboundStatus, OutboxStatus

GAME = "guasti"
REFEREE = "arbitro@example.org"
HOLDS = {
    "ENGLAND": "F LON H\nF EDI H\nA LVP H", "FRANCE": "F BRE H\nA PAR H\nA MAR H",
    "GERMANY": "F KIE H\nA BER H\nA MUN H", "ITALY": "F NAP H\nA ROM H\nA VEN H",
    "AUSTRIA": "A VIE H\nA BUD H\nF TRI H", "RUSSIA": "F STP/SC H\nA MOS H\nA WAR H\nF SEV H",
    "TURKEY": "F ANK H\nA CON H\nA SMY H",
}


class Proxy:
    """A TCP proxy to the sink: mode "pass", "reset" (close at once) or "hang"."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = free_port()
        self.mode = "pass"
        self.connections = 0
        self._server = socket.create_server(("127.0.0.1", self.port))
        self._held: list[socket.socket] = []
        self._open: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self.connections += 1
            if self.mode == "reset":
                conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\0\0\0\0\0\0\0")
                conn.close()
            elif self.mode == "hang":
                self._held.append(conn)
            else:
                up = socket.create_connection(("127.0.0.1", self.target))
                self._open += [conn, up]
                for a, b in ((conn, up), (up, conn)):
                    threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def set(self, mode: str) -> None:
        """Change the mode; connections open until now are cut (the outage begins)."""
        self.mode = mode
        for s in self._open:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._open.clear()

    def close(self) -> None:
        self._server.close()
        for s in self._held:
            s.close()


def players_mails(players: dict[str, str]) -> list[bytes]:
    return [order_mail(players[p], text, password=f"pw{players[p][1]}",
                       to=f"arbitro+{GAME}@example.org") for p, text in HOLDS.items()]


UNSENT = (OutboxStatus.QUEUED, OutboxStatus.SENDING)


@pytest.mark.parametrize("mode", ["reset", "hang", "4xx", "5xx"])
def test_smtp_down_reports_wait_and_all_go_out(mode: str, imap_account: ImapAccount,
                                               smtp_sink: SmtpSink, tmp_path: Path) -> None:
    proxy = Proxy(smtp_sink.port)
    clock = FakeClock(start_moment() + timedelta(hours=1))
    config = daemon_config(imap_account, smtp_sink, tmp_path / "s.sqlite3",
                           game_table(GAME, start=start_moment()))
    config.server.smtp.__dict__["port"] = proxy.port  # frozen dataclass: point it at the proxy

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=1, drain_seconds=1,
                        imap_timeout=10, render_map=None)
        await daemon.start()
        assert daemon.drainer is not None
        daemon.drainer.sender.timeout = 1.0  # a hanging server costs a second per try
        try:
            store = daemon.store
            await until(lambda: len(holders(store, GAME)) == 7, what="game started")
            await until(lambda: all(r.status is OutboxStatus.SENT for r in outbox_rows(store)),
                        what="welcome mails sent")
            before = len(smtp_sink.received)
            sent_before = {r.id for r in outbox_rows(store)}
            if mode in ("reset", "hang"):
                proxy.set(mode)
            elif mode == "4xx":
                smtp_sink.data_replies.extend(["451 4.3.0 try again later"] * 200)
            else:  # one player's mailbox gone: each mail to it fails for good
                gone = holders(store, GAME)["ITALY"]
                smtp_sink.rcpt_replies[gone] = "550 5.1.1 no such user"

            for raw in players_mails(holders(store, GAME)):
                imap_account.deliver(raw)
            await until(lambda: len(inbound_rows(store)) == 7 and all(
                r.status is InboundStatus.PROCESSED for r in inbound_rows(store)), timeout=40,
                what="orders handled")
            await until(lambda: any(k.idempotency_key.startswith("results:")
                                    for k in outbox_rows(store)), what="results queued")
            waiting = [r for r in outbox_rows(store) if r.status in UNSENT]
            # Down for "hours": the clock moves, the drainer keeps trying, nothing is lost.
            for _ in range(3):
                clock.advance(minutes=30)
                daemon.wake_drainer()
                await asyncio.sleep(1.5)
            if mode != "5xx":
                assert len(smtp_sink.received) == before
                # waiting: queued, or "sending" while the drainer tries the dead server
                assert all(r.status in UNSENT for r in outbox_rows(store)
                           if r.id not in sent_before)
            if mode in ("reset", "hang"):
                proxy.set("pass")
            smtp_sink.data_replies.clear()
            clock.advance(hours=3)  # past every backoff
            daemon.wake_drainer()
            for _ in range(60):  # time goes on: every retry comes due in turn
                if all(r.status not in UNSENT for r in outbox_rows(store)):
                    break
                clock.advance(minutes=10)
                daemon.wake_drainer()
                await asyncio.sleep(0.5)
            rows = outbox_rows(store)
            failed = [r for r in rows if r.status is OutboxStatus.FAILED]
            alerts = [r for r in rows if r.idempotency_key.startswith("outbox-failed:")]
            got = counts(g.message_id for g in received(smtp_sink))
            if mode == "5xx":
                assert failed and all(r.recipients == [gone] for r in failed)
                assert len(alerts) == len(failed)  # each told to the operator
                assert all(a.recipients == [OPERATOR] and a.status is OutboxStatus.SENT
                           for a in alerts)
            else:
                assert not failed and not alerts
            sent = [r for r in rows if r.status is OutboxStatus.SENT]
            assert {message_id_for(r.idempotency_key, REFEREE) for r in sent} == set(got)
            assert all(n == 1 for n in got.values())
            note("smtp", f"{mode}: {len(waiting)} mails waited in the outbox; "
                         f"{len(sent)} sent once each, {len(failed)} failed for good and told")
        finally:
            await daemon.stop()
            proxy.close()

    run(go())


def test_imap_restart_and_uidvalidity_change_lose_and_repeat_nothing(
    private_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    clock = FakeClock(start_moment() + timedelta(hours=1))
    config = daemon_config(private_account, smtp_sink, tmp_path / "i.sqlite3",
                           game_table(GAME, start=start_moment()))
    server = private_account.server

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=1, drain_seconds=1,
                        imap_timeout=5, imap_backoff_max=1, render_map=None)
        await daemon.start()
        try:
            store = daemon.store
            await until(lambda: len(holders(store, GAME)) == 7, what="game started")
            mails = players_mails(holders(store, GAME))
            for raw in mails[:3]:
                private_account.deliver(raw)
            server.restart()  # open sessions die, as in a real restart
            for raw in mails[3:5]:
                private_account.deliver(raw)
            await until(lambda: len(inbound_rows(store)) == 5, timeout=40, what="5 handled")
            # Renumber the inbox while two handled mails are put back in it (as after a
            # migration that copied the processed folder back): they must not count again.
            maildir = server.maildir(private_account.user)
            processed = maildir / ".arbitro.processed" / "cur"
            back = sorted(processed.iterdir())[:2]
            for path in back:
                path.rename(maildir / "cur" / path.name.split(":")[0])
            server.reset_uidvalidity(private_account.user)
            for raw in mails[5:]:
                private_account.deliver(raw)
            await until(lambda: len(inbound_rows(store)) == 7, timeout=40, what="7 handled")
            await until(lambda: private_account.folder("INBOX") == [], timeout=40,
                        what="inbox emptied")
            await until(lambda: all(r.status is OutboxStatus.SENT for r in outbox_rows(store)),
                        timeout=40, what="all sent")
            rows = inbound_rows(store)
            assert len(rows) == 7 and all(r.status is InboundStatus.PROCESSED for r in rows)
            confirms = [r for r in outbox_rows(store) if r.idempotency_key.startswith("confirm:")]
            assert len(confirms) == 7
            got = counts(g.message_id for g in received(smtp_sink))
            assert all(n == 1 for n in got.values())
            assert daemon.intake is not None
            note("imap", f"Dovecot restarted mid-stream, then UIDVALIDITY changed with 2 handled "
                         f"mails back in the inbox: 7 mails handled once, "
                         f"{daemon.intake.stats.connection_errors} reconnect(s)")
        finally:
            await daemon.stop()

    run(go())
