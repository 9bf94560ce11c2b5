"""``arbitro dev`` in-process: the demo game starts, ``dev send`` mails as a demo player
through the embedded SMTP server and gets the confirmation in the player's mailbox; demo
players order by themselves and the phase is processed early."""

from __future__ import annotations

import asyncio
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

from arbitro.dev import send as dev_send
from arbitro.dev.app import run_dev
from arbitro.dev.demo import DEMO_GAME, find_player, read_state


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return str(response.read().decode("utf-8"))


def test_dev_send_and_demo_players(tmp_path: Path) -> None:
    printed: list[str] = []
    answers: list[str] = []
    pages: list[str] = []

    async def go() -> None:
        stop = asyncio.Event()
        task = asyncio.create_task(run_dev(
            tmp_path, play=["FRANCE"], imap_port=0, smtp_port=0, site_port=0, pace=0.3,
            out=printed.append, stop_event=stop))
        end = time.monotonic() + 20
        while not printed:
            assert time.monotonic() < end and not task.done()
            await asyncio.sleep(0.05)
        state = read_state(tmp_path)
        assert state is not None and str(state.smtp_port) in printed[0]
        france = find_player("francia")
        assert france is not None and france.power == "FRANCE"

        def send() -> None:
            before = dev_send.inbox_count(state, france.address)
            mail = dev_send.compose(state, france, "A PAR - BUR\nA MAR - SPA\nF BRE - MAO")
            dev_send.send(state, mail)
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                got = dev_send.newest_after(state, france.address, before)
                if any("Ordini ricevuti" in str(m["Subject"]) for m in got):
                    answers.extend(dev_send.text_of(m) for m in got)
                    return
                time.sleep(0.2)

        # wait until the game has started (France is told its power), then send
        # (the second mail: the first is the draw's fingerprint, sent when the game opens)
        while await asyncio.to_thread(dev_send.inbox_count, state, france.address) < 2:
            assert time.monotonic() < end + 10
            await asyncio.sleep(0.1)
        await asyncio.to_thread(send)
        # the six demo players order too: the spring is processed early, results mailed
        while not any("Risultati" in str(m["Subject"]) for m in await asyncio.to_thread(
                dev_send.newest_after, state, france.address, 0)):
            assert time.monotonic() < end + 40
            await asyncio.sleep(0.2)
        # the web archive, served on loopback at the printed address, has the spring
        (url,) = re.findall(r"archive\s+(http://127\.0\.0\.1:\d+/)index\.html", printed[0])
        page = f"{url}{DEMO_GAME}/1901-spring-movement.html"
        while True:
            try:
                pages.append(await asyncio.to_thread(_get, page))
                break
            except urllib.error.HTTPError:  # written after the tick that mailed the results
                assert time.monotonic() < end + 50
                await asyncio.sleep(0.2)
        results = [m for m in await asyncio.to_thread(dev_send.newest_after, state,
                                                      france.address, 0)
                   if "Risultati" in str(m["Subject"])]
        assert page in dev_send.text_of(results[0])  # the results mail quotes it
        stop.set()
        await asyncio.wait_for(task, 20)

    asyncio.run(asyncio.wait_for(go(), 90))
    assert "A Par - Bor" in pages[0] and "Primavera 1901" in pages[0]
    assert answers and "A Par - Bor" in answers[0]
    assert "password francia-1901" in printed[0]
