"""Read a player's order mail: every line judged ok, void or ignored (R-ORD-1..7).

``parse_orders`` takes the mail body as text (HTML-only bodies too) and gives a
report per order (line number, text, status, the Order, what to tell the player
as codes and arguments, and a "did you mean" suggestion). It never raises: whatever
a player writes is data. The board, and the position when given, settle what
the words alone leave open: an omitted unit type, a code naming two provinces
(``Liv``), a coast. The strict support syntax of the Italian rules (R-ORD-4) is
the default.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from .board import ARMY, FLEET, Board, province_of
from .mail_text import QUOTED, REPLY_HEADER, SIGNATURE, TEXT, mail_lines
from .names import NameIndex, fold, name_index
from .order_words import (
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
    VIA_WORDS,
    WAIVE,
    Token,
    lex,
)
from .orders import ENGLISH, Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive, format_order, notation_for
from .legality import ILLEGAL, NO_UNIT, Void, validate
from .phases import adjustment_counts
from .position import ADJUSTMENT, Position, Unit
from .position import RETREAT as RETREAT_PHASE

OK, VOID, IGNORED = "ok", "void", "ignored"


Note = tuple[str, tuple[str, ...]]


def _note(code: str, *details: str) -> tuple[Note]:
    return ((code, tuple(details)),)


@dataclass(frozen=True)
class LineReport:
    line: int  # 1-based line of the (text) body
    text: str  # the order as written (the part of the line it came from)
    status: str  # ok | void | ignored
    order: Order | None = None  # the reading, also when void if one was understood
    code: str = ""  # machine word for the message (catalog keys parse.<code> / reason.<code>)
    # what the message says, as data: (code, arguments) per note, arguments being province,
    # power and unit codes or the player's own words; arbitro/words/lines.py writes them out
    notes: tuple[Note, ...] = ()
    suggestion: str | None = None  # canonical notation


@dataclass(frozen=True)
class ParseReport:
    lines: tuple[LineReport, ...]
    lang: str

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(r.order for r in self.lines if r.status == OK and r.order is not None)


# -- the public entry points -------------------------------------------------


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
) -> ParseReport:
    try:
        return _parse(board, text, power, position, phase_kind, lang, strict_support, infer_single_coast)
    except Exception as exc:  # noqa: BLE001 — a bug must not lose a player's mail: report it as data
        return ParseReport(
            (LineReport(0, text[:200], VOID, None, "internal", _note("internal", type(exc).__name__)),), lang
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
        if r.status == VOID:
            return r
    return None


# -- the mail -----------------------------------------------------------------

_HEADER_WORDS = frozenset(
    """ordini ordine orders order primavera autunno inverno estate spring fall autumn winter summer
    turno turn mossa mosse movimento movimenti moves fase phase anno year costruzioni costruzione builds
    scioglimenti disbands removals ritirate retreats aggiustamenti adjustments ecco here seguenti
    following sono are miei mie my nostri our game partita per for of the di del della la il le i
    gli s f w m""".split()
)
_MODE_WORDS = {
    "costruzioni": BUILD, "costruzione": BUILD, "builds": BUILD, "build": BUILD,
    "scioglimenti": DISBAND, "disbands": DISBAND, "removals": DISBAND, "remove": DISBAND,
    "disband": DISBAND, "scioglimento": DISBAND,
    "ritirate": RETREAT, "retreats": RETREAT, "retreat": RETREAT, "ritirata": RETREAT,
}


@dataclass(slots=True)
class _Context:
    board: Board
    ix: NameIndex
    power: str | None
    position: Position | None
    phase: str | None
    lang: str
    strict: bool
    infer: bool
    header_power: str | None = None
    mode: str | None = None


def _parse(
    board: Board, text: str, power: str | None, position: Position | None, phase_kind: str | None,
    lang: str, strict: bool, infer: bool,
) -> ParseReport:
    lang = "it" if lang not in ("it", "en") else lang
    phase = phase_kind or (position.phase.kind if position is not None else None)
    ctx = _Context(board, name_index(board), power.upper() if power else None, position, phase, lang, strict, infer)
    reports: list[LineReport] = []
    def is_order(line: str) -> bool:  # what a divider line may have below it and still be orders
        return _looks_like_order(lex(_strip_bullet(line), ctx.ix, lang=ctx.lang), ctx.ix)

    for ml in mail_lines(text if isinstance(text, str) else str(text), keeps=is_order):
        if ml.kind != TEXT:
            code = {QUOTED: "quoted", SIGNATURE: "signature", REPLY_HEADER: "reply_header"}[ml.kind]
            reports.append(LineReport(ml.number, ml.text, IGNORED, None, code, _note(code)))
            continue
        reports.extend(_line(ctx, ml.number, ml.text))
    return ParseReport(tuple(_within_allowance(ctx, _one_per_unit(ctx, reports))), lang)


# No real line of orders comes near this; a longer one is refused unread, since every
# order read from a line keeps the line's text (a 100 kB line would cost gigabytes).
MAX_LINE = 2000


def _line(ctx: _Context, number: int, text: str) -> list[LineReport]:
    if len(text) > MAX_LINE:
        return [LineReport(number, text[:80] + "…", VOID, None, "line_too_long",
                           _note("line_too_long", str(len(text))))]
    line = _strip_bullet(text)
    tokens = lex(line, ctx.ix, lang=ctx.lang)
    header = _header(tokens)
    if header is not None:
        hpower, mode = header
        if hpower:
            ctx.header_power = hpower
        if mode:
            ctx.mode = mode
        code = "power_header" if hpower and not mode else "section"
        return [LineReport(number, text, IGNORED, None, code, _note(code, hpower or ""))]
    out: list[LineReport] = []
    line_power: str | None = None
    adjusting = _adjusting(ctx)
    for seg_tokens, seg_text in _segments(line, tokens):
        seg_tokens = _prepositions(seg_tokens, adjusting)
        if not _looks_like_order(seg_tokens, ctx.ix):
            if not seg_tokens:
                continue
            # a lone "Russia:" before orders on the same line
            sig = [t for t in seg_tokens if t.type not in (FILL, COLON)]
            if len(sig) == 1 and sig[0].type == POWER:
                line_power = sig[0].value
            out.append(LineReport(number, seg_text, IGNORED, None, "text", _note("text")))
            continue
        if _has_unknown(seg_tokens):
            seg_tokens = _prepositions(lex(seg_text, ctx.ix, fuzzy=True, lang=ctx.lang), adjusting)
        for draft in _drafts(seg_tokens):
            if draft.power:
                line_power = draft.power
            elif line_power:
                draft.power = line_power
            out.append(_judge(ctx, number, draft, seg_text, len(out) == 0 and len(seg_tokens) > 0))
    if not out:
        out.append(LineReport(number, text, IGNORED, None, "text", _note("text")))
    return out


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
        elif word in ("ordini", "orders", "ordine", "order"):
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


# -- one order: words to a draft ------------------------------------------------


@dataclass(slots=True)
class _Draft:
    power: str | None = None
    kind: str | None = None
    loc: Token | None = None
    verb: str | None = None
    tkind: str | None = None
    tloc: Token | None = None
    tmove: bool | None = None  # support/convoy: the other unit moves, holds, or unsaid
    dest: Token | None = None
    hops: list[Token] = field(default_factory=list)
    via: bool = False
    error: tuple[str, tuple[str, ...]] | None = None
    trailing: list[Token] = field(default_factory=list)


class _Words:
    """The words of an order without fillers; ``into`` marks words after "in"/"nel"."""

    def __init__(self, tokens: list[Token]) -> None:
        self.t: list[Token] = []
        self.into: set[int] = set()
        self.comment: set[int] = set()  # words after "è" / "is": a remark ("è stallo")
        after_into = False  # the token just before was "in", "nel" ...
        after_is = False
        for tok in tokens:
            if tok.type == FILL or tok.type == COLON:
                after_into = tok.type == FILL and tok.value in _INTO
                after_is = tok.type == FILL and tok.value in _IS
                continue
            if after_into:
                self.into.add(len(self.t))
                after_into = False
            if after_is:
                self.comment.add(len(self.t))
                after_is = False
            self.t.append(tok)
        self.i = 0

    def peek(self) -> Token | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def skip(self, *types: str) -> None:
        while self.i < len(self.t) and self.t[self.i].type in types:
            self.i += 1

    def after(self, k: int = 1) -> Token | None:
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def take(self) -> Token:
        tok = self.t[self.i]
        self.i += 1
        return tok

    def is_verb(self, *values: str) -> bool:
        t = self.peek()
        return t is not None and t.type == VERB and t.value in values

    def starts_order(self) -> bool:
        t = self.peek()
        if t is None:
            return False
        if t.type in (KIND, POWER):
            return True
        nxt = self.after()
        if t.type == VERB and t.value in (BUILD, DISBAND, WAIVE, RETREAT):
            return nxt is not None and nxt.type in (KIND, LOC) or t.value == WAIVE
        if t.type == LOC:
            return nxt is not None and nxt.type == VERB and nxt.value in (HOLD, MOVE, SUPPORT, CONVOY, RETREAT, DISBAND, BUILD)
        return False


def _adjusting(ctx: _Context) -> bool:
    return ctx.phase == ADJUSTMENT or ctx.mode in (BUILD, DISBAND)


def _prepositions(tokens: list[Token], adjusting: bool) -> list[Token]:
    """The word "a" read as what it is where the army letter cannot stand.

    Italian "a" is also "to"/"at": after a unit word ("una flotta a Brest"), between
    two provinces where no unit follows ("A Mar sostiene A Par a Bor", "A Ven a Tri"),
    before a province the unit type follows ("costruisco a Brest una flotta", "A Brest
    costruisco una flotta"), after a move verb ("va a Tri"). English "a" before a unit
    word is the article ("build a fleet in Brest"). Elsewhere "A" is an army.
    """
    # the usual line: "A" first ("A Ven - Tri") or after a support or convoy verb ("APP
    # A Vie"): an army, decided without the search below
    for i, t in enumerate(tokens):
        if t.type == KIND and t.text in ("a", "A"):
            if i == 0:
                if len(tokens) > 1 and tokens[1].type != LOC:
                    break
                third = tokens[2] if len(tokens) > 2 else None
                if third is not None and (third.type in (KIND, FILL) or (
                        third.type == VERB and (third.value == BUILD or third.value == DISBAND))):
                    break  # maybe "A Brest costruisco una flotta"
            else:
                p = tokens[i - 1]
                if p.type != VERB or p.value == MOVE or p.value == RETREAT or p.value == BUILD:
                    break
    else:
        return tokens
    sig = [i for i, t in enumerate(tokens) if t.type != FILL and t.type != COLON]
    out: list[Token] | None = None
    for k, i in enumerate(sig):
        tok = tokens[i]
        if tok.type != KIND or tok.text not in ("a", "A"):
            continue
        prev = tokens[sig[k - 1]] if k > 0 else None
        nxt = tokens[sig[k + 1]] if k + 1 < len(sig) else None
        after = tokens[sig[k + 2]] if k + 2 < len(sig) else None
        if nxt is None:
            continue
        if nxt.type == KIND:
            word = "un"  # the article
        elif nxt.type == VERB and nxt.value not in (MOVE, HOLD):
            word = "a"  # "rinuncio a costruire"
        elif nxt.type == LOC and _kind_after(tokens, sig, k + 2):
            word = "a"  # "A Brest (costruisco) una flotta": the unit type comes after
        elif nxt.type != LOC or prev is None:
            continue
        elif prev.type == KIND:
            word = "a"
        elif prev.type == LOC and not adjusting and (
            after is None or after.type == SEP or (after.type == VERB and after.value in (VIA, CONVOY))
        ) and not _builds_or_disbands(tokens):
            word = "a"
        elif prev.type == VERB and (
            prev.value in (MOVE, RETREAT) or (prev.value == BUILD and after is not None and after.type == KIND)
        ):
            word = "a"
        else:
            continue
        if out is None:
            out = list(tokens)
        out[i] = Token(FILL, word, tok.text)
    return tokens if out is None else out


def _kind_after(tokens: list[Token], sig: list[int], k: int) -> bool:
    """A unit type at sig[k] (after a build or disband verb, if any) that names no
    province of its own: the unit type of the order, said after its province."""
    if k < len(sig) and tokens[sig[k]].type == VERB and tokens[sig[k]].value in (BUILD, DISBAND):
        k += 1
    if k >= len(sig) or tokens[sig[k]].type != KIND:
        return False
    return k + 1 >= len(sig) or tokens[sig[k + 1]].type not in (LOC, KIND)


def _builds_or_disbands(tokens: list[Token]) -> bool:
    for t in tokens:
        if t.type == VERB and (t.value == BUILD or t.value == DISBAND):
            return True
    return False


def _drafts(tokens: list[Token]) -> list[_Draft]:
    plain = _plain_draft(tokens)
    if plain is not None:
        return [plain]
    w = _Words(tokens)
    out: list[_Draft] = []
    while w.peek() is not None:
        start = w.i
        out.append(_draft(w))
        if w.i == start:
            w.i += 1
    return out


def _plain_draft(tokens: list[Token]) -> _Draft | None:
    """The draft of an order in the shapes most lines have, read directly: "A Ven -
    Tri", "Ven - Tri", "A Ven XXX", "A Ven S A Tri - Vie", "A Ven S A Tri H". None
    for any other shape (fillers, a power, several orders...): _draft reads those, and
    gives the same draft for these shapes."""
    kind = None
    i = 0
    if tokens and tokens[0].type == KIND:
        kind = tokens[0].value
        i = 1
    rest = len(tokens) - i
    if rest < 2 or tokens[i].type != LOC or tokens[i + 1].type != VERB:
        return None
    loc, verb = tokens[i], tokens[i + 1].value
    if verb == HOLD:
        if _all_holds(tokens[i + 2 :]):
            return _Draft(kind=kind, loc=loc, verb=HOLD)
        return None
    if verb == MOVE:
        if rest == 3 and tokens[i + 2].type == LOC:
            return _Draft(kind=kind, loc=loc, verb=MOVE, dest=tokens[i + 2])
        return None
    if verb != SUPPORT:
        return None
    # the supported unit: [A] Tri, then "- Vie" or "H"
    j = i + 2
    tkind = None
    if j < len(tokens) and tokens[j].type == KIND:
        tkind = tokens[j].value
        j += 1
    tail = tokens[j + 1 :]
    if j >= len(tokens) or tokens[j].type != LOC or not tail or tail[0].type != VERB:
        return None
    if tail[0].value == MOVE and len(tail) == 2 and tail[1].type == LOC:
        return _Draft(kind=kind, loc=loc, verb=SUPPORT, tkind=tkind, tloc=tokens[j], tmove=True, dest=tail[1])
    if _all_holds(tail):
        return _Draft(kind=kind, loc=loc, verb=SUPPORT, tkind=tkind, tloc=tokens[j], tmove=False)
    return None


def _all_holds(tokens: list[Token]) -> bool:
    for t in tokens:  # a loop, not all(): cheaper on a few tokens (Python 3.11)
        if t.type != VERB or t.value != HOLD:
            return False
    return True


def _draft(w: _Words) -> _Draft:
    d = _Draft()
    t = w.peek()
    if t is not None and t.type == POWER:
        d.power = w.take().value
        t = w.peek()
    if t is None:
        d.error = ("incomplete", ("order",))
        return d
    if t.type == VERB and t.value in (SUPPORT, CONVOY):
        # "APP A Gal XXX": the unit giving the support (or the convoy) is not said
        d.error = ("no_supporter" if t.value == SUPPORT else "no_convoyer", ())
        d.trailing = w.t[w.i :]  # the rest is what it supports: one order, not two
        w.i = len(w.t)
        return d
    if t.type == VERB and t.value in (BUILD, DISBAND, WAIVE, RETREAT):
        d.verb = w.take().value
        if d.verb == WAIVE:
            while w.is_verb(BUILD):  # "rinuncio a costruire", "rinuncio alla costruzione"
                w.take()
        else:
            _unit(w, d)
            _kind_said_after(w, d)
            if d.error is None and d.verb == RETREAT:
                w.skip(VERB) if w.is_verb(MOVE) else None
                _destination(w, d)
        return _finish(w, d)
    _unit(w, d)
    if d.error is not None:
        return _finish(w, d)
    _kind_said_after(w, d)
    t = w.peek()
    if t is None or t.type in (KIND, POWER):
        return _finish(w, d)
    if t.type == VERB:
        v = t.value
        if v == HOLD:
            d.verb = HOLD
            while w.is_verb(HOLD):
                w.take()
        elif v == MOVE:
            d.verb = MOVE
            w.take()
            _destination(w, d)
            _hops_and_via(w, d)
        elif v in (SUPPORT, CONVOY):
            d.verb = w.take().value
            _other_unit(w, d)
        elif v == RETREAT:
            d.verb = RETREAT
            w.take()
            _destination(w, d)
        elif v in (DISBAND, BUILD):
            d.verb = w.take().value
            _kind_said_after(w, d)
        else:
            d.error = ("unknown_word", (t.text,))
    elif t.type == LOC:
        if w.starts_order():
            return _finish(w, d)
        d.verb = MOVE
        said = w.i in w.into  # "A Ven a Tri", "A Ven in Tri": the preposition says it
        d.dest = w.take()
        if not said:
            d.error = ("missing_dash", ())
    elif t.type == UNK:
        d.error = ("unknown_word", (t.text,))
    return _finish(w, d)


def _kind_said_after(w: _Words, d: _Draft) -> None:
    """ "(costruisco a) Brest una flotta": the unit type after the province, naming none."""
    t = w.peek()
    if d.kind is None and t is not None and t.type == KIND:
        nxt = w.after()
        if nxt is None or nxt.type not in (LOC, KIND):
            d.kind = w.take().value


def _unit(w: _Words, d: _Draft) -> None:
    t = w.peek()
    if t is not None and t.type == KIND:
        d.kind = w.take().value
        t = w.peek()
    if t is not None and t.type == LOC:
        d.loc = w.take()
    elif t is not None and t.type == UNK:
        d.error = ("unknown_province", (t.text,))
    else:
        d.error = ("incomplete", ("province",))


def _destination(w: _Words, d: _Draft) -> None:
    while True:
        t = w.peek()
        if t is not None and (t.type == KIND or (t.type == VERB and t.value == MOVE)):
            nxt = w.after()
            if nxt is not None and nxt.type == LOC:
                w.take()
                continue
        break
    t = w.peek()
    if t is not None and t.type == LOC:
        d.dest = w.take()
    elif t is not None and t.type == UNK:
        d.error = ("unknown_province", (t.text,))
    else:
        d.error = ("incomplete", ("destination",))


def _hops_and_via(w: _Words, d: _Draft) -> None:
    while d.error is None and w.is_verb(MOVE):
        nxt = w.after()
        if nxt is None or nxt.type != LOC or d.dest is None:
            break
        w.take()
        d.hops.append(d.dest)
        d.dest = w.take()
    if d.hops:
        d.via = True
    t = w.peek()
    if t is not None and t.type == LOC and t.value == "con" and _via_word(w.after()):
        w.take()  # "con trasporto": Italian "with", not Constantinople
        t = w.peek()
    if t is not None and t.type == VERB and t.value in (VIA, CONVOY):
        d.via = True
        w.take()
        while True:
            t = w.peek()
            if t is not None and ((t.type == VERB and t.value in (VIA, CONVOY)) or (t.type == UNK and t.value in VIA_WORDS)):
                w.take()
            else:
                break


def _via_word(t: Token | None) -> bool:
    return t is not None and ((t.type == VERB and t.value in (VIA, CONVOY)) or (t.type == UNK and t.value in VIA_WORDS))


def _other_unit(w: _Words, d: _Draft) -> None:
    # "appoggia in difesa A Gal", "appoggio difensivo A Gal": the hold said first
    said_hold = False
    while w.is_verb(HOLD):
        nxt = w.after()
        if nxt is None or nxt.type not in (KIND, LOC, VERB):
            break
        w.take()
        said_hold = True
    if said_hold:
        d.tmove = False
    t = w.peek()
    if t is not None and t.type == KIND:
        d.tkind = w.take().value
        t = w.peek()
    if t is not None and t.type == LOC:
        d.tloc = w.take()
    elif t is not None and t.type == UNK:
        d.error = ("unknown_province", (t.text,))
        return
    else:
        d.error = ("incomplete", ("unit",))
        return
    t = w.peek()
    if t is None:
        return
    if t.type == VERB and t.value == HOLD:
        d.tmove = False
        while w.is_verb(HOLD):
            w.take()
    elif t.type == VERB and t.value == MOVE:
        w.take()
        _destination(w, d)
        if d.error is None:
            d.tmove = True
            saved = d.hops
            _hops_and_via(w, d)
            d.hops, d.via = saved, False
    elif t.type == LOC and not w.starts_order():
        # "trasporta A Lon in Pic": a convoy always names a move, and "in" says it too
        said = w.i in w.into
        d.dest = w.take()
        d.tmove = True
        if d.verb != CONVOY and not said:
            d.error = ("missing_dash", ())


_INTO = frozenset("in nel nella nello al alla allo ad a".split())
_IS = frozenset(("e", "is"))  # "è" folded


def _finish(w: _Words, d: _Draft) -> _Draft:
    start = w.i
    while w.peek() is not None and not w.starts_order():
        d.trailing.append(w.take())
    if d.error is None and any(t.type in (LOC, KIND, VERB, POWER) for t in d.trailing):
        if start in w.comment and not any(t.type in (LOC, KIND, POWER) for t in d.trailing):
            return d  # "A Liv - Mos è stallo": a remark on the order, not more of it
        d.error = ("extra_text", (" ".join(t.text for t in d.trailing),))
    return d


# -- one draft: readings on the board -------------------------------------------


def _check(ctx: _Context, order: Order) -> list[Void]:
    """Why the order read is void on this board, position and phase (the one legality)."""
    legal = validate(ctx.board, order, ctx.position, ctx.phase, infer_single_coast=ctx.infer)
    return [legal] if isinstance(legal, Void) else []


_Note = tuple[str, tuple[str, ...]]
_Built = tuple[Order, list[Void], list[_Note]]


class _Error(NamedTuple):
    code: str
    details: tuple[str, ...]


class _Reading(NamedTuple):
    order: Order | None
    problems: tuple[Void, ...]
    notes: tuple[_Note, ...]
    error: tuple[str, tuple[str, ...]] | None = None  # a syntax error (no order)

    @property
    def level(self) -> int:
        if self.order is None:
            return 9
        level = 0
        for p in self.problems:  # a loop, not max(generator): cheaper on a few problems
            level = max(level, p.level)
        return level


_SYNTAX = frozenset(("unknown_word", "unknown_province", "incomplete", "extra_text", "no_supporter", "no_convoyer"))


def _judge(ctx: _Context, number: int, d: _Draft, text: str, first: bool) -> LineReport:
    if d.error is not None and d.error[0] in _SYNTAX:
        return _syntax_report(ctx, number, text, d)
    readings = _readings(ctx, d)
    if len(readings) == 1:  # nothing to choose between (names with one province each)
        return _judge_tail(ctx, number, d, text, readings[0])
    best = _choose(ctx, number, text, d, readings)
    if isinstance(best, LineReport):
        return best
    return _judge_tail(ctx, number, d, text, best)


def _choose(ctx: _Context, number: int, text: str, d: _Draft, readings: list[_Reading]) -> _Reading | LineReport:
    """The reading the board settles on, or a report that it cannot choose."""
    valid = [r for r in readings if r.order is not None and r.level == 0]
    # a name with two readings: a move over land settles it, a convoy does not
    # ("A Rom - Gal" is not a convoy to Galles, it is Galizia misjudged)
    direct = [r for r in valid if not any(code == "needs_convoy" for code, _ in r.notes)]
    if direct:
        valid = direct
    elif valid and len(valid) < len(readings):
        valid = valid + [r for r in readings if r not in valid and r.order is not None and r.level <= ILLEGAL]
    distinct: list[_Reading] = []
    for r in valid:
        if all(r.order != x.order for x in distinct):
            distinct.append(r)
    if len(distinct) > 1:
        return _ambiguous(ctx, number, text, d, distinct)
    if distinct:
        return distinct[0]
    return min(readings, key=lambda r: r.level)  # stable: usual reading first


def _judge_tail(ctx: _Context, number: int, d: _Draft, text: str, best: _Reading) -> LineReport:
    if best.error is not None:
        return _report(ctx, number, text, VOID, None, best.error[0], best.error[1], _suggest_error(ctx, d, best))
    order = best.order
    assert order is not None
    if d.error is not None and d.error[0] == "missing_dash":
        return _report(ctx, number, text, VOID, order, "missing_dash", _missing_dash_words(ctx, d), format_order(order, ENGLISH))
    unclear = isinstance(order, Support) and order.destination is None and d.tmove is None and ctx.strict
    if unclear and not any(p.level > ILLEGAL for p in best.problems):
        return _unclear_support(ctx, number, text, order)  # type: ignore[arg-type]
    if best.problems:
        p = max(best.problems, key=lambda p: p.level)
        return _report(ctx, number, text, VOID, order, p.reason, p.detail, _suggest_problem(ctx, order, p))
    notes = best.notes
    if d.trailing:
        words = [t.text for t in d.trailing if t.type in (UNK, VERB)]
        if words:
            notes = notes + (("trailing", (" ".join(words),)),)
    return LineReport(number, text, OK, order, notes[0][0] if notes else "accepted", tuple(notes), None)


def _readings(ctx: _Context, d: _Draft) -> list[_Reading]:
    slots: list[Token] = []
    pick: dict[int, str] = {}
    for t in (d.loc, d.tloc, d.dest, *d.hops):
        if t is not None:
            slots.append(t)
            if len(t.codes) == 1:
                pick[id(t)] = t.codes[0]
    if len(pick) == len(slots):  # the usual case: every name has one province, one reading
        return [_reading(ctx, d, pick)]
    choices = list(itertools.islice(itertools.product(*(t.codes for t in slots)), 32))
    out = []
    for choice in choices or [()]:
        pick = {id(t): c for t, c in zip(slots, choice)}
        out.append(_reading(ctx, d, pick))
    return out


def _reading(ctx: _Context, d: _Draft, pick: dict[int, str]) -> _Reading:
    board, pos = ctx.board, ctx.position
    power = ctx.power or d.power or ctx.header_power
    notes: list[tuple[str, tuple[str, ...]]] = []
    for t in (d.loc, d.tloc, d.dest, *d.hops):
        if t is not None and t.guessed:
            notes.append(("spelled", (t.text, pick[id(t)])))
    if d.verb == WAIVE:
        order: Order = Waive(power or "")
        return _Reading(order, tuple(_check(ctx, order)), tuple(notes))
    assert d.loc is not None
    here = pick[id(d.loc)]
    verb = d.verb
    if verb is None:
        if ctx.mode in (BUILD, DISBAND):
            verb = ctx.mode
        elif ctx.phase == ADJUSTMENT:
            if pos is None:
                return _Reading(None, (), (), ("build_or_disband", ()))
            verb = DISBAND if pos.unit_in(here) is not None else BUILD
        else:
            return _Reading(None, (), (), ("no_order", (here,)))
    if verb == MOVE and (ctx.phase == RETREAT_PHASE or (ctx.phase is None and ctx.mode == RETREAT)):
        verb = RETREAT
    unit = None
    if pos is not None and verb != BUILD:
        if ctx.phase == RETREAT_PHASE:
            dl = pos.dislodged_in(here)
            unit = dl.unit if dl else None
        else:
            unit = pos.unit_in(here)
    if power is None and unit is not None:
        power = unit.power
    problems: list[Void] = []
    if ctx.power and d.power and d.power != ctx.power:
        problems.append(Void("other_power", (d.power, ctx.power), NO_UNIT))
    kinds: list[str | None]
    if d.kind:
        kinds = [d.kind]
    elif unit is not None:
        kinds = [unit.kind]
    else:
        kinds = [k for k in (ARMY, FLEET) if _stands(board, k, here)] or [None]
    tkinds: list[str | None] = [None]
    if verb in (SUPPORT, CONVOY) and d.tloc is not None:
        other = pos.unit_in(pick[id(d.tloc)]) if pos is not None else None
        if d.tkind:
            tkinds = [d.tkind]
        elif verb == CONVOY:
            tkinds = [ARMY]
        elif other is not None:
            tkinds = [other.kind]
        else:
            tkinds = [k for k in (ARMY, FLEET) if _stands(board, k, pick[id(d.tloc)])] or [None]
    if len(kinds) == 1 and len(tkinds) == 1:  # the usual case: one unit type each
        built = _build(ctx, d, pick, verb, power or "", kinds[0], tkinds[0], unit)
        if isinstance(built, _Error):
            return _Reading(None, (), (), (built.code, built.details))
        order, extra, more = built
        return _Reading(order, tuple(problems + extra + _check(ctx, order)), tuple(notes + more))
    tried: list[_Built] = []
    for kind, tkind in itertools.product(kinds, tkinds):
        built = _build(ctx, d, pick, verb, power or "", kind, tkind, unit)
        if isinstance(built, _Error):
            return _Reading(None, (), (), (built.code, built.details))
        order, extra, more_notes = built
        probs = extra + _check(ctx, order)
        tried.append((order, probs, more_notes))
    good = [t for t in tried if not t[1]]
    if len(good) == 1 or (good and len(tried) == 1):
        order, probs, more = good[0]
    elif len(good) > 1:
        # both unit types would do: keep what was written (or nothing)
        order, probs, more = _unkinded(ctx, d, pick, verb, power or "", unit, good)
    else:
        order, probs, more = tried[0]
        if len(tried) > 1:
            order, probs, more = _unkinded(ctx, d, pick, verb, power or "", unit, tried)
    return _Reading(order, tuple(problems + probs), tuple(notes + more))


def _unkinded(
    ctx: _Context, d: _Draft, pick: dict[int, str], verb: str, power: str, unit: Unit | None,
    options: list[_Built],
) -> _Built:
    """Among several unit-type readings, the one leaving unsaid what the player left unsaid."""
    kinds = {o[0].kind for o in options if not isinstance(o[0], Waive)}
    tkinds = {getattr(o[0], "supported_kind", None) for o in options}
    kind = kinds.pop() if len(kinds) == 1 else d.kind
    tkind = tkinds.pop() if len(tkinds) == 1 else d.tkind
    built = _build(ctx, d, pick, verb, power, kind, tkind, unit)
    if isinstance(built, _Error):
        return options[0]
    order, extra, notes = built
    return order, extra + _check(ctx, order), notes


def _stands(board: Board, kind: str, code: str) -> bool:
    prov = board.provinces.get(code)
    if prov is None:
        return False
    return any(board.unit_can_stand(kind, loc) for loc in prov.locations)


def _location(ctx: _Context, tok: Token, code: str, kind: str | None) -> tuple[str, list[Void], list[tuple[str, tuple[str, ...]]]]:
    """A written province (+ coast) as a location: coasts only for fleets on split provinces."""
    prov = ctx.board.provinces[code]
    if tok.coast is None or not prov.coasts:
        return code, [], []
    if kind == ARMY:
        return code, [], [("army_coast", ())]
    loc = f"{code}/{tok.coast}"
    if loc not in prov.coasts:
        return code, [Void("no_coast", (code, tok.coast_text or tok.coast))], []
    return loc, [], []


def _build(
    ctx: _Context, d: _Draft, pick: dict[int, str], verb: str, power: str, kind: str | None,
    tkind: str | None, unit: Unit | None,
) -> _Built | _Error:
    board, pos = ctx.board, ctx.position
    assert d.loc is not None
    here = pick[id(d.loc)]
    # no coast written: the province itself (what _location says, without the call)
    loc, probs, notes = (here, [], []) if d.loc.coast is None else _location(ctx, d.loc, here, kind)
    if unit is not None and (kind is None or kind == unit.kind):
        loc = unit.location
    if verb == HOLD:
        return Hold(power, kind, loc), probs, notes
    if verb == DISBAND:
        return Disband(power, kind, loc), probs, notes
    if verb == BUILD:
        return Build(power, kind, loc), probs, notes
    if verb in (MOVE, RETREAT):
        if d.dest is None:
            return _Error("incomplete", ("destination",))
        dest, p2, n2 = _destination_location(ctx, d.dest, pick[id(d.dest)], kind, loc, verb)
        probs, notes = probs + p2, notes + n2
        if verb == RETREAT:
            return Retreat(power, kind, loc, dest), probs, notes
        via = d.via
        for h in d.hops:
            if not board.provinces[pick[id(h)]].is_sea:
                probs.append(Void("convoy_not_sea", (pick[id(h)],)))
        if kind == ARMY and not via:
            there = province_of(dest)
            if not board.can_move(ARMY, here, there) and board.convoy_route(here, there):
                notes.append(("needs_convoy", (here, there)))
        return Move(power, kind, loc, dest, via), probs, notes
    # support or convoy
    assert d.tloc is not None
    there = pick[id(d.tloc)]
    other = pos.unit_in(there) if pos is not None else None
    tloc, p2, n2 = _location(ctx, d.tloc, there, tkind)
    if other is not None and (tkind is None or tkind == other.kind):
        tloc = other.location
    probs, notes = probs + p2, notes + n2
    target: str | None = None
    if d.dest is not None:
        target, p3, _ = _location(ctx, d.dest, pick[id(d.dest)], tkind)
        probs = probs + p3
    if verb == CONVOY:
        if tkind == FLEET:
            probs.append(Void("convoy_not_army"))
        if target is None:
            return _Error("incomplete", ("destination",))
        return Convoy(power, kind, loc, province_of(tloc), province_of(target)), probs, notes
    if d.tmove and target is None:
        return _Error("incomplete", ("destination",))
    return Support(power, kind, loc, tkind, tloc, target if d.tmove else None), probs, notes


def _destination_location(
    ctx: _Context, tok: Token, code: str, kind: str | None, origin: str, verb: str
) -> tuple[str, list[Void], list[_Note]]:
    board = ctx.board
    prov = board.provinces[code]
    if not prov.coasts:
        return code, [], []
    if kind == ARMY:
        return code, [], ([("army_coast", ())] if tok.coast else [])
    loc, probs, notes = _location(ctx, tok, code, kind)
    if loc != code or probs:
        return loc, probs, notes
    if kind is None:
        return code, [], []
    # a fleet to a split-coast province without a coast (R-ORD-5)
    if verb == RETREAT and ctx.position is not None:
        dl = ctx.position.dislodged_in(province_of(origin))
        reached = tuple(r for r in (dl.retreats if dl else ()) if province_of(r) == code)
    else:
        reached = board.fleet_coasts_reached(origin, code)
    if len(reached) == 1 and ctx.infer:
        return reached[0], [], [("coast_inferred", (reached[0],))]
    if not reached:
        return code, [], []  # the move is impossible anyway; check() says why
    return code, [Void("coast_needed", (code, ", ".join(reached)))], []


# -- reports --------------------------------------------------------------------


def _report(
    ctx: _Context, number: int, text: str, status: str, order: Order | None, code: str,
    details: Sequence[str], suggestion: str | None,
) -> LineReport:
    return LineReport(number, text, status, order, code, _note(code, *details), suggestion)


def _syntax_report(ctx: _Context, number: int, text: str, d: _Draft) -> LineReport:
    assert d.error is not None
    code, details = d.error
    suggestion = None
    if code in ("unknown_province", "unknown_word") and details:
        suggestion = _respell(ctx, text, details[0])
    if code in ("no_supporter", "no_convoyer"):
        # the question names what the line supports, as written: "APP A Gal in difesa"
        rest = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
        return LineReport(number, text, VOID, None, code, _note(code, rest), _only_giver(ctx, text))
    return _report(ctx, number, text, VOID, None, code, details, suggestion)


def _only_giver(ctx: _Context, text: str) -> str | None:
    """ "APP A Gal XXX" with the unit left out: the order, if one unit of the player's
    could give it (a suggestion only: the order stays void)."""
    pos, power = ctx.position, ctx.power or ctx.header_power
    if pos is None or power is None:
        return None
    found: list[Order] = []
    for unit in pos.units_of(power):
        written = f"{unit.kind} {unit.location} {text}"
        for draft in _drafts(_prepositions(lex(written, ctx.ix, lang=ctx.lang), _adjusting(ctx))):
            r = _judge(ctx, 0, draft, written, True)
            if r.status == OK and r.order is not None:
                found.append(r.order)
            break
    return format_order(found[0], ENGLISH) if len(found) == 1 else None


def _respell(ctx: _Context, text: str, word: str) -> str | None:
    """The order with the nearest province name in place of an unknown word."""
    near = ctx.ix.near(fold(word))
    for code in near:
        fixed = text.replace(word, code, 1)
        if fixed == text:
            continue
        sub = _Context(ctx.board, ctx.ix, ctx.power, ctx.position, ctx.phase, ctx.lang, ctx.strict, ctx.infer,
                       ctx.header_power, ctx.mode)
        for draft in _drafts(_prepositions(lex(fixed, ctx.ix, lang=ctx.lang), _adjusting(ctx))):
            if draft.error is None:
                r = _judge(sub, 0, draft, fixed, True)
                if r.order is not None and r.status == OK:
                    return format_order(r.order, ENGLISH)
    return None


def _reread(ctx: _Context, text: str) -> Order | None:
    """An order in canonical notation, as the parser reads it (for suggestions)."""
    sub = _Context(ctx.board, ctx.ix, None, None, None, ctx.lang, False, ctx.infer)
    for draft in _drafts(_prepositions(lex(text, ctx.ix, lang=ctx.lang), _adjusting(ctx))):
        r = _judge(sub, 0, draft, text, True)
        return r.order
    return None


def _suggest_error(ctx: _Context, d: _Draft, r: _Reading) -> str | None:
    if r.error and r.error[0] == "no_order" and d.loc is not None:
        kind = d.kind
        unit = ctx.position.unit_in(r.error[1][0]) if ctx.position is not None else None
        loc = unit.location if unit else r.error[1][0]
        return format_order(Hold(ctx.power or "", kind or (unit.kind if unit else None), loc), ENGLISH)
    return None


def _suggest_problem(ctx: _Context, order: Order, p: Void) -> str | None:
    if p.reason == "wrong_kind" and len(p.detail) == 2:
        where, kind = p.detail
        if not isinstance(order, Waive) and province_of(order.location) == where:
            return format_order(replace(order, kind=kind), ENGLISH)
        if isinstance(order, Support):
            return format_order(replace(order, supported_kind=kind), ENGLISH)
    if p.reason == "coast_needed" and isinstance(order, (Move, Retreat, Build)) and len(p.detail) == 2:
        first = p.detail[1].split(", ")[0]
        if isinstance(order, Build):
            return format_order(replace(order, location=first), ENGLISH)
        return format_order(replace(order, destination=first), ENGLISH)
    return None


def _missing_dash_words(ctx: _Context, d: _Draft) -> tuple[str, ...]:
    a = d.tloc if d.verb in (SUPPORT, CONVOY) else d.loc
    return (a.text if a else "", d.dest.text if d.dest else "")


def _unclear_support(ctx: _Context, number: int, text: str, order: Support) -> LineReport:
    hold = order  # as read: a support to hold (orders are frozen, no copy needed)
    it_hold = format_order(hold, notation_for(ctx.lang), ctx.board)
    tail = " XXX" if ctx.lang == "it" else " H"
    it_move = it_hold.removesuffix(tail) + " - ..."
    message = _note("support_unclear", order.supported_kind or "", order.supported, it_hold, it_move)
    suggestion = format_order(hold, ENGLISH)
    pos = ctx.position
    there = province_of(order.supported)
    if pos is not None and pos.unit_in(there) is None:
        # nobody stands there: the player meant a move into it; name the likeliest
        supporter = province_of(order.location)
        movers = [u for u in pos.units if u.province != supporter and ctx.board.reaches(u.kind, u.location, there)]
        movers.sort(key=lambda u: (u.power != order.power, u.location))
        if movers:
            u = movers[0]
            suggestion = format_order(replace(order, supported_kind=u.kind, supported=u.location, destination=there), ENGLISH)
    return LineReport(number, text, VOID, None, "support_unclear", message, suggestion)


def _ambiguous(ctx: _Context, number: int, text: str, d: _Draft, options: list[_Reading]) -> LineReport:
    word, codes = "", []
    for t in (d.loc, d.tloc, d.dest, *d.hops):
        if t is not None and len(t.codes) > 1:
            word = t.text
            codes = list(t.codes)
            break
    while len(codes) < 2:
        codes.append("?")
    first = options[0].order
    assert first is not None
    message = _note("ambiguous", word, *codes)
    return LineReport(number, text, VOID, None, "ambiguous", message, format_order(first, ENGLISH))


def _one_per_unit(ctx: _Context, reports: list[LineReport]) -> list[LineReport]:
    """One order per unit (R-ORD-3): a later order replaces an earlier one; and a
    support to hold for a unit ordered here to move is void (R-ORD-4)."""
    # the accepted orders, each with its unit's key (power, province)
    accepted = [
        (i, r, r.order, (r.order.power, province_of(r.order.location)))
        for i, r in enumerate(reports)
        if r.status == OK and r.order is not None and not isinstance(r.order, Waive)
    ]
    last = {key: i for i, _, _, key in accepted}  # the later order wins
    moving: dict[str, int] = {}
    into: dict[str, Move] = {}  # the first move still standing into each province
    out = list(reports)
    for i, r, order, key in accepted:
        if last[key] != i:
            later = reports[last[key]].line
            msg = _note("superseded", str(later))
            out[i] = LineReport(r.line, r.text, VOID, order, "superseded", msg, r.suggestion)
        elif isinstance(order, Move):
            moving[key[1]] = i
            into.setdefault(province_of(order.destination), order)
    for i, r in enumerate(out):
        if r.code == "support_unclear" and r.suggestion:
            guess = _reread(ctx, r.suggestion)
            if isinstance(guess, Support):
                target = province_of(guess.destination or guess.supported)
                move = into.get(target)
                if move is not None and province_of(move.location) != province_of(guess.location):
                    better = replace(guess, supported_kind=move.kind, supported=move.location, destination=target)
                    r = out[i] = replace(r, suggestion=format_order(better, ENGLISH))
        if r.status == OK and isinstance(r.order, Support) and r.order.destination is None:
            sp = province_of(r.order.supported)
            if sp in moving:
                out[i] = replace(
                    r, status=VOID, code="support_hold_of_move",
                    notes=_note("support_hold_of_move", r.order.supported),
                    suggestion=None,
                )
    return out


def _within_allowance(ctx: _Context, reports: list[LineReport]) -> list[LineReport]:
    """No more builds (a waiver counts as one) or disbands than the winter allows
    (R-ADJU-1): the first ones in the mail count, as in adjudication; each order
    over the allowance is void and says so, so the confirmation shows it."""
    pos = ctx.position
    if pos is None or ctx.phase != ADJUSTMENT:
        return reports
    counts: dict[str, int] | None = None
    used: dict[tuple[str, bool], int] = {}
    out = reports
    for i, r in enumerate(reports):
        order = r.order
        if r.status != OK or order is None or not isinstance(order, (Build, Waive, Disband)) or not order.power:
            continue
        if counts is None:
            counts = adjustment_counts(ctx.board, pos)
        build = not isinstance(order, Disband)
        owed = counts.get(order.power, 0)
        allowed = max(owed, 0) if build else max(-owed, 0)
        key = (order.power, build)
        used[key] = used.get(key, 0) + 1
        if used[key] <= allowed:
            continue
        details: tuple[str, ...]
        if allowed == 0:
            code, details = ("no_builds", (order.power,)) if build else ("no_disbands", (order.power,))
        else:
            code = "too_many_builds" if build else "too_many_disbands"
            details = (order.power, str(allowed))  # the words count the units (words/lines.py)
        if out is reports:
            out = list(reports)
        out[i] = replace(r, status=VOID, code=code, notes=_note(code, *details), suggestion=None)
    return out
