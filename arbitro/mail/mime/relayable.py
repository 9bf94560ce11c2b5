"""What of a raw mail may be relayed: its text (plain, else visible HTML) and its images.

Read from the raw bytes, not from the order reader's ``InboundMail.body``: that one turns
HTML into text with hidden parts included. Forwarded messages (message/*) are dropped
whole: they are nothing but someone's headers and history.
"""

# ruff: noqa: BLE001  (a broken part costs that part, never the mail)
from __future__ import annotations

import email
import email.policy
import io
from dataclasses import dataclass
from email.message import Message

from ...press.letter import Image
from .text import decode_bytes
from .visible_html import visible_text

MAX_IMAGES = 5
MAX_IMAGE_BYTES = 5 * 1024 * 1024
MAX_PIXELS = 25_000_000


@dataclass(frozen=True)
class Content:
    text: str
    from_html: bool
    images: tuple[Image, ...]
    dropped: int  # attachments (or images over the limits) not relayed


def extract(raw: bytes, *, images: bool) -> Content:
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    except Exception:
        return Content("", False, (), 0)
    plain: str | None = None
    html: str | None = None
    found: list[Image] = []
    dropped = 0
    for part in _leaves(msg):
        ctype = _ctype(part)
        attached = _disposition(part) == "attachment" or part.get_filename() is not None
        if ctype.startswith("image/"):
            image = _image(part) if images and len(found) < MAX_IMAGES else None
            if image is None:
                dropped += 1
            else:
                found.append(image)
            continue
        if ctype in ("text/plain", "text/html") and not attached:
            text = _text(part)
            if ctype == "text/plain" and plain is None:
                plain = text
            elif ctype == "text/html" and html is None:
                html = text
            continue
        if not ctype.startswith("multipart/"):
            dropped += 1
    if plain is not None and (plain.strip() or html is None):
        return Content(plain, False, tuple(found), dropped)
    if html is not None:
        return Content(visible_text(html), True, tuple(found), dropped)
    return Content("", False, tuple(found), dropped)


def _leaves(part: Message, depth: int = 0) -> list[Message]:
    if depth > 20:
        return []
    if _ctype(part).startswith("message/"):
        return [part]  # counted as dropped, never opened
    if part.is_multipart():
        payload = part.get_payload()
        if not isinstance(payload, list):
            return []
        return [leaf for sub in payload[:200] if isinstance(sub, Message)
                for leaf in _leaves(sub, depth + 1)]
    return [part]


def _ctype(part: Message) -> str:
    try:
        return part.get_content_type().lower()
    except Exception:
        return "text/plain"


def _disposition(part: Message) -> str:
    try:
        return str(part.get("Content-Disposition") or "").split(";")[0].strip().lower()
    except Exception:
        return ""


def _payload(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:
        return b""
    return data if isinstance(data, bytes) else b""


def _text(part: Message) -> str:
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    text, _ = decode_bytes(_payload(part), charset)
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


def _image(part: Message) -> Image | None:
    """The picture drawn anew from its pixels: EXIF (GPS, camera, owner), comments, ICC
    profiles and the file name of the original are all left behind."""
    data = _payload(part)
    if not data or len(data) > MAX_IMAGE_BYTES:
        return None
    try:
        from PIL import Image as PILImage
        from PIL import ImageOps

        with PILImage.open(io.BytesIO(data)) as img:
            if img.width * img.height > MAX_PIXELS:
                return None
            img.seek(0)
            shown = ImageOps.exif_transpose(img) or img
            alpha = shown.mode in ("RGBA", "LA", "PA") or (
                shown.mode == "P" and "transparency" in shown.info
            )
            mode = "RGBA" if alpha else "RGB"
            pixels = shown.convert(mode)
            fresh = PILImage.frombytes(mode, pixels.size, pixels.tobytes())
        out = io.BytesIO()
        if alpha:
            fresh.save(out, format="PNG", optimize=False)
            return Image(out.getvalue(), "image/png")
        fresh.save(out, format="JPEG", quality=85)
        return Image(out.getvalue(), "image/jpeg")
    except Exception:
        return None
