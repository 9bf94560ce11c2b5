"""Issue 30 Build 2: a turn's map is drawn and encoded once per language, every mail of
that language carries the same bytes, and the archive written after the phase takes the
drawing of the mails in the game's language instead of drawing it again; the mail's
attachment part is built once for all the mails that carry those bytes."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from service_helpers import SPRING_1901, START, Driver, game_table, make_config

from arbitro.config import SiteConfig
from arbitro.mail.outbound import compose as composing
from arbitro.mail.outbound.compose import OutAttachment, Outgoing, compose
from arbitro.reports import maps
from arbitro.reports.maps import render_map_png
from arbitro.service import Referee
from arbitro.site import SiteWriter
from arbitro.store import open_store

GAME = "unavolta"


def test_a_turns_map_is_drawn_once_per_language_and_the_archive_takes_it(tmp_path: Path):
    # a store of its own: the archive writes every game of its store, and a shared one
    # (PostgreSQL's, in this suite) holds other tests' games with their own maps
    store = open_store(f"sqlite:///{tmp_path / 'once.sqlite3'}")
    config = replace(make_config(game_table(GAME)), site=SiteConfig(tmp_path / "site", ""))
    referee = Referee(store, config, render_map=render_map_png)
    d = Driver(referee, store, GAME)
    referee.tick(START)
    for power, orders in SPRING_1901.items():
        d.order(power, "\n".join(orders), START + timedelta(hours=1))
    maps.RECENT.clear()  # what an earlier test drew of the same phase
    drawn = maps.RECENT.drawn
    referee.tick(d.phase().deadline + timedelta(minutes=1))
    assert d.phase().code == "F1901M"
    assert maps.RECENT.drawn - drawn == 2  # Italian and English, for eight mails
    pngs: dict[bytes, int] = {}
    for mail in d.outbox("results:"):
        (png,) = [a.data for a in mail.attachments if a.content_type == "image/png"]
        pngs[png] = pngs.get(png, 0) + 1
    assert sorted(pngs.values()) == [3, 5]  # p1, p3, p5; p0, p2, p4, p6 and the GM
    drawn = maps.RECENT.drawn
    written = SiteWriter(tmp_path / "site", config).sync(store)
    assert f"{GAME}/maps/1901-spring-movement.png" in written.files
    assert maps.RECENT.drawn == drawn  # the archive's map is the Italian mails' drawing
    store.close()


def test_the_attachment_part_of_a_map_is_built_once_for_every_mail_that_carries_it():
    data = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 300
    composing._attachment.cache_clear()
    when = datetime(2026, 3, 1, tzinfo=UTC)
    mails = [compose(Outgoing((f"p{i}@example.org",), "Risultati", "testo", f"k{i}",
                              attachments=(OutAttachment("mappa.png", "image/png", data),)),
                     referee="arbitro@example.org", date=when) for i in range(8)]
    assert composing._attachment.cache_info().misses == 1
    assert composing._attachment.cache_info().hits == 7
    import email
    import email.policy

    for raw in mails:
        parsed = email.message_from_bytes(raw, policy=email.policy.default)
        (part,) = list(parsed.iter_attachments())
        assert part.get_content() == data and part.get_filename() == "mappa.png"
