"""The mails the tests send as players: one builder for every suite."""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from email.message import EmailMessage

_ids = itertools.count()


def player_mail(
    frm: str,
    to: str | Sequence[str],
    body: str,
    *,
    subject: str = "ordini",
    name: str | None = None,
    cc: str | Sequence[str] | None = None,
    headers: dict[str, str] | None = None,
    msgid: str | None = None,
) -> bytes:
    """A plain-text mail from ``frm`` (shown as ``name``), with a unique Message-ID under
    the sender's own host unless ``msgid`` is given."""
    m = EmailMessage()
    m["From"] = f'"{name}" <{frm}>' if name else frm
    m["To"] = to if isinstance(to, str) else ", ".join(to)
    if cc:
        m["Cc"] = cc if isinstance(cc, str) else ", ".join(cc)
    m["Subject"] = subject
    host = frm.rsplit("@", 1)[1] if "@" in frm else "players.example"
    m["Message-ID"] = msgid or f"<m{next(_ids)}.{time.monotonic_ns()}@{host}>"
    for key, value in (headers or {}).items():
        m[key] = value
    m.set_content(body)
    return bytes(m)
