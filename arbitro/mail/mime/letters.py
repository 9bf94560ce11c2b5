"""A mail to relay aliases read into a press ``Letter``: the relay's MIME work (what text
and images may be relayed, every header that names the sender, who the sender is)."""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils
from collections.abc import Callable, Sequence

from ...config import GameConfig
from ...config.addresses import plus_tag
from ...press.clean import normalise
from ...press.letter import Letter
from ..intake.addressing import GameRef
from ..intake.auth import take_password
from .history import new_text
from .message import InboundMail
from .relayable import extract

_ADDR_HEADERS = ("From", "Sender", "Reply-To", "Return-Path", "Resent-From", "Resent-Sender",
                 "Errors-To", "Disposition-Notification-To", "Return-Receipt-To")


def read_letter(
    mail: InboundMail,
    raw: bytes,
    game: GameConfig,
    refs: Sequence[GameRef],
    referee: str,
    separator: str,
    prove: Callable[[str | None], str | None],
) -> Letter:
    """``prove(password)``: why the sender is not proved with the password the letter's
    text carries (None: proved), as the service's ``identity.identify`` says."""
    content = extract(raw, images=game.press_options.images)
    password, text = take_password(content.text)
    names, addresses = _header_traces(raw)
    return Letter(
        sender=mail.from_address,
        sender_name=mail.from_name,
        subject=mail.subject,
        games=tuple(ref.game for ref in refs),
        aliases=tuple(ref.alias or "" for ref in refs),
        text=letter_text(text),
        images=content.images,
        dropped=content.dropped,
        identity_problem=prove(password),
        outside=tuple(a for a in mail.recipients if not _referee_mailbox(a, referee, separator)),
        replied=tuple(ref for ref in (mail.in_reply_to, *reversed(mail.references)) if ref),
        addresses=(*mail.reply_to, mail.return_path, *addresses),
        header_names=names,
    )


def letter_text(text: str) -> str:
    """The new text the press gets: quotes, reply history and signatures are not relayed
    (normalised first, so a zero-width character does not hide a quote mark)."""
    return new_text(normalise(text))


def _referee_mailbox(address: str, referee: str, separator: str) -> bool:
    return address == referee.lower() or plus_tag(address, referee, separator) is not None


def _header_traces(raw: bytes) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The display names and addresses of every address header, decoded (Sender and
    Reply-To tricks included)."""
    names: list[str] = []
    addresses: list[str] = []
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        for header in _ADDR_HEADERS:
            for display, address in email.utils.getaddresses(
                [_decoded(str(v)) for v in msg.get_all(header) or []]
            ):
                names.append(display)
                addresses.append(address)
    except Exception:  # noqa: BLE001, S110 — the parsed InboundMail gave the main ones
        pass
    return tuple(names), tuple(addresses)


def _decoded(value: str) -> str:
    try:
        return str(email.header.make_header(email.header.decode_header(value)))
    except Exception:  # noqa: BLE001
        return value
