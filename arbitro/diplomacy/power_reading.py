"""Read a power-level order of house rules (rulesets.py) in any language of power_words.py:
``STRIKE MUN FROM BOH``, ``GIFT UKR TO AUSTRIA``, ``ALLOW AUSTRIA``,
``TREATY AUSTRIA, TURKEY: text``, ``TREATY CONFIRM RUSSIA``; in Italian ``COLPO Mon DA Boe``,
``DONA Ucraina ALL'AUSTRIA``, ``PERMETTE Austria``, ``TRATTATO Austria, Turchia: testo``,
``TRATTATO CONFERMA Russia``.

Used by the canonical notation (notation.py) and by the mail reader (reading/lines.py):
a line that does not start with one of these keywords is not such an order (None).
"""

from __future__ import annotations

import re

from .board import Board
from ..spelling.folding import words_of
from .names import key_of, name_index
from .orders import Allow, Confirm, Gift, PowerOrder, Strike, Treaty
from .power_words import ALLOW, CONFIRM, FROM, GIFT, LINKS, POWER_WORDS, STRIKE, TO, TREATY

_STARTS = (STRIKE, GIFT, ALLOW, TREATY)


def _spellings(keyword: str) -> list[str]:
    """Every spelling of a keyword, longest first (so "ARMA SEGRETA" before "ARMA")."""
    found = {s.casefold() for by_lang in POWER_WORDS[keyword].values() for s in by_lang}
    return sorted(found, key=len, reverse=True)


def _after(text: str, keyword: str) -> str | None:
    """The text after ``keyword`` at the start of ``text``, or None."""
    low = text.casefold()
    for sp in _spellings(keyword):
        if low.startswith(sp) and (sp.endswith("'") or len(low) == len(sp) or not low[len(sp)].isalnum()):
            return text[len(sp):].strip(" \t:.-")
    return None


_LINKS = frozenset(w.casefold() for words in LINKS.values() for w in words)


def _unlinked(text: str) -> str:
    """``text`` less a linking word at its start ("по Галиции" -> "Галиции")."""
    first, _, rest = text.strip().partition(" ")
    return rest.strip() if first.casefold() in _LINKS and rest.strip() else text.strip()


def _split(text: str, keyword: str) -> tuple[str, str] | None:
    """``text`` cut at the first standalone ``keyword`` ("MUN FROM BOH" -> MUN, BOH)."""
    words = "|".join(re.escape(s) for s in _spellings(keyword))
    m = re.search(rf"(?i)(?:^|\s)(?:{words})(?:\s+|(?<=')|$)", text)
    if m is None or m.start() == 0:
        return None
    return text[: m.start()].strip(), text[m.end():].strip()


def _province(board: Board, text: str, lang: str) -> str | None:
    t = text.strip().strip("().,;")
    code = board.code_for(t.upper().partition("/")[0].partition("(")[0].strip())
    if code is not None:
        return code
    found = name_index(board).lookup(key_of(words_of(t)), lang)
    return found[0] if len(found) == 1 else None


def _power(board: Board, text: str) -> str | None:
    t = text.strip().strip("().,;")
    if t.upper() in board.powers:
        return t.upper()
    return name_index(board).power(key_of(words_of(t)))


def _powers(board: Board, text: str) -> tuple[str, ...] | None:
    parts = [p for p in re.split(r",|;|\s+(?:and|e|ed|и)\s+|\s+", text.strip()) if p.strip()]
    out: list[str] = []
    for p in parts:
        got = _power(board, p)
        if got is None:
            return None
        if got not in out:
            out.append(got)
    return tuple(out) or None


def written_keyword(text: str) -> str | None:
    """The power-level keyword ``text`` starts with, when it is the word each language
    writes (STRIKE, COLPO, GIFT, DONA...): a line starting so is meant as that order."""
    low = " ".join(text.split()).casefold()
    for keyword in _STARTS:
        for by_lang in POWER_WORDS[keyword].values():
            first = by_lang[0].casefold()
            if low == first or low.startswith(first + " "):
                return keyword
    return None


def read_power_order(board: Board, power: str, text: str, lang: str = "") -> PowerOrder | str | None:
    """The power-level order in ``text``; an English message when it starts like one but
    does not read; None when it is not one at all."""
    raw = " ".join(text.split())
    for keyword in _STARTS:
        rest = _after(raw, keyword)
        if rest is not None:
            return _read(board, power, keyword, rest, raw, lang)
    rest = _after(raw, CONFIRM)  # "CONFIRM TREATY RUSSIA", "CONFIRM RUSSIA"
    if rest is not None:
        rest = _after(rest, TREATY) or rest
        proposer = _power(board, rest) or _power(board, _unlinked(rest))
        return Confirm(power, proposer) if proposer else f"cannot read {raw!r}"
    return None


def _read(board: Board, power: str, keyword: str, rest: str, raw: str, lang: str) -> PowerOrder | str:
    """The order as written; failing that, read past a linking word after the keyword
    ("удар по Галиции"), never before (so "STRIKE CON FROM BUL" is Constantinople)."""
    got = _read_words(board, power, keyword, rest, raw, lang)
    unlinked = _unlinked(rest)
    if isinstance(got, str) and unlinked != rest:
        again = _read_words(board, power, keyword, unlinked, raw, lang)
        if not isinstance(again, str):
            return again
    return got


def _read_words(board: Board, power: str, keyword: str, rest: str, raw: str, lang: str) -> PowerOrder | str:
    bad = f"cannot read {raw!r}"
    if keyword == STRIKE:
        cut = _split(rest, FROM)
        if cut is None:
            return f"{bad}: write STRIKE <province> FROM <your province>"
        target, origin = (_province(board, c, lang) for c in cut)
        if target is None or origin is None:
            return f"{bad}: unknown province {cut[0] if target is None else cut[1]}"
        return Strike(power, target, origin)
    if keyword == GIFT:
        cut = _split(rest, TO) or _power_last(board, rest, lang)
        if cut is None:
            return f"{bad}: write GIFT <province> TO <power>"
        province, to = _province(board, cut[0], lang), _power(board, cut[1])
        if province is None:
            return f"{bad}: unknown province {cut[0]}"
        if to is None:
            return f"{bad}: unknown power {cut[1]}"
        return Gift(power, province, to)
    if keyword == ALLOW:
        allies = _powers(board, rest)
        return Allow(power, allies) if allies else f"{bad}: write ALLOW <power>, <power>"
    confirm = _after(rest, CONFIRM)
    if confirm is not None:
        proposer = _power(board, confirm) or _power(board, _unlinked(confirm))
        return Confirm(power, proposer) if proposer else f"{bad}: write TREATY CONFIRM <power>"
    names, colon, words = rest.partition(":")
    parties = _powers(board, names)
    if not colon or parties is None:
        return f"{bad}: write TREATY <power>, <power>: <the treaty's text>"
    return Treaty(power, parties, words.strip())


def _power_last(board: Board, text: str, lang: str) -> tuple[str, str] | None:
    """A gift without its TO word, the power named last: Russian gives in the dative
    ("дарит Ливонию Германии"), English may say "GIFT LVN AUSTRIA"."""
    words = text.split()
    for i in range(len(words) - 1, 0, -1):
        head, tail = " ".join(words[:i]), " ".join(words[i:])
        if _power(board, tail) is not None and _province(board, head, lang) is not None:
            return head, tail
    return None
