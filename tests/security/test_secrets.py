"""Passwords, reply tokens, constant-time comparisons, rate limits (issue 10)."""

from __future__ import annotations

import math
import re
import statistics
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from faults.longrun import note
from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee
from arbitro.store import InboundStatus, open_store
from arbitro.store.models import InboundMail, OrderSubmission, OutboxMessage, Player
from arbitro.store.passwords import hash_password, verify_password

ROOT = Path(__file__).resolve().parents[2]
NOW = START + timedelta(hours=1)


def mail(frm: str, body: str, to: str, *, cc: str | None = None, subject: str = "ordini") -> bytes:
    return player_mail(frm, to, body, cc=cc, subject=subject)


@pytest.fixture
def two_games(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Games alfa and beta with the same seven addresses (and passwords) in both."""
    alfa = game_table("alfa")
    beta = game_table("beta")
    beta["players"] = [dict(p) for p in alfa["players"]]
    config = make_config(alfa, beta)
    store = open_store(f"sqlite:///{tmp_path / 's.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    yield store, MailHandler(referee), config
    store.close()


def test_passwords_are_stored_as_salted_scrypt(two_games) -> None:  # type: ignore[no-untyped-def]
    store, _, _ = two_games
    with store.begin() as uow:
        players = list(uow.session.scalars(select(Player)))
    assert len(players) == 14
    forms = [p.password_hash.split("$") for p in players]
    assert all(f[:4] == ["scrypt", "16384", "8", "1"] for f in forms)
    # the same password in two games: two salts, two keys
    assert len({f[4] for f in forms}) == 14 and len({f[5] for f in forms}) == 14
    for p in players:
        assert f"pw{p.address[1]}" not in p.password_hash
    assert hash_password("x") != hash_password("x")
    stored = hash_password("segreto")
    times = []
    for _ in range(5):
        began = time.perf_counter()
        assert verify_password("segreto", stored)
        times.append(time.perf_counter() - began)
    assert statistics.median(times) >= 0.01  # slow on purpose: at most ~100 guesses/s/core
    note("security", f"scrypt N=2^14 r=8 p=1: {statistics.median(times) * 1000:.0f} ms per check")


def test_reply_tokens_are_unguessable_and_distinct(two_games) -> None:  # type: ignore[no-untyped-def]
    store, _, _ = two_games
    with store.begin() as uow:
        tokens = [p.reply_token for p in uow.session.scalars(select(Player))]
    assert len(set(tokens)) == len(tokens)
    assert all(re.fullmatch(r"[0-9a-f]{24}", t) for t in tokens)  # 96 random bits each
    # the hex digits look uniform (a token from a clock or a counter would not)
    digits = Counter("".join(tokens))
    expected = len("".join(tokens)) / 16
    chi2 = sum((digits[d] - expected) ** 2 / expected for d in "0123456789abcdef")
    assert chi2 < 50
    bits = 24 * math.log2(16)
    note("security", f"reply tokens: {bits:.0f} bits from secrets.token_hex, distinct in {len(tokens)}")


def test_a_token_of_game_alfa_does_not_authenticate_in_beta(two_games) -> None:  # type: ignore[no-untyped-def]
    store, handler, _ = two_games
    with store.begin() as uow:
        alfa = {p.address: p.reply_token for p in uow.players.list("alfa")}
        beta_holders = {pw: pl.address for pw, pl in uow.assignments.current("beta").items()}
    address = beta_holders["FRANCE"]
    raw = mail(address, "A PAR - BUR", "arbitro+beta@example.org",
               cc=f"arbitro+{alfa[address]}@example.org")
    handler.handle(raw, NOW)
    with store.begin() as uow:
        row = uow.session.scalars(select(InboundMail)).one()
        on_file = list(uow.session.scalars(select(OrderSubmission)))
    assert row.note == "refused: no_password" and on_file == []
    # and another player's token of the same game does not either
    other = next(a for a in alfa if a != address)
    with store.begin() as uow:
        other_token = uow.players.by_address("beta", other).reply_token
    handler.handle(mail(address, "A PAR - BUR", f"arbitro+{other_token}@example.org",
                        cc="arbitro+beta@example.org"), NOW)
    with store.begin() as uow:
        assert list(uow.session.scalars(select(OrderSubmission))) == []


def test_secrets_are_compared_in_constant_time() -> None:
    """Every comparison of a password, key or token in arbitro/ goes through
    hmac.compare_digest; a plain == on one is flagged."""
    pattern = re.compile(r"(password|passwd|token|secret|candidate|digest)\w*\s*[!=]=|"
                         r"[!=]=\s*\w*\.?(password|token|secret)\b", re.IGNORECASE)
    flagged = []
    for path in sorted((ROOT / "arbitro").rglob("*.py")):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#")[0]
            if pattern.search(code) and "compare_digest" not in code:
                flagged.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    # Not secrets compared: the dev SMTP server's own test login, variant-file tokens; and
    # PlayerRepo.by_token, an indexed lookup that no mail path calls (checked below); where
    # an OAuth2 refresh token is kept (a file or a variable: token_place), not a token.
    allowed = ("arbitro/dev/servers.py:", "arbitro/variant_import/dpjudge.py:",
               "arbitro/store/repos/players.py:", ".token_place")
    flagged = [f for f in flagged if not any(a in f for a in allowed)]
    assert flagged == []
    callers = [p for p in (ROOT / "arbitro").rglob("*.py") if "by_token(" in p.read_text()
               and p.name != "players.py"]
    assert callers == []
    uses = sum(p.read_text().count("compare_digest") for p in (ROOT / "arbitro").rglob("*.py"))
    assert uses >= 3


def test_rate_limit_per_sender(tmp_path: Path) -> None:
    config = make_config(game_table("limiti"))
    limit = config.server.limits.mails_per_sender_per_hour
    store = open_store(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    handler = MailHandler(referee)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current("limiti").items()}
    flooder, calm = holders["FRANCE"], holders["ITALY"]
    for i in range(limit + 5):
        handler.handle(mail(flooder, "STATO", "arbitro+limiti@example.org", subject="STATO"),
                       NOW + timedelta(seconds=i))
    handler.handle(mail(calm, "STATO", "arbitro+limiti@example.org", subject="STATO"), NOW)
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(InboundMail).order_by(InboundMail.id)))
        replies = Counter(a for m in uow.session.scalars(select(OutboxMessage))
                          for a in m.recipients if "mail:" in m.idempotency_key
                          or "status" in m.idempotency_key)
    limited = [r for r in rows if r.note == "rate limited"]
    assert len(limited) == 5 and all(r.sender == flooder for r in limited)
    assert all(r.status is InboundStatus.IGNORED for r in limited)
    assert replies[flooder] <= limit and replies[calm] >= 1
    # an hour later the sender is heard again
    handler.handle(mail(flooder, "STATO", "arbitro+limiti@example.org", subject="STATO"),
                   NOW + timedelta(hours=1, minutes=5))
    with store.begin() as uow:
        last = uow.session.scalars(select(InboundMail).order_by(InboundMail.id.desc())).first()
    assert last is not None and last.note != "rate limited"
    note("security", f"rate limit: {limit} mails/sender/hour; {len(limited)} of {limit + 5} "
                     "from a flooder ignored, other senders unaffected, heard again after 1 h")
    store.close()
