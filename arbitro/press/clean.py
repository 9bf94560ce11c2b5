"""Press text made anonymous: what the sender wrote, without what reveals who wrote it.

Pure functions. The order: normalise (NFKC folds full-width "＠" and the like; zero-width
and control characters go), cut quotes, reply headers, forwarded history, signatures and
"sent from my phone" lines, then scrub every mail address and every known trace of the
sender (names, address local part, host) from what remains.
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
_SIGNATURE = re.compile(r"^(--|—|–|-- |_{2,}|-{5,}|\*{5,}|={5,})\s*$")
_DEVICE = re.compile(
    r"^\s*(sent from (my )?\S.*|sent with \S.*|sent via \S.*|get outlook for .*|"
    r"inviato da(l)? .*|inviato con .*|inviato tramite .*|scarica outlook per .*|"
    r"envoyé de mon .*|von meinem .* gesendet|enviado desde mi .*)$",
    re.IGNORECASE,
)
_REPLY_END = re.compile(
    r"(wrote|ha scritto|scrisse|a écrit|schrieb|escribió|escreveu)\s*:?\s*$", re.IGNORECASE
)
_REPLY_START = re.compile(r"^\s*(on|il giorno|il|in data|le|am|el|em)\b", re.IGNORECASE)
_FORWARD = re.compile(
    r"^\s*[-_=*]*\s*(original message|messaggio originale|forwarded message|"
    r"messaggio inoltrato|begin forwarded message|inizio messaggio inoltrato|"
    r"message d'origine|ursprüngliche nachricht)\s*:?\s*[-_=*]*\s*$",
    re.IGNORECASE,
)
_HEADER_LINE = re.compile(
    r"^\s*\*?(from|da|de|von|sent|inviato|date|data|to|a|cc|subject|oggetto)\*?\s*:", re.IGNORECASE
)
_KEEP_WORDS = 3  # shorter name pieces are not scrubbed as words (too many false hits)
_GENERIC_LABELS = frozenset(["www", "mail", "mail2", "posta", "smtp", "imap", "pop", "pop3", "mx", "webmail", "email"])


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _INVISIBLE.sub("", text.replace("\t", " "))
    return _CONTROL.sub("", text)


def cut_history(text: str) -> str:
    """Drop quoted lines, reply headers ("On ... wrote:", "Il giorno ... ha scritto:"),
    forwarded or Outlook-style history (everything after it), signatures (everything
    after "-- ") and "Sent from my ..." lines."""
    lines = text.split("\n")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if _SIGNATURE.match(line) or _FORWARD.match(stripped) or _outlook_block(lines, i):
            break
        if stripped.startswith((">", "|")) or _DEVICE.match(stripped):
            i += 1
            continue
        end = _reply_header_end(lines, i)
        if end is not None:
            i = end + 1
            continue
        kept.append(line.rstrip())
        i += 1
    return _tidy("\n".join(kept))


def _reply_header_end(lines: list[str], i: int) -> int | None:
    """The last line of a reply header starting at ``i`` (it may wrap over 3 lines)."""
    stripped = lines[i].strip()
    if _REPLY_END.search(stripped) and (_REPLY_START.match(stripped) or "@" in stripped
                                         or len(stripped) < 200):
        return i
    if _REPLY_START.match(stripped):
        for j in range(i + 1, min(i + 3, len(lines))):
            if _REPLY_END.search(lines[j].strip()):
                return j
    return None


def _outlook_block(lines: list[str], i: int) -> bool:
    """ "From: ..." followed by more header lines: a pasted original message."""
    if not re.match(r"^\s*\*?(from|da|de|von)\*?\s*:", lines[i], re.IGNORECASE):
        return False
    following = [ln for ln in lines[i + 1 : i + 5] if ln.strip()]
    return sum(1 for ln in following if _HEADER_LINE.match(ln)) >= 2


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
    return _tidy(scrub(cut_history(normalise(text)), needles, removed))


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
