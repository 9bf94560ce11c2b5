"""Bytes of unknown or lying charset to text, and header text made safe to echo."""

from __future__ import annotations

import codecs
import re
import unicodedata

# Mail in the wild that names no charset (or a wrong one) is nearly always UTF-8 or
# Windows-1252 (a superset of Latin-1 for printable text): try them in that order.
_FALLBACKS = ("utf-8", "cp1252", "latin-1")
_ALIASES = {"utf8": "utf-8", "cp-1252": "cp1252", "x-unknown": "", "unknown-8bit": ""}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def decode_bytes(data: bytes, charset: str | None) -> tuple[str, str]:
    """(text, defect or ""). Never raises: the declared charset first, then fallbacks."""
    name = (charset or "").strip().strip('"').lower()
    name = _ALIASES.get(name, name)
    if name:
        try:
            codecs.lookup(name)
        except LookupError:
            text, _ = decode_bytes(data, None)
            return text, f"unknown charset {name[:40]!r}"
        if name in ("us-ascii", "ascii") and not data.isascii():
            text, _ = decode_bytes(data, None)  # 8-bit under an ASCII label: guess
            return text, "8-bit text labelled us-ascii"
        try:
            return data.decode(name), ""
        except (UnicodeDecodeError, LookupError, ValueError):
            text, _ = decode_bytes(data, None)
            return text, f"text not valid {name[:40]}"
    for fallback in _FALLBACKS:
        try:
            return data.decode(fallback), ""
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1", "replace"), ""  # unreachable: latin-1 takes any byte


def clean_line(text: str, limit: int = 998) -> str:
    """One line of text: control and bidi-override characters dropped, blanks folded."""
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text.replace("\r", " ").replace("\n", " ").replace("\t", " "))
    return re.sub(r" {2,}", " ", text).strip()[:limit]
