"""Acceptance (issue 18): the archive of a game played by mail (Dovecot, the SMTP sink, the
daemon) through to its end, checked in a real browser, headless Chromium: every page loads
with no console error, no broken link or image; a phase page and the chart page look like
their golden screenshots; at phone width (375 px) nothing scrolls sideways. The results
mails quote the phase pages, the end-of-game mail the dossier."""

from __future__ import annotations

import zipfile
from dataclasses import replace
from datetime import date, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from browser import (
    PHONE,
    changed_share,
    chromium,
    crawl,
    golden,
    screenshot,
    scroll_overflow,
    status_of,
    viewport,
)
from harness import FakeClock, current_phase, daemon_config, order_mail, queued, run, seated, to, until
from mail.conftest import ImapAccount
from mail.servers import SmtpSink
from PIL import Image
from service.service_helpers import FALL_1901, SPRING_1901, START, game_table

from arbitro.config import SiteConfig
from arbitro.daemon import Daemon
from arbitro.reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP
from arbitro.site import ArchiveServer
from arbitro.store import GameStatus

GAME = "sito"
END = date(2025, 4, 1)  # a temporale end: the game is over after its first year
RETREAT = {"FRANCE": ["A BUR - PAR"]}
WINTER = {"FRANCE": ["F BRE B", "A MAR B"], "GERMANY": ["F KIE B"]}
TOLERANCE = 0.01  # share of pixels that may differ (fonts, anti-aliasing)


def game_status(store: object) -> GameStatus:
    with store.begin() as uow:  # type: ignore[attr-defined]
        return uow.games.require(GAME).status  # type: ignore[no-any-return]


def play_by_mail(imap_account: ImapAccount, smtp_sink: SmtpSink, config: object,
                 folder: Path) -> None:
    clock = FakeClock(START)

    def confirmations(address: str) -> int:
        return len([g for g in to(smtp_sink, address)
                    if "Ordini ricevuti" in g.subject or "Orders received" in g.subject])

    async def go() -> None:
        daemon = Daemon(config, clock=clock, tick_seconds=3600, imap_wait=2,  # type: ignore[arg-type]
                        drain_seconds=5, imap_timeout=10)
        await daemon.start()
        try:
            store = daemon.store
            assert store is not None
            players = await seated(store, GAME)
            for orders in (SPRING_1901, FALL_1901, RETREAT, WINTER):
                phase = current_phase(store, GAME)
                before = {p: confirmations(players[p]) for p in orders}
                for power, lines in orders.items():
                    address = players[power]
                    imap_account.deliver(order_mail(address, "\n".join(lines),
                                                    password=f"pw{address[1]}",
                                                    to=f"arbitro+{GAME}@example.org"))
                await until(lambda: current_phase(store, GAME).id != phase.id or all(
                    confirmations(players[p]) > before[p] for p in orders), 60, phase.code)
                if current_phase(store, GAME).id == phase.id:  # someone had nothing to say
                    clock.now = phase.deadline + timedelta(minutes=1)
                    await daemon.reschedule()
                    await until(lambda: current_phase(store, GAME).id != phase.id,
                                60, f"{phase.code} processed")
            end = datetime.combine(END, time(0, 0), tzinfo=ZoneInfo("Europe/Rome"))
            clock.now = end + timedelta(minutes=1)
            await daemon.reschedule()
            await until(lambda: game_status(store) is GameStatus.FINISHED, what="the end")
            await until(lambda: (folder / GAME / DOSSIER_ZIP).exists(), what="the dossier")
            await until(lambda: queued(store) == 0, what="every mail sent")
        finally:
            await daemon.stop()

    run(go(), timeout=240)


def test_the_archive_of_a_game_by_mail_in_a_real_browser(
        imap_account: ImapAccount, smtp_sink: SmtpSink, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    server = ArchiveServer(folder).start()
    try:
        base = server.url.rstrip("/")
        table = game_table(GAME, reminders=[], lateness_bank_days=0,
                           end={"condition": "temporale", "date": END})
        config = replace(daemon_config(imap_account, smtp_sink, tmp_path / "site.sqlite3", table),
                         site=SiteConfig(folder, base))
        play_by_mail(imap_account, smtp_sink, config, folder)

        # The mails quote the archive: each results mail its phase page, the end the dossier.
        spring = [g for g in to(smtp_sink, "p0@sito.example") if "Primavera 1901" in g.subject]
        assert f"{base}/{GAME}/1901-spring-movement.html" in spring[0].body
        (end_mail,) = [g for g in to(smtp_sink, "p1@sito.example") if "Game over" in g.subject]
        for name in (DOSSIER_ZIP, DOSSIER_ANIMATION, "index.html"):
            assert f"{base}/{GAME}/{name}" in end_mail.body
            assert status_of(f"{base}/{GAME}/{name}") == 200
        with zipfile.ZipFile(folder / GAME / DOSSIER_ZIP) as zf:
            assert f"{GAME}/1901-autumn-retreats.html" in zf.namelist()
        with Image.open(folder / GAME / DOSSIER_ANIMATION) as gif:
            assert gif.n_frames == len(list((folder / GAME / "maps").glob("*.png"))) >= 4

        with chromium() as driver:
            viewport(driver, 1000, 1300)
            pages = crawl(driver, f"{base}/index.html")
            assert f"{base}/{GAME}/1901-autumn-retreats.html" in pages
            assert f"{base}/{GAME}/centres.html" in pages and len(pages) >= 7
            for url, page in pages.items():
                assert page["title"], url
                assert page["errors"] == [], (url, page["errors"])
                assert page["broken_images"] == [], (url, page["broken_images"])
                for link in page["links"]:
                    assert status_of(link) == 200, (url, link)

            shots = {}
            for name, path in (("site_phase", "1901-autumn-movement.html"),
                               ("site_chart", "centres.html")):
                driver.get(f"{base}/{GAME}/{path}")
                shots[name] = screenshot(driver)
                share = changed_share(shots[name], golden(name, shots[name]))
                assert share < TOLERANCE, f"{name}: {share:.2%} of the pixels differ"
            # the tolerance tells pages apart: a phase page is not the chart
            assert changed_share(shots["site_phase"], golden("site_chart", shots["site_chart"])) > 0.1

            viewport(driver, PHONE, 800, mobile=True)
            for url in pages:
                driver.get(url)
                assert scroll_overflow(driver) <= 0, f"{url} scrolls sideways at {PHONE} px"
    finally:
        server.stop()
