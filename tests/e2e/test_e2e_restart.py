"""``arbitro run`` killed with SIGKILL while mail is flowing, then started again: no mail
lost, none handled twice, every reply sent once (a mail the SMTP server took just before
the kill is known sent by its copy in the referee's mailbox, not sent again)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from harness import (
    REFEREE,
    counts,
    holders,
    inbound_rows,
    order_mail,
    outbox_rows,
    received,
    server_table,
    toml_text,
)
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from service.service_helpers import game_table

from arbitro.diplomacy.position import start_position
from arbitro.mail.outbound.compose import message_id_for
from arbitro.store import InboundStatus, OutboxStatus, PhaseStatus, Store, open_store
from arbitro.variants import load_board

ROOT = Path(__file__).resolve().parents[2]
GAME = "riavvio"
HOLDS = {
    power: [f"{u.kind} {u.location} H" for u in start_position(load_board("standard")).units
            if u.power == power]
    for power in load_board("standard").powers
}


class Running:
    """``arbitro run`` as a child process."""

    def __init__(self, config: Path, log: Path) -> None:
        self.config = config
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "arbitro", "run", "--config", str(self.config),
                 "--tick-seconds", "1"],
                cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
            )

    def kill9(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def terminate(self) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(20)


def wait(check, timeout: float = 30.0, what: str = "", log: Path | None = None) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            tail = log.read_text()[-3000:] if log else ""
            raise AssertionError(f"not reached in {timeout} s: {what}\n{tail}")
        time.sleep(0.02)


def phase_status(store: Store, code: str) -> PhaseStatus | None:
    with store.begin() as uow:
        for phase in uow.phases.history(GAME):
            if phase.code == code:
                return phase.status
    return None


def test_kill_9_mid_game_loses_and_duplicates_nothing(
    imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    db = tmp_path / "restart.sqlite3"
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(hours=1)
    config = tmp_path / "arbitro.toml"
    config.write_text(toml_text({
        "server": server_table(imap_account, smtp_sink, db),
        "game": [game_table(GAME, start=start)],
    }))
    log = tmp_path / "daemon.log"
    daemon = Running(config, log)
    daemon.start()
    store = open_store(f"sqlite:///{db}")
    kills = 0
    try:
        wait(lambda: len(holders(store, GAME)) == 7, what="game started", log=log)
        players = holders(store, GAME)
        handled_before = 0
        for season in ("S1901M", "F1901M"):
            mails = [order_mail(players[power], "\n".join(lines),
                                password=f"pw{players[power][1]}", to=f"arbitro+{GAME}@example.org")
                     for power, lines in HOLDS.items()]
            feeder = threading.Thread(target=lambda m=mails: [
                (imap_account.deliver(raw), time.sleep(0.05)) for raw in m])
            feeder.start()
            # Kill while the seven mails are being read and answered.
            wait(lambda n=handled_before: len(inbound_rows(store)) >= n + 3, what="some handled",
                 log=log)
            daemon.kill9()
            kills += 1
            feeder.join()
            daemon.start()
            wait(lambda s=season: phase_status(store, s) is PhaseStatus.PROCESSED, timeout=40,
                 what=f"{season} processed", log=log)
            handled_before += len(mails)
        # A mail in flight at a kill, its copy not come, goes again 20 s (receipt_wait)
        # after its claim: allow for that on a busy machine.
        wait(lambda: all(r.status is OutboxStatus.SENT for r in outbox_rows(store)),
             timeout=60, what="outbox sent", log=log)
        wait(lambda: imap_account.folder("INBOX") == [], what="copies read", log=log)
        assert daemon.terminate() == 0  # and a clean stop on SIGTERM
    finally:
        if daemon.process is not None and daemon.process.poll() is None:
            daemon.kill9()
        store.close()

    rows = inbound_rows(store)
    assert len(rows) == 14 and len({r.message_id for r in rows}) == 14
    assert all(r.status is InboundStatus.PROCESSED for r in rows)
    assert imap_account.folder("INBOX") == []
    assert len(imap_account.folder("arbitro.processed")) == 14
    confirms = [r for r in outbox_rows(store) if r.idempotency_key.startswith("confirm:")]
    assert len(confirms) == 14
    # Every queued mail reached the SMTP server, once.
    expected = {message_id_for(r.idempotency_key, REFEREE) for r in outbox_rows(store)}
    seen = counts(g.message_id for g in received(smtp_sink))
    assert set(seen) == expected
    assert {mid: n for mid, n in seen.items() if n > 1} == {}, f"after {kills} kills"
    results = [r for r in outbox_rows(store) if r.idempotency_key.startswith("results:")]
    assert len(results) == 2 * (7 + 1)  # seven players and the GM, two phases
    assert "arbitro: stopped" in log.read_text()
