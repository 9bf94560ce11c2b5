"""The embedded servers of ``arbitro dev``: player -> SMTP -> IMAP -> intake -> SMTP ->
the player's own mailbox, all in one asyncio loop."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime

import aiosmtplib
import pytest
from imapclient import IMAPClient

from arbitro.config.model import ImapConfig, SmtpConfig
from arbitro.dev.servers import DevMailServers
from arbitro.mail.intake.imap import MailboxClient
from arbitro.mail.intake.loop import IntakeLoop
from arbitro.mail.intake.mailbox import Outcome
from arbitro.mail.mime.message import parse_inbound
from arbitro.mail.outbound.compose import Outgoing, compose
from arbitro.mail.outbound.smtp import SmtpSender

REFEREE = "arbitro@dev.local"

pytestmark = pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")


def order_mail(n: int) -> bytes:
    return (
        f"From: Giocatore {n} <p{n}@dev.local>\r\nTo: arbitro+demo@dev.local\r\n"
        f"Subject: ordini\r\nMessage-ID: <o{n}@dev.local>\r\n\r\nA VEN - TRI\r\n"
    ).encode()


def imap_config(dev: DevMailServers) -> ImapConfig:
    return ImapConfig(
        host=dev.host,
        port=dev.imap_port,
        user=REFEREE,
        password=dev.password,
        tls="none",
        folder="INBOX",
        processed_folder="arbitro/processed",
        quarantine_folder="arbitro/quarantine",
        poll_seconds=5,
    )


def test_round_trip_player_to_referee_and_back() -> None:
    replies_seen: list[bytes] = []

    async def go() -> None:
        async with DevMailServers(referee=REFEREE) as dev:
            smtp = SmtpSender(SmtpConfig(dev.host, dev.smtp_port, "", "", "none"))

            async def handle(uidvalidity: int, uid: int, raw: bytes, size: int,
                         arrived: object = None) -> Outcome:
                mail = parse_inbound(raw, size)
                reply = Outgoing(
                    to=(mail.from_address,),
                    subject="Re: " + mail.subject,
                    body="Ricevuto: " + mail.body,
                    key=f"reply:{mail.message_id}",
                    in_reply_to=mail.message_id,
                )
                raw_reply = compose(reply, referee=REFEREE, date=datetime(2025, 1, 1, tzinfo=UTC))
                assert (await smtp.send(REFEREE, reply.recipients, raw_reply)).ok
                return "processed"

            loop = IntakeLoop(MailboxClient(imap_config(dev), timeout=5), handle, wait_seconds=3)
            await loop.start()
            start = time.monotonic()
            for n in range(3):
                await aiosmtplib.send(
                    order_mail(n),
                    sender=f"p{n}@dev.local",
                    recipients=["arbitro+demo@dev.local"],
                    hostname=dev.host,
                    port=dev.smtp_port,
                    start_tls=False,
                )
            while loop.stats.processed < 3:
                assert time.monotonic() - start < 10, (
                    loop.stats,
                    dev.delivered,
                    len(await dev.messages(REFEREE)),
                    loop.idle_since,
                    loop.client.connected,
                )
                await asyncio.sleep(0.02)
            assert loop.client.has_idle  # pymap offers IDLE: no polling delay
            await loop.stop()
            await smtp.close()
            assert await dev.messages(REFEREE) == []  # all moved out of the inbox
            assert len(await dev.messages(REFEREE, "arbitro/processed")) == 3
            for n in range(3):
                replies_seen.extend(await dev.messages(f"p{n}@dev.local"))

    asyncio.run(asyncio.wait_for(go(), 30))
    replies = [parse_inbound(r) for r in replies_seen]
    assert sorted(r.to[0] for r in replies) == ["p0@dev.local", "p1@dev.local", "p2@dev.local"]
    assert all(
        r.subject == "Re: ordini" and r.body.startswith("Ricevuto: A VEN - TRI") for r in replies
    )
    assert sorted(r.in_reply_to or "" for r in replies) == [
        "<o0@dev.local>",
        "<o1@dev.local>",
        "<o2@dev.local>",
    ]


def test_player_mailbox_is_readable_over_imap_and_auth_is_checked() -> None:
    async def go() -> None:
        async with DevMailServers(referee=REFEREE, password="pw", smtp_auth_required=True) as dev:
            with pytest.raises(aiosmtplib.SMTPException):
                await aiosmtplib.send(
                    order_mail(1),
                    sender="p1@dev.local",
                    recipients=["p1@dev.local"],
                    hostname=dev.host,
                    port=dev.smtp_port,
                    start_tls=False,
                    username="p1@dev.local",
                    password="wrong",
                    timeout=5,
                )
            await aiosmtplib.send(
                order_mail(1),
                sender="p1@dev.local",
                recipients=["p1@dev.local"],
                hostname=dev.host,
                port=dev.smtp_port,
                start_tls=False,
                username="p1@dev.local",
                password="pw",
                timeout=5,
            )

            def read() -> list[bytes]:
                with IMAPClient(dev.host, dev.imap_port, ssl=False, timeout=5) as c:
                    c.login("p1@dev.local", "pw")
                    c.select_folder("INBOX")
                    return [d[b"BODY[]"] for d in c.fetch(c.search(), ["BODY.PEEK[]"]).values()]

            got = await asyncio.to_thread(read)
            assert [parse_inbound(r).message_id for r in got] == ["<o1@dev.local>"]
            assert dev.delivered == 1

    asyncio.run(asyncio.wait_for(go(), 30))


def test_plus_addresses_fold_into_the_referee_account() -> None:
    dev = DevMailServers(referee=REFEREE)
    assert dev.account_of("Arbitro+milano1-francia@dev.local") == REFEREE
    assert dev.account_of("arbitro@dev.local") == REFEREE
    assert dev.account_of("p1@dev.local") == "p1@dev.local"
    assert dev.account_of("arbitro+x@elsewhere.org") == "arbitro+x@elsewhere.org"
