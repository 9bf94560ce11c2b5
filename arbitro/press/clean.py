"""Press text made anonymous: what the sender wrote, without what reveals who wrote it.

Pure functions. The order: normalise (NFKC folds full-width "＠" and the like; zero-width
and control characters go), then scrub every mail address and every known trace of the
sender (names, address local part, host). Quotes, reply headers, forwarded history,
signatures and "sent from my phone" lines are gone already: the mail layer keeps only
the new text (``mail/history.py``, the order reader's classifier too).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

REMOVED_IT = "[rimosso]"
REMOVED_EN = "[removed]"

_INVISIBLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]"
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_ADDRESS = re.compile(r"[^\s<>()\[\]{},;:\"'@]+@[^\s<>()\[\]{},;:\"'@]+\.[^\s<>()\[\]{},;:\"'@]+")
_KEEP_WORDS = 3  # shorter name pieces are not scrubbed as words (too many false hits)
_GENERIC_LABELS = frozenset(["www", "mail", "mail2", "posta", "smtp", "imap", "pop", "pop3", "mx", "webmail", "email"])


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _INVISIBLE.sub("", text.replace("\t", " "))
    return _CONTROL.sub("", text)


def identity_needles(
    names: Iterable[str], addresses: Iterable[str], other_names: Iterable[str] = ()
) -> tuple[str, ...]:
    """What must not survive: the sender's names and their words, every address given,
    its local part and its pieces, its host and the host's distinctive labels; other
    players' full names. Longest first, so a full name goes before its words."""
    found: set[str] = set()
    for name in names:
        name = normalise(name).strip()
        if not name:
            continue
        found.add(name)
        found.update(w for w in re.split(r"[\W_]+", name) if _word_ok(w))
    for address in addresses:
        address = normalise(address).strip().lower()
        if "@" not in address:
            continue
        local, host = address.rsplit("@", 1)
        found.update((address, local, host))
        local = local.split("+", 1)[0]
        found.add(local)
        pieces = [p for p in re.split(r"[._+\-]+", local) if p]
        found.update(p for p in pieces if _word_ok(p))
        found.update(p.strip("0123456789") for p in pieces if _word_ok(p.strip("0123456789")))
        labels = host.split(".")
        found.update(lb for lb in labels[:-1] if len(lb) > _KEEP_WORDS and lb not in _GENERIC_LABELS)
    for name in other_names:
        name = normalise(name).strip()
        if len(name) > _KEEP_WORDS:
            found.add(name)
    return tuple(sorted((n for n in found if n), key=lambda n: (-len(n), n)))


def _word_ok(word: str) -> bool:
    return len(word) >= _KEEP_WORDS and not word.isdigit()


def scrub(text: str, needles: Iterable[str], removed: str = REMOVED_IT) -> str:
    """Every mail address, then every needle (whole words, any case), replaced."""
    text = _ADDRESS.sub(removed, text)
    for needle in needles:
        pattern = re.compile(rf"(?<![^\W_]){re.escape(needle)}(?![^\W_])", re.IGNORECASE)
        text = pattern.sub(removed, text)
    return text


def clean_body(text: str, needles: Iterable[str], removed: str = REMOVED_IT) -> str:
    return _tidy(scrub(normalise(text), needles, removed))


def clean_subject(subject: str, needles: Iterable[str], removed: str = REMOVED_IT) -> str:
    """One short line: no line breaks (no header injection), no address, no name."""
    line = normalise(subject).replace("\n", " ")
    line = re.sub(r"^\s*((re|r|fwd?|i|inoltra|aw|sv|tr)\s*(\[\d+\])?\s*:\s*)+", "", line,
                  flags=re.IGNORECASE)
    line = scrub(line, needles, removed)
    return re.sub(r"\s{2,}", " ", line).strip()[:150]


def _tidy(text: str) -> str:
    out: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip()
        if not line and (not out or not out[-1]):
            continue
        out.append(line)
    return "\n".join(out).strip("\n")
