"""``arbitro dev`` keeps its mailboxes on disk (finding 5 of issue 20: the dict backend
lost every earlier mail at a restart). Each mailbox is a maildir under the data folder;
a restart of the servers finds every mail, in every folder, readable over IMAP."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiosmtplib
import pytest
from imapclient import IMAPClient
from mail.test_mail_dev_servers import REFEREE, imap_config, order_mail

from arbitro.dev.servers import DevMailServers
from arbitro.mail.intake.imap import MailboxClient
from arbitro.mail.intake.loop import IntakeLoop
from arbitro.mail.intake.mailbox import Outcome
from arbitro.mail.mime.message import parse_inbound

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def read_over_imap(dev: DevMailServers, user: str, folder: str) -> list[str]:
    """The Message-IDs in one folder, as a mail client sees them."""
    with IMAPClient(dev.host, dev.imap_port, ssl=False, timeout=5) as client:
        client.login(user, dev.password)
        client.select_folder(folder, readonly=True)
        fetched = client.fetch(client.search(), ["BODY.PEEK[]"])
        return sorted(parse_inbound(d[b"BODY[]"]).message_id for d in fetched.values())


async def deliver_and_file(dev: DevMailServers, numbers: range) -> None:
    """Players mail the referee; the referee's intake files each mail in processed."""
    async def handle(uidvalidity: int, uid: int, raw: bytes, size: int,
                     arrived: object = None) -> Outcome:
        return "processed"

    loop = IntakeLoop(MailboxClient(imap_config(dev), timeout=5), handle, wait_seconds=3)
    await loop.start()
    for n in numbers:
        await aiosmtplib.send(order_mail(n), sender=f"p{n}@dev.local",
                              recipients=["arbitro+demo@dev.local", f"p{n}@dev.local"],
                              hostname=dev.host, port=dev.smtp_port, start_tls=False)
    start = time.monotonic()
    while loop.stats.processed < len(numbers):
        assert time.monotonic() - start < 10, loop.stats
        await asyncio.sleep(0.02)
    await loop.stop()


def test_a_restart_keeps_every_earlier_mail_readable(tmp_path: Path) -> None:
    seen: dict[str, list[str]] = {}

    async def go() -> None:
        async with DevMailServers(referee=REFEREE, mail_dir=tmp_path / "mail") as dev:
            await deliver_and_file(dev, range(3))
        # a new server on the same folder: another process after a restart
        async with DevMailServers(referee=REFEREE, mail_dir=tmp_path / "mail") as dev:
            await deliver_and_file(dev, range(3, 5))
            seen["processed"] = await asyncio.to_thread(
                read_over_imap, dev, REFEREE, "arbitro/processed")
            seen["inbox"] = await asyncio.to_thread(read_over_imap, dev, REFEREE, "INBOX")
            seen["p1"] = await asyncio.to_thread(read_over_imap, dev, "p1@dev.local", "INBOX")
            seen["p4"] = await asyncio.to_thread(read_over_imap, dev, "p4@dev.local", "INBOX")
            seen["raw"] = [parse_inbound(r).message_id for r in await dev.messages("p1@dev.local")]

    asyncio.run(asyncio.wait_for(go(), 40))
    assert seen["processed"] == [f"<o{n}@dev.local>" for n in range(5)]
    assert seen["inbox"] == []
    assert seen["p1"] == seen["raw"] == ["<o1@dev.local>"]
    assert seen["p4"] == ["<o4@dev.local>"]
    assert (tmp_path / "mail" / "p1@dev.local").is_dir()


def test_in_memory_servers_start_empty_each_time() -> None:
    """The dict backend stays for fast tests: nothing survives it (the contrast)."""
    async def go() -> list[bytes]:
        async with DevMailServers(referee=REFEREE) as dev:
            await dev.deliver("p1@dev.local", order_mail(1))
            assert len(await dev.messages("p1@dev.local")) == 1
        async with DevMailServers(referee=REFEREE) as dev:
            return await dev.messages("p1@dev.local")

    assert asyncio.run(asyncio.wait_for(go(), 20)) == []
