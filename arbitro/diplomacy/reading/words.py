"""The words of one order, fillers dropped, and the small word "a" read as what it is.
"""

from __future__ import annotations

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
    VERB,
    VIA,
    WAIVE,
    Token,
)
from ...spelling.folding import fold
from ..position import ADJUSTMENT
from .reports import Context


class Words:
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


def is_adjusting(ctx: Context) -> bool:
    return ctx.phase == ADJUSTMENT or ctx.mode in (BUILD, DISBAND)


def read_prepositions(tokens: list[Token], adjusting: bool) -> list[Token]:
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


_INTO = frozenset("in nel nella nello al alla allo ad a в во на".split())


_IS = frozenset(("e", "is"))  # "è" folded


# "Армия Лондона десантируется флотом Северного моря в Голландию" (seed 004): the army's
# move by sea, naming the fleets that carry it.
_LANDING = frozenset(("десантируется", "десантироваться", "высаживается"))


def read_landing(tokens: list[Token]) -> list[Token]:
    """A landing read as a move by convoy through the fleets it names: "A Lon - Nth - Hol"
    (the fleets' provinces are the route); without a fleet named, a move by convoy."""
    for i, t in enumerate(tokens):
        if t.type == VERB and t.value == MOVE and not t.text.isascii() and fold(t.text) in _LANDING:
            break
    else:
        return tokens
    out = tokens[: i + 1]
    places = 0
    for tok in tokens[i + 1 :]:
        if tok.type == KIND or tok.type == FILL:
            continue  # "флотом", "в", "и": the fleets' provinces and the goal are what count
        if tok.type == LOC:
            if places:
                out.append(Token(VERB, MOVE, "-"))
            places += 1
        out.append(tok)
    if places == 1:
        out.append(Token(VERB, VIA, "через"))
    return out
