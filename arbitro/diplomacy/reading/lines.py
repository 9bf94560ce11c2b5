"""Read a player's order mail: every line judged ok, void or ignored (R-ORD-1..7).

``parse_orders`` takes the text of orders (the mail layer converts HTML first) and
gives a report per order (line number, text, status, the Order, what to tell the player
as codes and arguments, and a "did you mean" suggestion). It never raises: whatever
a player writes is data. The board, and the position when given, settle what
the words alone leave open: an omitted unit type, a code naming two provinces
(``Liv``), a coast. The strict support syntax of the Italian rules (R-ORD-4) is
the default.

What a reply carries besides new text (quotes, reply headers, signatures) is the
mail layer's to say (``mail/history.py``): it hands ``classify``, which gives the
kind of every line; a line of any kind but ``TEXT`` is ignored, its kind the code.
Without it every line is read (the command line's single orders).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..board import Board
from ...spelling.folding import fold
from ..names import READER_LANGUAGES, NameIndex, name_index
from ..order_words import (
    BUILD,
    COLON,
    CONVOY,
    DISBAND,
    FILL,
    HOLD,
    KIND,
    LOC,
    MOVE,
    POWER,
    RETREAT,
    SEP,
    SUPPORT,
    UNK,
    VERB,
    VIA,
    WAIVE,
    Token,
    lex,
)
from ..legality import Void, validate
from ..orders import Order
from ..power_reading import read_power_order, written_keyword
from ..position import Position
from .dedup import one_per_unit, within_allowance
from .feedback import judge
from .grammar import drafts_of
from .reports import IGNORED, OK, VOID, Context, LineReport, ParseReport, note
from .words import is_adjusting, read_landing, read_prepositions

TEXT = "text"  # the kind of line that is read
# The lines of a text and what looks like an order -> the kind of every line. What looks
# like an order matters below a divider: "ORDINI" underlined is not a signature.
Classifier = Callable[[Sequence[str], Callable[[str], bool]], Sequence[str]]


def parse_orders(
    board: Board,
    text: str,
    *,
    power: str | None = None,
    position: Position | None = None,
    phase_kind: str | None = None,
    lang: str = "it",
    strict_support: bool = True,
    infer_single_coast: bool = True,
    classify: Classifier | None = None,
) -> ParseReport:
    try:
        return _parse(board, text, power, position, phase_kind, lang, strict_support, infer_single_coast,
                      classify)
    except Exception as exc:  # noqa: BLE001 — a bug must not lose a player's mail: report it as data
        return ParseReport(
            (LineReport(0, text[:200], VOID, None, "internal", note("internal", type(exc).__name__)),), lang
        )


def parse_one(
    board: Board, text: str, *, power: str | None = None, position: Position | None = None,
    strict_support: bool = True, infer_single_coast: bool = True,
) -> Order | LineReport | None:
    """The first order read in ``text``, or the void line that says why none could be read
    (None: nothing looked like an order).

    An order the board makes illegal is still returned: judging it is the
    adjudicator's business (it reports it void with its reason)."""
    report = parse_orders(
        board, text, power=power, position=position, lang="en",
        strict_support=strict_support, infer_single_coast=infer_single_coast,
    )
    for r in report.lines:
        if r.order is not None and r.code not in ("superseded", "other_power"):
            return r.order
    for r in report.lines:
        if r.status is VOID:
            return r
    return None


_HEADER_WORDS = frozenset(
    """ordini ordine orders order primavera autunno inverno estate spring fall autumn winter summer
    turno turn mossa mosse movimento movimenti moves fase phase anno year costruzioni costruzione builds
    scioglimenti disbands removals ritirate retreats aggiustamenti adjustments ecco here seguenti
    following sono are miei mie my nostri our game partita per for of the di del della la il le i
    gli s f w m""".split()
) | frozenset(fold(w) for w in """приказы приказ весна весну весной осень осенью зима зиму зимой ход хода
    фаза фазы год года на для за мои наши вот следующие""".split())


_MODE_WORDS = {
    "costruzioni": BUILD, "costruzione": BUILD, "builds": BUILD, "build": BUILD,
    "scioglimenti": DISBAND, "disbands": DISBAND, "removals": DISBAND, "remove": DISBAND,
    "disband": DISBAND, "scioglimento": DISBAND,
    "ritirate": RETREAT, "retreats": RETREAT, "retreat": RETREAT, "ritirata": RETREAT,
}
# Russian section titles ("Постройки:", "Отступления:"), folded as the words read (й -> и)
_MODE_WORDS.update({fold(w): mode for w, mode in (
    ("постройки", BUILD), ("строительство", BUILD), ("расформирования", DISBAND), ("роспуск", DISBAND),
    ("отступления", RETREAT), ("отступление", RETREAT))})


def _parse(
    board: Board, text: str, power: str | None, position: Position | None, phase_kind: str | None,
    lang: str, strict: bool, infer: bool, classify: Classifier | None,
) -> ParseReport:
    lang = "it" if lang not in READER_LANGUAGES else lang
    phase = phase_kind or (position.phase.kind if position is not None else None)
    ctx = Context(board, name_index(board), power.upper() if power else None, position, phase, lang, strict, infer)
    reports: list[LineReport] = []
    def is_order(line: str) -> bool:  # what a divider line may have below it and still be orders
        return _looks_like_order(lex(_strip_bullet(line), ctx.ix, lang=ctx.lang), ctx.ix)

    text = text if isinstance(text, str) else str(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    kinds = classify(lines, is_order) if classify is not None else ()
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if not stripped:
            continue
        kind = kinds[number - 1] if number <= len(kinds) else TEXT
        if kind != TEXT:
            reports.append(LineReport(number, stripped, IGNORED, None, kind, note(kind)))
            continue
        reports.extend(_line(ctx, number, stripped))
    return ParseReport(tuple(within_allowance(ctx, one_per_unit(ctx, reports))), lang)


# No real line of orders comes near this; a longer one is refused unread, since every
# order read from a line keeps the line's text (a 100 kB line would cost gigabytes).
MAX_LINE = 2000


def _line(ctx: Context, number: int, text: str) -> list[LineReport]:
    if len(text) > MAX_LINE:
        return [LineReport(number, text[:80] + "…", VOID, None, "line_too_long",
                           note("line_too_long", str(len(text))))]
    line = _strip_bullet(text)
    house = _power_line(ctx, number, line)
    if house is not None:
        return [house]
    tokens = lex(line, ctx.ix, lang=ctx.lang)
    header = _header(tokens)
    if header is not None:
        hpower, mode = header
        if hpower:
            ctx.header_power = hpower
        if mode:
            ctx.mode = mode
        code = "power_header" if hpower and not mode else "section"
        return [LineReport(number, text, IGNORED, None, code, note(code, hpower or ""))]
    out: list[LineReport] = []
    line_power: str | None = None
    adjusting = is_adjusting(ctx)
    for seg_tokens, seg_text in _segments(line, tokens):
        seg_tokens = read_landing(read_prepositions(seg_tokens, adjusting))
        if not _looks_like_order(seg_tokens, ctx.ix):
            if not seg_tokens:
                continue
            # a lone "Russia:" before orders on the same line
            sig = [t for t in seg_tokens if t.type not in (FILL, COLON)]
            if len(sig) == 1 and sig[0].type == POWER:
                line_power = sig[0].value
            out.append(LineReport(number, seg_text, IGNORED, None, "text", note("text")))
            continue
        if _has_unknown(seg_tokens):
            seg_tokens = read_landing(read_prepositions(lex(seg_text, ctx.ix, fuzzy=True, lang=ctx.lang), adjusting))
        for draft in drafts_of(seg_tokens):
            if draft.power:
                line_power = draft.power
            elif line_power:
                draft.power = line_power
            out.append(judge(ctx, number, draft, seg_text, len(out) == 0 and len(seg_tokens) > 0))
    if not out:
        out.append(LineReport(number, text, IGNORED, None, "text", note("text")))
    return out


def _power_line(ctx: Context, number: int, line: str) -> LineReport | None:
    """A power-level order of house rules (STRIKE, GIFT, ALLOW, TREATY: power_reading.py),
    judged by the one legality; None when the line is not one (the unit grammar reads it)."""
    order = read_power_order(ctx.board, ctx.power or ctx.header_power or "", line, ctx.lang)
    if order is None:
        return None
    if isinstance(order, str):
        # "STRIKE Mun": meant as the order, but not readable: say how it is written.
        keyword = written_keyword(line)
        if keyword is None:
            return None
        code = f"syntax_{keyword}"
        return LineReport(number, line, VOID, None, code, note(code))
    legal = validate(ctx.board, order, ctx.position, ctx.phase)
    if isinstance(legal, Void):
        return LineReport(number, line, VOID, order, legal.reason, note(legal.reason, *legal.detail))
    return LineReport(number, line, OK, order)


def _strip_bullet(text: str) -> str:
    s = text.strip()
    if s[:1].isalpha():
        return s  # the usual line: no bullet, number or dash before the order
    for prefix in ("•", "*", "·", "+"):
        if s.startswith(prefix):
            s = s[1:].lstrip()
    i = 0
    while i < len(s) and s[i].isdigit():
        i += 1
    if 0 < i <= 2 and i < len(s) and s[i] in ".)" and (i + 1 == len(s) or s[i + 1] == " "):
        s = s[i + 1 :].lstrip()
    if s.startswith(("- ", "-\t")):
        s = s[2:].lstrip()
    return s


def _segments(line: str, tokens: list[Token]) -> list[tuple[list[Token], str]]:
    """Split on ``;`` and ``,``; the text of each part is re-found in the line."""
    if "," not in line and ";" not in line:  # one part (no SEP token either)
        text = line.strip()
        return [(list(tokens), text)] if tokens or text else []
    parts: list[list[Token]] = [[]]
    for t in tokens:
        if t.type == SEP:
            parts.append([])
        else:
            parts[-1].append(t)
    texts = [p.strip() for p in _split_text(line)]
    if len(texts) != len(parts):
        texts = [" ".join(t.text for t in p) for p in parts]
    return [(p, tx) for p, tx in zip(parts, texts) if p or tx]


def _split_text(line: str) -> list[str]:
    return re.split(r"[;,]", line) if ("," in line or ";" in line) else [line]


def _header(tokens: list[Token]) -> tuple[str | None, str | None] | None:
    """A line like "ORDINI FRANCIA - Primavera 1901" or "Costruzioni:"."""
    if tokens and tokens[0].type == KIND:
        return None  # an order ("A ...", "Army ..."): no unit type word is a header word
    sig = [t for t in tokens if t.type not in (COLON, SEP)]
    if not sig:
        return None
    power = None
    mode = None
    keyword = False
    for t in sig:
        word = fold(t.text)
        if t.type == POWER:
            power = t.value
        elif word in _MODE_WORDS and len(sig) <= 4:
            mode = _MODE_WORDS[word]
            keyword = True
        elif word in ("ordini", "orders", "ordine", "order", "приказы", "приказ"):
            keyword = True
        elif t.type in (FILL, UNK) and (word in _HEADER_WORDS or word.isdigit() or _is_phase(word)):
            continue
        elif t.type == VERB and t.value == MOVE:
            continue
        else:
            return None
    if power is None and not keyword:
        return None
    return power, mode


def _is_phase(word: str) -> bool:
    return len(word) == 6 and word[0] in "sfw" and word[1:5].isdigit() and word[5] in "mra"


def _has_unknown(tokens: list[Token]) -> bool:
    # a loop, not any(): a generator costs more than the test on a short line (Python 3.11)
    for t in tokens:
        if t.type == UNK:
            return True
    return False


def _looks_like_order(tokens: list[Token], ix: NameIndex) -> bool:
    sig: list[Token] = []
    unknown = 0
    for t in tokens:
        if t.type != FILL and t.type != COLON:
            sig.append(t)
            if t.type == UNK:
                unknown += 1
    if sig and sig[0].type == POWER:
        sig = sig[1:]  # (a power is never UNK: the count stands)
    if not sig:
        return False
    if unknown > 3 and unknown * 2 > len(sig):
        return False
    a = sig[0]
    b = sig[1] if len(sig) > 1 else None
    if a.type == KIND:
        if b is None:
            return False
        if b.type == LOC:
            return True
        return b.type == UNK and any(t.type in (VERB, LOC) for t in sig[2:4])
    if a.type == LOC:
        if b is None:
            return False
        if b.type == VERB:
            return b.value != VIA
        return b.type in (LOC, KIND) and len(sig) <= 4
    if a.type == VERB and a.value in (BUILD, DISBAND, RETREAT, SUPPORT, CONVOY):
        return b is not None and b.type in (KIND, LOC)
    if a.type == VERB and a.value == WAIVE:
        return len(sig) <= 3
    if a.type == UNK and b is not None and b.type == VERB and b.value in (MOVE, SUPPORT, CONVOY, HOLD):
        return bool(ix.guess(a.value))
    return False
