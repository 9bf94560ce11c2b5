"""Every mail of the hostile corpus (corpus/*.eml, made by make_corpus.py) through the
MailHandler on a real store, SQLite and PostgreSQL (issue 10): no crash; each mail recorded
once and closed; answered (a reply to its sender in the outbox), quarantined with the
GM/operator told, or (robots only) ignored; the inbound table consistent."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from faults.longrun import note
from service.service_helpers import START, game_table, make_config
from sqlalchemy import func, select

from arbitro.mail.intake.guards import RateLimiter
from arbitro.mail.intake.handler import MailHandler
from arbitro.mail.mime.message import parse_inbound
from arbitro.service import Referee
from arbitro.store import InboundStatus, Store, open_store
from arbitro.store.models import InboundMail, OutboxMessage

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.eml"))
GAME = "ostile"
NOW = START + timedelta(hours=1)
OPERATOR = "operator@example.org"


def test_the_corpus_is_big_enough() -> None:
    assert len(CORPUS) >= 100


@pytest.fixture(params=["sqlite", "postgresql"])
def handler(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, MailHandler]]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'corpus.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_databases")()
    config = make_config(game_table(GAME, press="white"))
    object.__setattr__(config.server, "gm_notify_address", OPERATOR)
    store = open_store(url)
    referee = Referee(store, config)
    referee.tick(START)
    h = MailHandler(referee)
    h.limiter = RateLimiter(10**6)  # the rate limit has its own test (tests/security)
    yield store, h
    store.close()


def outbox_ids(store: Store) -> set[int]:
    with store.begin() as uow:
        return set(uow.session.scalars(select(OutboxMessage.id)))


def test_every_corpus_mail_is_answered_quarantined_or_ignored(
    handler: tuple[Store, MailHandler]
) -> None:
    store, h = handler
    results: Counter[str] = Counter()
    problems = []
    for uid, path in enumerate(CORPUS, start=1):
        raw = path.read_bytes()
        before = outbox_ids(store)
        outcome = h.handle(raw, NOW, uidvalidity=7, uid=uid, size=len(raw))
        assert outcome in ("processed", "quarantine"), path.name
        after = outbox_ids(store)
        with store.begin() as uow:
            row = uow.inbound.find(folder="INBOX", uidvalidity=7, uid=uid) or uow.inbound.find(
                message_id=(parse_inbound(raw).message_id or "").strip() or None)
            new = [uow.session.get(OutboxMessage, i) for i in after - before]
            assert row is not None, path.name
            status, sender = row.status, parse_inbound(raw).from_address
            to_sender = [m for m in new if sender and sender in m.recipients]
            to_gm = [m for m in new if OPERATOR in m.recipients or "gm@example.org" in m.recipients]
        if status is InboundStatus.PROCESSED:
            kind = "answered" if to_sender else "processed without reply"
            if row.uid != uid:
                kind = "duplicate of an earlier mail"
        elif status is InboundStatus.QUARANTINED:
            kind = "quarantined, GM told" if to_gm else "quarantined silently"
        elif status is InboundStatus.IGNORED:
            if path.name.startswith("robot_"):
                kind = "ignored (robot)"
            else:
                kind = "ignored"
        else:
            kind = f"left {status.value}"
        results[kind] += 1
        if kind not in ("answered", "quarantined, GM told", "ignored (robot)",
                        "duplicate of an earlier mail"):
            problems.append((path.name, kind, row.note))
    with store.begin() as uow:
        open_rows = uow.session.scalar(select(func.count()).select_from(InboundMail).where(
            InboundMail.status == InboundStatus.RECEIVED))
        rows = uow.session.scalar(select(func.count()).select_from(InboundMail))
    dialect = store.engine.dialect.name
    note("hostile corpus", f"{dialect}: {len(CORPUS)} mails, {rows} inbound rows, "
                           + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
    assert open_rows == 0
    assert not problems, problems
