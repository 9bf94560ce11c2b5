"""Outgoing mail: a frozen ``Outgoing`` value to RFC 5322 bytes (no clock, no I/O)."""

from __future__ import annotations

import email.header
import email.policy
import functools
import email.utils
import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage

from ...service.mailer import message_id_for
from ..mime.message import LOOP_HEADER
from ..mime.text import clean_line


@dataclass(frozen=True)
class OutAttachment:
    filename: str
    content_type: str  # "image/png"
    data: bytes


@dataclass(frozen=True)
class Outgoing:
    to: tuple[str, ...]
    subject: str
    body: str
    key: str  # idempotency key: also fixes the Message-ID, so a resend looks the same
    cc: tuple[str, ...] = ()
    attachments: tuple[OutAttachment, ...] = ()
    reply_to: str | None = None
    in_reply_to: str | None = None
    references: tuple[str, ...] = ()
    from_address: str | None = None  # None = the referee (relay aliases set their own)
    from_name: str | None = None
    extra_headers: tuple[tuple[str, str], ...] = field(default=())

    @property
    def recipients(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.to + self.cc))


def _unstructured(msg: EmailMessage, name: str, value: str) -> None:
    """A text header (the subject) on one line; outside ASCII as RFC 2047 encoded-words
    written here, each holding its own spaces. The library's folding can leave a space
    between two encoded-words, where every reader drops it: a Russian subject read
    "Добро пожаловать впартию" (issue 29 point 9)."""
    text = clean_line(value)
    if text.isascii():
        msg[name] = text
    else:
        msg.set_raw(name, email.header.Header(text, "utf-8", header_name=name).encode(linesep="\r\n"))


def compose(out: Outgoing, *, referee: str, date: datetime, referee_name: str = "Arbitro") -> bytes:
    """The mail as bytes (CRLF line ends, UTF-8 text, PNGs attached)."""
    msg = EmailMessage(policy=email.policy.SMTP)
    sender = out.from_address or referee
    name = (
        out.from_name
        if out.from_name is not None
        else (referee_name if not out.from_address else "")
    )
    msg["From"] = _address(sender, name)
    msg["To"] = ", ".join(_checked(a) for a in out.to)
    if out.cc:
        msg["Cc"] = ", ".join(_checked(a) for a in out.cc)
    if out.reply_to:
        msg["Reply-To"] = _checked(out.reply_to)
    _unstructured(msg, "Subject", out.subject)
    msg["Date"] = email.utils.format_datetime(date)
    msg["Message-ID"] = message_id_for(out.key, referee)
    if out.in_reply_to:
        msg["In-Reply-To"] = out.in_reply_to
    refs = tuple(dict.fromkeys((*out.references, *((out.in_reply_to,) if out.in_reply_to else ()))))
    if refs:
        msg["References"] = " ".join(refs[-20:])
    msg["Auto-Submitted"] = "auto-replied"
    msg["X-Auto-Response-Suppress"] = "All"  # asks Exchange/Outlook not to auto-answer
    msg[LOOP_HEADER] = referee
    for header, value in out.extra_headers:
        msg[header] = clean_line(value)
    body = out.body.replace("\r\n", "\n").replace("\r", "\n")
    if not body.endswith("\n"):
        body += "\n"
    msg.set_content(body, subtype="plain", charset="utf-8", cte="quoted-printable")
    if out.attachments:
        msg.make_mixed()
    for att in out.attachments:
        msg.attach(_attachment(att.data, att.content_type, att.filename))
    if out.attachments:
        # A boundary fixed by the key keeps a resend byte for byte the same. It holds
        # "=", which quoted-printable text and base64 never show, so no body can fake it.
        digest = hashlib.sha256(b"boundary:" + out.key.encode("utf-8")).hexdigest()[:24]
        msg.set_boundary(f"==arbitro_{digest}==")
    return msg.as_bytes()


@functools.lru_cache(maxsize=16)
def _attachment(data: bytes, content_type: str, filename: str) -> EmailMessage:
    """An attachment's MIME part, base64 and all, built once for every mail carrying the
    same bytes: a turn's map goes to every reader of a language (issue 30 Build 2). The
    part is only read when a mail is written out, so mails may share it."""
    maintype, _, subtype = content_type.partition("/")
    part = EmailMessage(policy=email.policy.SMTP)
    part.set_content(data, maintype=maintype, subtype=subtype or "octet-stream",
                     filename=clean_line(filename) or "file")
    if "content-disposition" not in part:
        part["Content-Disposition"] = "attachment"
    return part


def _checked(address: str) -> str:
    address = address.strip()
    if "@" not in address or any(c in address for c in '\r\n<>,;" '):
        raise ValueError(f"not a plain mail address: {address!r}")
    return address


def _address(address: str, name: str) -> str:
    local, domain = _checked(address).rsplit("@", 1)
    return str(Address(display_name=clean_line(name), username=local, domain=domain))
