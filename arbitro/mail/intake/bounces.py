"""Delivery reports (bounces): which of the referee's mails did not arrive, and where.

Nobody answers a report (answering robots makes loops), but a player whose mailbox refuses
the referee's mail misses results and deadlines: the handler tells the GM. Only reports
of the referee's own mails count (the returned headers carry its loop header), so a forged
report about a player cannot reach the GM unless it copies a mail the referee sent.
"""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import Message

from ..mime.message import LOOP_HEADER
from ..mime.text import clean_line


@dataclass(frozen=True)
class Bounce:
    recipients: tuple[str, ...]  # final recipients the report gives up on, lower-case
    status: str  # e.g. "5.1.1 (smtp; 550 no such user)"
    subject: str  # of the mail that did not arrive


def read_bounce(raw: bytes, referee: str) -> Bounce | None:
    """The failed recipients of an RFC 3464 delivery status notification about one of the
    referee's mails; None for any other mail. Never raises."""
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        failed: list[str] = []
        status = ""
        original: Message | None = None
        for part in msg.walk():
            kind = part.get_content_type()
            if kind == "message/delivery-status":
                for block in _blocks(part):
                    action = str(block.get("Action", "")).strip().lower()
                    code = str(block.get("Status", "")).strip()
                    if action != "failed" and not code.startswith("5"):
                        continue  # delayed, relayed, delivered
                    address = _address(str(block.get("Final-Recipient", "")))
                    if address and address not in failed:
                        failed.append(address)
                        status = status or _status(code, str(block.get("Diagnostic-Code", "")))
            elif kind in ("message/rfc822", "text/rfc822-headers") and original is None:
                original = _returned(part)
        if not failed or original is None:
            return None
        if not any(referee.lower() in str(v).lower() for v in original.get_all(LOOP_HEADER, [])):
            return None  # not one of ours
        return Bounce(tuple(failed), status, clean_line(str(original.get("Subject", "")))[:200])
    except Exception:  # noqa: BLE001 — a report we cannot read is just not a bounce to tell
        return None


def _blocks(part: Message) -> list[Message]:
    payload = part.get_payload()
    if isinstance(payload, list):  # the email package parses each field block as a Message
        return [p for p in payload if isinstance(p, Message)]
    text = payload if isinstance(payload, str) else ""
    return [email.message_from_string(b.strip() + "\n") for b in text.split("\n\n") if b.strip()]


def _returned(part: Message) -> Message:
    """The returned mail (or only its headers) as a Message."""
    payload = part.get_payload()
    if isinstance(payload, list) and payload and isinstance(payload[0], Message):
        return payload[0]
    text = payload if isinstance(payload, str) else ""
    return email.message_from_string(text)


def _address(field: str) -> str:
    """ "rfc822; someone@example.org" -> "someone@example.org"."""
    kind, _, address = field.partition(";")
    address = (address if address else kind).strip().strip("<>").lower()
    return address if "@" in address and " " not in address and len(address) <= 320 else ""


def _status(code: str, diagnostic: str) -> str:
    diagnostic = clean_line(diagnostic)[:200]
    return f"{code} ({diagnostic})" if diagnostic else code
