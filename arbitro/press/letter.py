"""A mail to relay aliases as the press rules see it: read from MIME by the mail layer
(``mail/letters.py``), judged and queued by ``press.relay``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Image:
    data: bytes  # re-encoded: no metadata of the original survives
    content_type: str  # image/png or image/jpeg


@dataclass(frozen=True)
class Letter:
    sender: str  # the From address, lower-case
    sender_name: str  # the From display name
    subject: str
    games: tuple[str, ...]  # the game named by each relay address it went to
    aliases: tuple[str, ...]  # the nation alias of each of those addresses
    text: str  # the relayable new text (plain, else visible HTML): no password line, quotes or signature
    images: tuple[Image, ...]  # re-drawn; empty unless the game allows images
    dropped: int  # attachments (or images over the limits) not relayed
    identity_problem: str | None  # "no_password" | "wrong_password" | "not_player" | None
    outside: tuple[str, ...]  # recipients that are not the referee's mailboxes
    replied: tuple[str, ...]  # In-Reply-To, then References newest first: a press reply?
    # Everything else that names the sender: Reply-To and Return-Path, and the display
    # names and addresses of every address header (Sender, Resent-From...), decoded.
    addresses: tuple[str, ...]
    header_names: tuple[str, ...]
