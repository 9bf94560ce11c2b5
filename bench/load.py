"""Load: many games in one store, and a burst of order mails through the handler.

    python3 bench/load.py [--games 1000] [--mails 10000] [--auth token|password]
                          [--database-url URL] [--no-map]

Prints (figures for docs/RELIABILITY.md):

- the time to create and start N seven-player games (Referee.tick), the process's peak
  memory and the database size;
- the time of one idle sweep (Referee.tick with nothing due) and of one deadline sweep
  (every game's Spring 1901 deadline passes at once: all adjudicated and reported, each
  results mail with its map, as the daemon draws it, unless --no-map), with the phases
  per second;
- a burst of M order mails through MailHandler.handle directly (no IMAP): mails per
  second, and the cost of authentication. ``--auth password`` makes each mail carry the
  player's password (one scrypt check per mail); ``token`` answers to the player's secret
  reply address, as a reply to the referee's mail does (no scrypt).

Passwords are given to the config as one precomputed hash, so that creating the games
does not spend 7 x N scrypt derivations.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from sqlalchemy import func, select

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arbitro.config import parse_config
from arbitro.daemon.app import default_render_map
from arbitro.diplomacy.position import start_position
from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import open_store
from arbitro.store.models import OutboxAttachment
from arbitro.store.passwords import hash_password, verify_password
from arbitro.variants import load_board

START = datetime(2025, 3, 1, 20, 0, tzinfo=UTC)
BOARD = load_board("standard")
ORDERS = {
    power: "\n".join(f"{u.kind} {u.location} H" for u in start_position(BOARD).units
                     if u.power == power)
    for power in BOARD.powers
}
PASSWORD = "segreto"


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def config(n: int, url: str):  # type: ignore[no-untyped-def]
    hashed = hash_password(PASSWORD)
    games = [{
        "id": f"g{g}", "name": f"Partita {g}", "start": START, "timezone": "Europe/Rome",
        "gm_address": "gm@example.org", "gm_password": "gm-secret",
        "deadlines": {"movement": "3d", "retreat": "1d", "adjustment": "1d"},
        "players": [{"address": f"p{i}@g{g}.example", "name": f"Player {i}",
                     "password_hash": hashed} for i in range(7)],
    } for g in range(n)]
    return parse_config({
        "server": {"database_url": url, "referee_address": "arbitro@example.org",
                   "limits": {"mails_per_sender_per_hour": 1_000_000}},
        "game": games,
    }, Path("/tmp/arbitro-load.toml"))


def order_mail(frm: str, to: str, body: str, n: int) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = frm, to, "ordini"
    m["Message-ID"] = f"<load{n}@players.example>"
    m.set_content(body)
    return bytes(m)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--mails", type=int, default=10_000)
    ap.add_argument("--auth", choices=("token", "password"), default="token")
    ap.add_argument("--database-url", default="")
    ap.add_argument("--no-map", action="store_true", help="results mails without the map")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="arbitro-load-"))
    db = tmp / "load.sqlite3"
    url = args.database_url or f"sqlite:///{db}"

    began = time.perf_counter()
    cfg = config(args.games, url)
    store = open_store(url)
    # The daemon's own map drawing (the results mails' maps), unless --no-map.
    referee = Referee(store, cfg, render_map=None if args.no_map else default_render_map())
    print(f"config of {args.games} games parsed and store opened: "
          f"{time.perf_counter() - began:.1f} s")
    began = time.perf_counter()
    steps = 0
    while True:  # Referee.tick caps its steps; a start of 1000 games takes more
        done = referee.tick(START)
        steps += len(done)
        if not done:
            break
    print(f"{args.games} games created and started: {steps} steps, "
          f"{time.perf_counter() - began:.1f} s; peak memory {peak_mb():.0f} MB"
          + (f"; database {db.stat().st_size / 1e6:.1f} MB" if db.exists() else ""))

    began = time.perf_counter()
    assert referee.tick(START + timedelta(hours=1)) == []
    print(f"idle sweep (nothing due) over {args.games} games: "
          f"{(time.perf_counter() - began) * 1000:.0f} ms")

    handler = MailHandler(referee, clock=lambda: START + timedelta(hours=2))
    with store.begin() as uow:
        players = [(g.id, power, pl.address, pl.reply_token)
                   for g in cfg.games
                   for power, pl in uow.assignments.current(g.id).items()]
    verify = [time.perf_counter()]
    verify_password(PASSWORD, hash_password(PASSWORD))
    scrypt_ms = (time.perf_counter() - verify[0]) * 1000 / 2
    mails = []
    for n in range(args.mails):
        game, power, address, token = players[n % len(players)]
        if args.auth == "token":
            to, body = f"arbitro+{token}@example.org", ORDERS[power]
        else:
            to, body = f"arbitro+{game}@example.org", f"PASSWORD {PASSWORD}\n{ORDERS[power]}"
        mails.append(order_mail(address, to, body, n))
    times = []
    began = time.perf_counter()
    for n, raw in enumerate(mails):
        t = time.perf_counter()
        assert handler.handle(raw, START + timedelta(hours=2), uidvalidity=1, uid=n + 1) \
            == "processed"
        times.append(time.perf_counter() - t)
    total = time.perf_counter() - began
    print(f"burst of {args.mails} order mails ({args.auth} auth) through MailHandler: "
          f"{total:.1f} s, {args.mails / total:.0f} mails/s, median "
          f"{statistics.median(times) * 1000:.1f} ms, p99 "
          f"{sorted(times)[int(len(times) * 0.99) - 1] * 1000:.1f} ms per mail; "
          f"scrypt check {scrypt_ms:.0f} ms (paid once per mail with --auth password); "
          f"peak memory {peak_mb():.0f} MB")

    began = time.perf_counter()
    steps = 0
    deadline = START + timedelta(days=3, minutes=5)
    while True:
        done = referee.tick(deadline)
        steps += len(done)
        if not done:
            break
    took = time.perf_counter() - began
    print(f"deadline sweep: every game's S1901M deadline passed at once: {steps} steps "
          f"(adjudication and reports of {args.games} games, "
          f"{'no maps' if args.no_map else 'each results mail with its map'}) in "
          f"{took:.1f} s, {args.games / took:.1f} phases/s; peak memory {peak_mb():.0f} MB"
          + (f"; database {db.stat().st_size / 1e6:.1f} MB" if db.exists() else ""))
    with store.begin() as uow:
        maps = uow.session.scalar(select(func.count()).select_from(OutboxAttachment)
                                  .where(OutboxAttachment.content_type.startswith("image/")))
    print(f"maps attached to the queued mails: {maps}")
    store.close()


if __name__ == "__main__":
    main()
