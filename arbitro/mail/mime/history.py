"""A mail body as numbered lines, each marked as possible orders or not.

What a reply carries besides the new text is never read: quoted lines (``>``),
reply headers in every common client's wording (Gmail, Outlook, Apple Mail,
Thunderbird, Yahoo, phones; Italian and English), the earlier mail pasted below
an Outlook-style ``Da:``/``Inviato:``/``A:``/``Oggetto:`` block or a "messaggio
originale" marker, everything after a signature marker (``-- ``) and "Inviato
da iPhone" lines. :func:`line_kinds` is the one routine that says so, for the
order reader and for the press cleaner alike: the mail layer classifies, the order
reader (``game/reading/lines.py``) takes the kinds through ``parse_orders(classify=)``
and the press cleaner gets only the new text (:func:`new_text`). HTML is converted
before (``html_text.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...diplomacy.reading.lines import TEXT

# The other kinds are the order reader's codes for lines it ignores.
QUOTED, SIGNATURE, REPLY_HEADER = "quoted", "signature", "reply_header"

# "-- " (the standard marker) and lone dashes: the rest of the mail is a signature.
_SIGNATURE = re.compile(r"^(--|—|–)\s*$")
# A line drawn across: what follows is a signature or pasted history, unless orders follow.
_DIVIDER = re.compile(r"^(_{2,}|-{5,}|\*{5,}|={5,})$")
_RULE_START = frozenset("-_*=—–")
# "-----Messaggio originale-----", "---------- Forwarded message ---------", Apple's
# "Inizio messaggio inoltrato:": the rest of the mail is the earlier one.
_FORWARD = re.compile(
    r"^[-_=*\s]*(original message|messaggio originale|forwarded message|messaggio inoltrato|"
    r"begin forwarded message|inizio messaggio inoltrato|messaggio di origine|"
    r"message d'origine|ursprüngliche nachricht|mensaje original)\s*:?[-_=*\s]*$",
    re.IGNORECASE,
)
# The first and the other lines of a pasted header block (Outlook, Apple Mail, webmails),
# labels possibly in bold ("*Da:*" in the text part of an HTML mail).
_FROM_LINE = re.compile(r"^\*?(from|da|de|von|mittente)\*?\s*:", re.IGNORECASE)
_HEADER_LINE = re.compile(
    r"^\*?(from|da|de|von|sent|inviato|inviata|date|data|to|a|cc|ccn|bcc|subject|oggetto|"
    r"reply-to|rispondi a|gesendet|an|betreff|envoyé|objet|para|asunto|enviado)\*?\s*:",
    re.IGNORECASE,
)
# A reply header: "On ... wrote:", "Il giorno ... ha scritto:", "Il 07/12/2026 10:00, Mario
# ha scritto:", Yahoo's "Il lunedì 7 dicembre 2026, ... ha scritto:"; clients wrap it over
# up to three lines ("... Mario Rossi <m@x.it>" / "ha scritto:").
_REPLY_END = re.compile(
    r"(wrote|ha scritto|scrisse|a écrit|schrieb|escribió|escreveu)\s*:?\s*$", re.IGNORECASE
)
_REPLY_START = re.compile(r"^(on|il giorno|il|in data|le|am|el|em)\b", re.IGNORECASE)
_OPENERS = frozenset(("on", "il", "in", "le", "am", "el", "em"))  # their first two letters
_REPLY_WRAP = 3  # lines a wrapped reply header may take
_REPLY_TAIL = 16  # the end of a line is enough to find "ha scritto:" (and cheaper)
_DIGIT = re.compile(r"\d")
# Phone and webmail taglines: the line itself is not the player's text.
_DEVICE = re.compile(
    r"^(sent from (my )?\S.*|sent with \S.*|sent via \S.*|get outlook for .*|"
    r"inviato da(l)? .*|inviato con .*|inviato tramite .*|scarica outlook per .*|"
    r"envoyé de mon .*|von meinem .* gesendet|enviado desde mi .*)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class MailLine:
    number: int  # 1-based, in the (converted) text
    text: str
    kind: str  # TEXT, QUOTED, SIGNATURE, REPLY_HEADER


def mail_lines(body: str, *, keeps: Callable[[str], bool] | None = None) -> list[MailLine]:
    """Non-blank lines of a text body, classified (see :func:`line_kinds`). Never raises."""
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kinds = line_kinds(lines, keeps=keeps)
    out: list[MailLine] = []
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if stripped:
            out.append(MailLine(number, stripped, kinds[number - 1]))
    return out


def new_text(text: str) -> str:
    """Only the sender's new text (for the press): every line of another kind goes."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line, kind in zip(lines, line_kinds(lines)) if kind == TEXT)


def line_kinds(lines: Sequence[str], keeps: Callable[[str], bool] | None = None) -> list[str]:
    """The kind of every line of a text mail (blank lines: TEXT).

    ``keeps`` says whether a line is worth keeping after a divider (for the order
    reader: an order). A divider followed by such a line is only a divider
    ("ORDINI" underlined); otherwise what follows it is a signature or history.
    """
    n = len(lines)
    kinds = [TEXT] * n
    seen_text = False  # a line of new text above: a header block below it is history
    i = 0
    while i < n:
        raw = lines[i]
        s = raw.strip()
        if not s:
            i += 1
            continue
        first_char = s[0]
        if first_char in ">|":
            kinds[i] = QUOTED
            i += 1
            continue
        # every marker that ends the new text starts with a rule or holds a colon: a cheap
        # test first, since nearly every line of an order mail is neither
        tail = _tail_starts(lines, i, keeps, seen_text) if first_char in _RULE_START or ":" in s else None
        if tail is not None:
            first, rest = tail
            kinds[i] = first
            for j in range(i + 1, n):
                kinds[j] = rest
            return kinds
        header = _reply_header(lines, i) if ":" in s or s[:2].lower() in _OPENERS or s[-1] in "eo" else None
        if header is not None:
            end, sure = header
            for j in range(i, end + 1):
                kinds[j] = REPLY_HEADER
            nxt = _next_text(lines, end + 1)
            if sure and nxt is not None and lines[nxt].lstrip()[:1] not in (">", "|"):
                # the earlier mail pasted without quote marks: all of it is history
                for j in range(end + 1, n):
                    kinds[j] = QUOTED
                return kinds
            i = end + 1  # quoted with ">": an answer may follow between the quotes
            continue
        if s[:1] in "SsIiGgEeVv" and _DEVICE.match(s):
            kinds[i] = SIGNATURE
        else:
            seen_text = True
        i += 1
    return kinds


def _tail_starts(
    lines: Sequence[str], i: int, keeps: Callable[[str], bool] | None, seen_text: bool
) -> tuple[str, str] | None:
    """(kind of line i, kind of every later line) when line i ends the new text.

    A header block with nothing above it is the mail's own heading ("Da: Francia / A:
    Arbitro / Oggetto: ordini"), or a forward with nothing added: what follows is read."""
    raw = lines[i]
    s = raw.strip()
    if raw.startswith("-- ") or _SIGNATURE.match(s):
        return SIGNATURE, SIGNATURE
    if _FORWARD.match(s):
        return REPLY_HEADER, QUOTED
    if seen_text and _header_block(lines, i):
        return REPLY_HEADER, QUOTED
    if _DIVIDER.match(s):
        nxt = _next_text(lines, i + 1)
        if nxt is None:
            return SIGNATURE, SIGNATURE
        after = lines[nxt].strip()
        if _FORWARD.match(after) or _header_block(lines, nxt) or _reply_header(lines, nxt) is not None:
            return REPLY_HEADER, QUOTED
        if keeps is not None and keeps(after):
            return None
        return SIGNATURE, SIGNATURE
    return None


def _next_text(lines: Sequence[str], start: int) -> int | None:
    for j in range(start, len(lines)):
        if lines[j].strip():
            return j
    return None


def _header_block(lines: Sequence[str], i: int) -> bool:
    """ "Da: ..." with two more header lines among the next few: a pasted earlier mail."""
    if not _FROM_LINE.match(lines[i].strip()):
        return False
    following = [ln.strip() for ln in lines[i + 1 : i + 7] if ln.strip()][:5]
    return sum(1 for ln in following if _HEADER_LINE.match(ln)) >= 2


def _reply_header(lines: Sequence[str], i: int) -> tuple[int, bool] | None:
    """(last line, sure) of a reply header starting at line i, or None. Sure: it has
    the opening words, an address or a date, so what follows is the earlier mail."""
    s = lines[i].strip()
    if _REPLY_END.search(s[-_REPLY_TAIL:]):
        if _REPLY_START.match(s) or "@" in s or _DIGIT.search(s):
            return i, True
        return (i, False) if len(s) < 120 else None  # "Mario ha scritto:" alone
    if not _REPLY_START.match(s) or len(s) > 200:
        return None
    for j in range(i + 1, min(i + _REPLY_WRAP, len(lines))):
        nxt = lines[j].strip()
        if not nxt or nxt[0] == ">":
            return None
        if _REPLY_END.search(nxt[-_REPLY_TAIL:]):
            return j, True
    return None
