"""IDLE reads whole lines: no more "unexpected response: b'FLAGS ())'" (issue 20, finding 4).

The embedded IMAP server (pymap) writes some responses in pieces. imapclient's idle_check
read them from a non-blocking socket and lost the first piece when the read would block;
the rest reached the next command as an unexpected response and the connection dropped,
about once a minute under ``arbitro dev``. Ten minutes of a busy dev game's mail (a mail
every ten seconds), delivered quickly, must pass over one connection.
"""

from __future__ import annotations

import asyncio
import threading

import aiosmtplib
import pytest

from arbitro.dev.servers import DevMailServers
from arbitro.mail.intake.imap import MailboxClient, _untagged

from mail.test_mail_dev_servers import REFEREE, imap_config, order_mail

MAILS = 60  # ten minutes at one mail every ten seconds


def test_one_connection_survives_ten_minutes_of_dev_mail() -> None:
    errors: list[str] = []
    connections: set[int] = set()
    moved: list[int] = []

    async def go() -> None:
        async with DevMailServers(referee=REFEREE) as dev:
            stop = threading.Event()

            def reader() -> None:
                client = MailboxClient(imap_config(dev))
                while not stop.is_set() or len(moved) < MAILS:
                    try:
                        client.wait(1.0, stop)
                        connections.add(id(client._client))
                        for mail in client.fetch_new():
                            client.move(mail.uid, "processed")
                            moved.append(mail.uid)
                    except Exception as exc:  # noqa: BLE001 — what the intake loop would log
                        errors.append(repr(exc))
                    if stop.is_set() and len(moved) >= MAILS:
                        break
                client.close()

            thread = threading.Thread(target=reader)
            thread.start()
            for n in range(MAILS):
                await aiosmtplib.send(order_mail(n), sender=f"p{n}@dev.local",
                                      recipients=[REFEREE], hostname=dev.host, port=dev.smtp_port)
                await asyncio.sleep(0.1)
            for _ in range(100):
                if len(moved) >= MAILS:
                    break
                await asyncio.sleep(0.1)
            stop.set()
            await asyncio.to_thread(thread.join, 30)

    asyncio.run(go())
    assert errors == []
    assert len(moved) == MAILS
    assert len(connections) == 1  # never reconnected


@pytest.mark.parametrize(("line", "parsed"), [
    (b"* 3 EXISTS", (3, b"EXISTS")),
    (b"* 1 recent", (1, b"RECENT")),
    (b"* 2 FETCH (FLAGS ())", (2, b"FETCH", b"(FLAGS ())")),
    (b"* BYE server shutting down", (b"BYE", b"server", b"shutting down")),
    (b"* OK Still here", (b"OK", b"Still", b"here")),
])
def test_untagged_lines(line: bytes, parsed: tuple[object, ...]) -> None:
    assert _untagged(line) == parsed


def test_a_cut_line_is_a_closed_connection_not_a_guess() -> None:
    with pytest.raises(ConnectionError, match="unexpected line"):
        _untagged(b"FLAGS ())")
