"""Mail latency and throughput of the whole daemon: Dovecot -> arbitro -> SMTP.

    python3 bench/mail.py [--mails 200] [--one-by-one 60] [--turns 3] [--no-map]

Needs Dovecot (scripts/test.sh installs it) and the test extra (aiosmtpd). Starts a
private Dovecot, and an aiosmtpd sink **in a process of its own** (so that what the sink
does is not counted against the daemon: it parses every mail it receives, and delivers the
referee's receipt copies back into Dovecot by LMTP, as the referee's real server would);
runs the daemon in this process on a SQLite file and a seven-player game, then prints:

- one order mail at a time, the daemon idle in between (a password in each mail: one
  scrypt check): from the mail's delivery into the referee's inbox (LMTP done) to the
  moment the daemon read it (the inbound row's time), and to the sink's receipt of its
  confirmation; p50 and p95;
- order mails per second: N order mails delivered by LMTP as fast as they go, timed from
  the first delivery until the sink holds all N confirmations;
- seconds per 7-player turn: from the delivery of the order mail that completes a turn
  (early processing) until the sink holds every results mail of that turn (seven players
  and the GM's copy, with the map unless --no-map); median over --turns turns.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import queue
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# This file is bench/mail.py: its folder must not shadow the tests' ``mail`` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mail.servers import Dovecot, SmtpSink, dovecot_missing, free_port

GAME = "bench"
USER = "arbitrobench"
REFEREE = "arbitro@example.org"


# -- the SMTP sink, in its own process ------------------------------------------------


def _sink_main(port: int, lmtp_port: int, out: Any, ready: Any, stop: Any) -> None:
    """The sink's process: every mail received is reported as (monotonic time, subject,
    recipients); the referee's copies go into Dovecot by LMTP."""
    import asyncio
    import smtplib

    from arbitro.mail.mime.message import parse_inbound

    def deliver(raw: bytes) -> None:
        with smtplib.LMTP("127.0.0.1", lmtp_port) as lmtp:
            lmtp.sendmail("someone@example.org", [USER], raw)

    class Reporting(SmtpSink):
        """Answers at once and delivers the referee's copy afterwards, as an MTA queues
        a mail before it delivers it."""

        async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]
            at = time.monotonic()
            content = bytes(envelope.original_content or envelope.content)
            remote = [r for r in envelope.rcpt_tos if r.lower() != REFEREE]
            if len(remote) < len(envelope.rcpt_tos):
                asyncio.get_running_loop().run_in_executor(None, deliver, content)
            if remote:
                out.put((at, parse_inbound(content).subject, remote))
            return "250 OK queued"

    sink = Reporting()
    sink.port = port
    sink.start()
    ready.set()
    stop.wait()
    sink.stop()


class SinkProcess:
    """The sink, seen from the bench: ``received`` holds (time, subject) as they come."""

    def __init__(self, lmtp_port: int) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.port = free_port()
        self._out = ctx.Queue()
        self._ready, self._stop = ctx.Event(), ctx.Event()
        self._process = ctx.Process(target=_sink_main, daemon=True,
                                    args=(self.port, lmtp_port, self._out, self._ready,
                                          self._stop))
        self.received: list[tuple[float, str]] = []
        self._lock = threading.Lock()

    def start(self) -> None:
        self._process.start()
        if not self._ready.wait(30):
            raise RuntimeError("the SMTP sink did not start")

    def poll(self) -> None:
        while True:
            try:
                at, subject, _ = self._out.get_nowait()
            except queue.Empty:
                return
            with self._lock:
                self.received.append((at, subject))

    def count(self, word: str) -> int:
        self.poll()
        with self._lock:
            return sum(1 for _, subject in self.received if word in subject)

    def times(self, word: str) -> list[float]:
        self.poll()
        with self._lock:
            return [at for at, subject in self.received if word in subject]

    def stop(self) -> None:
        self._stop.set()
        self._process.join(10)


# -- the daemon under test ---------------------------------------------------------------


def config(dovecot: Dovecot, user: str, sink_port: int, db: Path):  # type: ignore[no-untyped-def]
    from arbitro.config import parse_config

    start = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=5)
    data = {
        "server": {
            "database_url": f"sqlite:///{db}",
            "referee_address": REFEREE,
            "imap": {"host": "127.0.0.1", "port": dovecot.imap_port, "user": user,
                     "password": dovecot.password, "tls": "none", "poll_seconds": 5},
            "smtp": {"host": "127.0.0.1", "port": sink_port, "tls": "none"},
            "limits": {"outbound_per_minute": 1_000_000, "mails_per_sender_per_hour": 100_000},
        },
        "game": [{
            "id": GAME, "start": start, "gm_address": "gm@example.org", "gm_password": "gm",
            "reminders": [], "deadlines": {"movement": "3d"},
            "players": [{"address": f"p{i}@players.example", "password": f"pw{i}"}
                        for i in range(7)],
        }],
    }
    return parse_config(data, db.parent / "bench.toml")


def order_mail(n: int, address: str, password: str, body: str) -> bytes:
    return (
        f"From: {address}\r\nTo: arbitro+{GAME}@example.org\r\nSubject: ordini\r\n"
        f"Message-ID: <bench{n}.{time.monotonic_ns()}@players.example>\r\n\r\n"
        f"PASSWORD {password}\r\n{body}\r\n"
    ).encode()


async def wait_for(check, timeout: float = 600.0, step: float = 0.002) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError("bench condition not reached")
        await asyncio.sleep(step)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def bench(dovecot: Dovecot, sink: SinkProcess, db: Path, mails: int, singles: int,
                turns: int, maps: bool) -> dict[str, Any]:
    from arbitro.daemon import Daemon
    from arbitro.diplomacy.position import start_position
    from arbitro.variants import load_board

    board = load_board("standard")
    holds = {power: "\n".join(f"{u.kind} {u.location} H" for u in start_position(board).units
                              if u.power == power) for power in board.powers}
    daemon = Daemon(config(dovecot, USER, sink.port, db), imap_wait=5,
                    render_map="default" if maps else None)
    await daemon.start()
    figures: dict[str, Any] = {}
    try:
        store = daemon.store
        assert store is not None
        await wait_for(lambda: len(_holders(store)) == 7)
        players = _holders(store)  # power -> address
        powers = sorted(players)
        await wait_for(lambda: _settled(store), 60)  # the welcome mails out, copies read
        await asyncio.sleep(0.5)

        # 1. One at a time, the daemon idle in between.
        read, confirmed = [], []
        for n in range(singles):
            power = powers[n % 6]
            before = sink.count("Ordini ricevuti")
            raw = order_mail(1000 + n, players[power], f"pw{players[power][1]}", holds[power])
            await asyncio.to_thread(dovecot.deliver, USER, raw)
            delivered, delivered_wall = time.monotonic(), datetime.now(UTC)
            await wait_for(lambda b=before: sink.count("Ordini ricevuti") > b, 30)
            confirmed.append(sink.times("Ordini ricevuti")[-1] - delivered)
            read.append((_last_read(store) - delivered_wall).total_seconds())
            await asyncio.sleep(0.3)  # its receipt copy read back; idle again
        figures["read"] = read
        figures["confirmed"] = confirmed

        # 2. Order mails per second: six powers only, so no turn is processed meanwhile.
        raws = [order_mail(n, players[p], f"pw{players[p][1]}", holds[p])
                for n, p in enumerate(powers[n % 6] for n in range(mails))]
        before = sink.count("Ordini ricevuti")
        t0 = time.perf_counter()
        feeder = threading.Thread(target=lambda: [dovecot.deliver(USER, r) for r in raws])
        feeder.start()
        await wait_for(lambda: sink.count("Ordini ricevuti") >= before + mails, step=0.01)
        figures["rate"] = mails / (time.perf_counter() - t0)
        feeder.join()

        # 3. Turns: the seventh power's mail completes the phase.
        times = []
        for turn in range(turns):
            if turn:
                for p in powers[:6]:
                    dovecot.deliver(USER, order_mail(0, players[p], f"pw{players[p][1]}",
                                                     holds[p]))
                await wait_for(lambda: _ordered(store) >= 6)
                await asyncio.sleep(0.5)
            results = sink.count("Risultati")
            last = powers[6]
            raw = order_mail(9, players[last], f"pw{players[last][1]}", holds[last])
            await asyncio.to_thread(dovecot.deliver, USER, raw)
            t0 = time.monotonic()
            await wait_for(lambda r=results: sink.count("Risultati") >= r + 8, step=0.005)
            times.append(max(sink.times("Risultati")) - t0)
        figures["turns"] = times
    finally:
        await daemon.stop()
    return figures


def _holders(store):  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return {p: pl.address for p, pl in uow.assignments.current(GAME).items()}


def _ordered(store) -> int:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        phase = uow.phases.current(GAME)
        return len(uow.orders.current(phase.id)) if phase else 0


def _settled(store) -> bool:  # type: ignore[no-untyped-def]
    """Every mail sent and its copy read back."""
    from arbitro.store import OutboxStatus

    with store.begin() as uow:
        counts = uow.outbox.counts()
    return counts[OutboxStatus.QUEUED] == 0 and counts[OutboxStatus.SENDING] == 0


def _last_read(store) -> datetime:  # type: ignore[no-untyped-def]
    """When the daemon read the latest mail a player sent (the handler's clock)."""
    from sqlalchemy import select

    from arbitro.store import InboundStatus
    from arbitro.store.models import InboundMail

    with store.begin() as uow:
        row = uow.session.scalars(
            select(InboundMail).where(InboundMail.status != InboundStatus.COPY)
            .order_by(InboundMail.id.desc()).limit(1)).one()
        return row.received_at  # type: ignore[no-any-return]


def scrypt_ms() -> float:
    from arbitro.store.passwords import hash_password, verify_password

    stored = hash_password("benchmark")
    began = time.perf_counter()
    for _ in range(5):
        verify_password("benchmark", stored)
    return (time.perf_counter() - began) / 5 * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=200)
    parser.add_argument("--one-by-one", type=int, default=60, dest="singles")
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--no-map", action="store_true", help="results without the map")
    args = parser.parse_args()
    why = dovecot_missing()
    if why:
        print(f"bench/mail.py: {why}", file=sys.stderr)
        return 2
    dovecot = Dovecot.create()
    dovecot.start()
    sink = SinkProcess(dovecot.lmtp_port)
    sink.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            f = asyncio.run(bench(dovecot, sink, Path(tmp) / "bench.sqlite3", args.mails,
                                  args.singles, args.turns, not args.no_map))
    finally:
        sink.stop()
        dovecot.destroy()
    ms = 1000
    print(f"scrypt, one password check on this machine now: {scrypt_ms():.0f} ms")
    print(f"one order mail at a time ({args.singles} mails, the daemon idle in between, "
          f"scrypt included): delivered -> read by the daemon p50 {pct(f['read'], 50) * ms:.0f} "
          f"ms, p95 {pct(f['read'], 95) * ms:.0f} ms; delivered -> confirmation at the SMTP "
          f"sink p50 {pct(f['confirmed'], 50) * ms:.0f} ms, p95 "
          f"{pct(f['confirmed'], 95) * ms:.0f} ms (max {max(f['confirmed']) * ms:.0f} ms)")
    print(f"order mails per second (Dovecot -> arbitro -> SMTP, {args.mails} mails, "
          f"SQLite): {f['rate']:.1f}")
    times = f["turns"]
    print(f"seconds per 7-player turn, last order mail in -> all 8 results mails at the sink "
          f"({'no map' if args.no_map else 'with map'}): median {statistics.median(times):.2f}"
          f" (min {min(times):.2f}, max {max(times):.2f}, {len(times)} turns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
