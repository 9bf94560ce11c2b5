"""``arbitro dev send``: mail the running dev referee as one of the demo players, then show
its answer from the player's mailbox."""

from __future__ import annotations

import smtplib
import time
from collections.abc import Callable
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid

from imapclient import IMAPClient  # type: ignore[import-untyped]

from .demo import DOMAIN, DemoPlayer, DevState


def compose(state: DevState, player: DemoPlayer, body: str, *, subject: str = "ordini",
            password: str | None = None, to: str | None = None) -> EmailMessage:
    mail = EmailMessage()
    mail["From"] = f"{player.name} <{player.address}>" if player.name else player.address
    mail["To"] = to or state.game_address()
    mail["Subject"] = subject
    mail["Message-ID"] = make_msgid(domain=DOMAIN)
    pw = player.password if password is None else password
    mail.set_content((f"PASSWORD {pw}\n" if pw else "") + body.strip() + "\n")
    return mail


def inbox_count(state: DevState, address: str) -> int:
    with IMAPClient(state.host, port=state.imap_port, ssl=False, timeout=10) as client:
        client.login(address, state.mail_password)
        return int(client.select_folder("INBOX", readonly=True)[b"EXISTS"])


def newest_after(state: DevState, address: str, count: int) -> list[EmailMessage]:
    """The mails in the player's inbox after the first ``count``."""
    with IMAPClient(state.host, port=state.imap_port, ssl=False, timeout=10) as client:
        client.login(address, state.mail_password)
        client.select_folder("INBOX", readonly=True)
        uids = sorted(client.search(["ALL"]))[count:]
        if not uids:
            return []
        data = client.fetch(uids, ["BODY.PEEK[]"])
        parser = BytesParser(policy=policy.default)
        return [parser.parsebytes(data[u][b"BODY[]"]) for u in uids]


def send(state: DevState, mail: EmailMessage) -> None:
    with smtplib.SMTP(state.host, state.smtp_port, timeout=10) as smtp:
        smtp.send_message(mail)


def wait_reply(state: DevState, address: str, before: int, seconds: float,
               match: Callable[[EmailMessage], bool] | None = None,
               settle: float = 1.5) -> list[EmailMessage]:
    """The new mails in ``address``'s inbox once the first has come and no other follows
    for ``settle`` seconds (the referee's answer and what it sent meanwhile); with
    ``match``, only the mails it accepts, as soon as there is one."""
    end = time.monotonic() + seconds
    got: list[EmailMessage] = []
    quiet_since = 0.0
    while time.monotonic() < end:
        now = newest_after(state, address, before)
        if match is not None:
            now = [m for m in now if match(m)]
            if now:
                return now
        elif len(now) > len(got):
            got, quiet_since = now, time.monotonic()
        elif got and time.monotonic() - quiet_since >= settle:
            return got
        time.sleep(0.3)
    return got


def text_of(mail: EmailMessage) -> str:
    part = mail.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""
