"""Mail throughput of the whole daemon: Dovecot -> arbitro -> SMTP.

    python3 bench/mail.py [--mails 200] [--turns 3] [--no-map]

Needs Dovecot (scripts/test.sh installs it) and the test extra (aiosmtpd). Starts a
private Dovecot and an aiosmtpd sink, runs the daemon in this process on a SQLite file
and a seven-player game, then prints:

- order mails per second: N order mails delivered by LMTP into the referee's inbox, timed
  from the first delivery until the SMTP sink holds all N confirmations;
- seconds per 7-player turn: from the delivery of the order mail that completes a turn
  (early processing) until the sink holds every results mail of that turn (seven players
  and the GM's copy, with the map unless --no-map); median over --turns turns.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# This file is bench/mail.py: its folder must not shadow the tests' ``mail`` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT / "bench"]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from mail.servers import Dovecot, SmtpSink, dovecot_missing

from arbitro.config import parse_config
from arbitro.daemon import Daemon
from arbitro.diplomacy.position import start_position
from arbitro.mail.mime.message import parse_inbound
from arbitro.variants import load_board

GAME = "bench"
USER = "arbitrobench"
BOARD = load_board("standard")
HOLDS = {
    power: "\n".join(f"{u.kind} {u.location} H" for u in start_position(BOARD).units
                     if u.power == power)
    for power in BOARD.powers
}


def config(dovecot: Dovecot, user: str, sink: SmtpSink, db: Path):  # type: ignore[no-untyped-def]
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(minutes=5)
    data = {
        "server": {
            "database_url": f"sqlite:///{db}",
            "referee_address": "arbitro@example.org",
            "imap": {"host": "127.0.0.1", "port": dovecot.imap_port, "user": user,
                     "password": dovecot.password, "tls": "none", "poll_seconds": 5},
            "smtp": {"host": "127.0.0.1", "port": sink.port, "tls": "none"},
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


_subjects: list[str] = []


def count(sink: SmtpSink, word: str) -> int:
    """Received mails whose subject holds ``word`` (each mail parsed once: the bench must
    not steal the daemon's CPU)."""
    for r in sink.received[len(_subjects):]:
        _subjects.append(parse_inbound(r.content).subject)
    return sum(1 for subject in _subjects if word in subject)


async def wait_for(check, timeout: float = 600.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            raise TimeoutError("bench condition not reached")
        await asyncio.sleep(0.01)


async def bench(dovecot: Dovecot, sink: SmtpSink, db: Path, mails: int, turns: int,
                maps: bool) -> tuple[float, list[float]]:
    user = USER
    daemon = Daemon(config(dovecot, user, sink, db), imap_wait=5,
                    render_map="default" if maps else None)
    await daemon.start()
    try:
        store = daemon.store
        assert store is not None
        await wait_for(lambda: len(_holders(store)) == 7)
        players = _holders(store)  # power -> address
        powers = sorted(players)
        # 1. Order mails per second: six powers only, so no turn is processed meanwhile.
        raws = [order_mail(n, players[p], f"pw{players[p][1]}", HOLDS[p])
                for n, p in enumerate(powers[n % 6] for n in range(mails))]
        before = count(sink, "Ordini ricevuti")
        t0 = time.perf_counter()
        feeder = threading.Thread(target=lambda: [dovecot.deliver(user, r) for r in raws])
        feeder.start()
        await wait_for(lambda: count(sink, "Ordini ricevuti") >= before + mails)
        rate = mails / (time.perf_counter() - t0)
        feeder.join()
        # 2. Turns: the seventh power's mail completes the phase.
        times = []
        for turn in range(turns):
            if turn:
                for p in powers[:6]:
                    dovecot.deliver(user, order_mail(0, players[p], f"pw{players[p][1]}",
                                                     HOLDS[p]))
                await wait_for(lambda: _ordered(store) >= 6)
            results = count(sink, "Risultati")
            last = powers[6]
            t0 = time.perf_counter()
            await asyncio.to_thread(dovecot.deliver, user,
                                    order_mail(9, players[last], f"pw{players[last][1]}",
                                               HOLDS[last]))
            await wait_for(lambda r=results: count(sink, "Risultati") >= r + 8)
            times.append(time.perf_counter() - t0)
    finally:
        await daemon.stop()
    return rate, times


def _holders(store):  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return {p: pl.address for p, pl in uow.assignments.current(GAME).items()}


def _ordered(store) -> int:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        phase = uow.phases.current(GAME)
        return len(uow.orders.current(phase.id)) if phase else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=200)
    parser.add_argument("--turns", type=int, default=3)
    parser.add_argument("--no-map", action="store_true", help="results without the map")
    args = parser.parse_args()
    why = dovecot_missing()
    if why:
        print(f"bench/mail.py: {why}", file=sys.stderr)
        return 2
    dovecot = Dovecot.create()
    dovecot.start()
    # The referee's copies of its own mails (receipts) go back into its mailbox, as its
    # real mail server would deliver them: the intake reads those too.
    sink = SmtpSink(local={"arbitro@example.org": lambda raw: dovecot.deliver(USER, raw)})
    sink.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            rate, times = asyncio.run(bench(dovecot, sink, Path(tmp) / "bench.sqlite3",
                                            args.mails, args.turns, not args.no_map))
    finally:
        sink.stop()
        dovecot.destroy()
    print(f"order mails per second (Dovecot -> arbitro -> SMTP, {args.mails} mails, "
          f"SQLite): {rate:.1f}")
    print(f"seconds per 7-player turn, last order mail in -> all 8 results mails sent "
          f"({'no map' if args.no_map else 'with map'}): median {statistics.median(times):.2f}"
          f" (min {min(times):.2f}, max {max(times):.2f}, {len(times)} turns)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
