"""One order's words to a draft: unit, verb, the other unit, destination, convoy path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..order_words import (
    BUILD,
    CONVOY,
    DISBAND,
    HOLD,
    KIND,
    LOC,
    MOVE,
    POWER,
    RETREAT,
    SUPPORT,
    UNK,
    VERB,
    VIA,
    VIA_WORDS,
    WAIVE,
    Token,
)
from .words import Words


@dataclass(slots=True)
class Draft:
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


def drafts_of(tokens: list[Token]) -> list[Draft]:
    plain = _plain_draft(tokens)
    if plain is not None:
        return [plain]
    w = Words(tokens)
    out: list[Draft] = []
    while w.peek() is not None:
        start = w.i
        out.append(_draft(w))
        if w.i == start:
            w.i += 1
    return out


def _plain_draft(tokens: list[Token]) -> Draft | None:
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
            return Draft(kind=kind, loc=loc, verb=HOLD)
        return None
    if verb == MOVE:
        if rest == 3 and tokens[i + 2].type == LOC:
            return Draft(kind=kind, loc=loc, verb=MOVE, dest=tokens[i + 2])
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
        return Draft(kind=kind, loc=loc, verb=SUPPORT, tkind=tkind, tloc=tokens[j], tmove=True, dest=tail[1])
    if _all_holds(tail):
        return Draft(kind=kind, loc=loc, verb=SUPPORT, tkind=tkind, tloc=tokens[j], tmove=False)
    return None


def _all_holds(tokens: list[Token]) -> bool:
    for t in tokens:  # a loop, not all(): cheaper on a few tokens (Python 3.11)
        if t.type != VERB or t.value != HOLD:
            return False
    return True


def _draft(w: Words) -> Draft:
    d = Draft()
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


def _kind_said_after(w: Words, d: Draft) -> None:
    """ "(costruisco a) Brest una flotta": the unit type after the province, naming none."""
    t = w.peek()
    if d.kind is None and t is not None and t.type == KIND:
        nxt = w.after()
        if nxt is None or nxt.type not in (LOC, KIND):
            d.kind = w.take().value


def _unit(w: Words, d: Draft) -> None:
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


def _destination(w: Words, d: Draft) -> None:
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


def _hops_and_via(w: Words, d: Draft) -> None:
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


def _other_unit(w: Words, d: Draft) -> None:
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


def _finish(w: Words, d: Draft) -> Draft:
    start = w.i
    while w.peek() is not None and not w.starts_order():
        d.trailing.append(w.take())
    if d.error is None and any(t.type in (LOC, KIND, VERB, POWER) for t in d.trailing):
        if start in w.comment and not any(t.type in (LOC, KIND, POWER) for t in d.trailing):
            return d  # "A Liv - Mos è stallo": a remark on the order, not more of it
        d.error = ("extra_text", (" ".join(t.text for t in d.trailing),))
    return d
