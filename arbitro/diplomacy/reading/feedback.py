"""A draft judged: the reading the board settles on, or the void line that says why, with
a "did you mean" in canonical notation.
"""

from __future__ import annotations

from dataclasses import replace

from ..board import province_of
from ..legality import ILLEGAL, Void
from ...spelling.folding import fold
from ..order_words import CONVOY, SUPPORT, UNK, VERB, lex
from ..orders import (
    ENGLISH,
    UNITLESS,
    Build,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    format_order,
    notation_for,
)
from .grammar import Draft, drafts_of
from .reports import OK, VOID, Context, LineReport, line_report, note
from .resolve import Reading, readings_of
from .words import is_adjusting, read_prepositions

_SYNTAX = frozenset(("unknown_word", "unknown_province", "incomplete", "extra_text", "no_supporter", "no_convoyer"))


def judge(ctx: Context, number: int, d: Draft, text: str, first: bool) -> LineReport:
    if d.error is not None and d.error[0] in _SYNTAX:
        return _syntax_report(ctx, number, text, d)
    readings = readings_of(ctx, d)
    if len(readings) == 1:  # nothing to choose between (names with one province each)
        return _judge_tail(ctx, number, d, text, readings[0])
    best = _choose(ctx, number, text, d, readings)
    if isinstance(best, LineReport):
        return best
    return _judge_tail(ctx, number, d, text, best)


def _choose(ctx: Context, number: int, text: str, d: Draft, readings: list[Reading]) -> Reading | LineReport:
    """The reading the board settles on, or a report that it cannot choose."""
    valid = [r for r in readings if r.order is not None and r.level == 0]
    # a name with two readings: a move over land settles it, a convoy does not
    # ("A Rom - Gal" is not a convoy to Galles, it is Galizia misjudged)
    direct = [r for r in valid if not any(code == "needs_convoy" for code, _ in r.notes)]
    if direct:
        valid = direct
    elif valid and len(valid) < len(readings):
        valid = valid + [r for r in readings if r not in valid and r.order is not None and r.level <= ILLEGAL]
    distinct: list[Reading] = []
    for r in valid:
        if all(r.order != x.order for x in distinct):
            distinct.append(r)
    if len(distinct) > 1:
        return _ambiguous(ctx, number, text, d, distinct)
    if distinct:
        return distinct[0]
    return min(readings, key=lambda r: r.level)  # stable: usual reading first


def _judge_tail(ctx: Context, number: int, d: Draft, text: str, best: Reading) -> LineReport:
    if best.error is not None:
        return line_report(ctx, number, text, VOID, None, best.error[0], best.error[1], _suggest_error(ctx, d, best))
    order = best.order
    assert order is not None
    if d.error is not None and d.error[0] == "missing_dash":
        return line_report(ctx, number, text, VOID, order, "missing_dash", _missing_dash_words(ctx, d), format_order(order, ENGLISH))
    unclear = isinstance(order, Support) and order.destination is None and d.tmove is None and ctx.strict
    if unclear and not any(p.level > ILLEGAL for p in best.problems):
        return _unclear_support(ctx, number, text, order)  # type: ignore[arg-type]
    if best.problems:
        p = max(best.problems, key=lambda p: p.level)
        return line_report(ctx, number, text, VOID, order, p.reason, p.detail, _suggest_problem(ctx, order, p))
    notes = best.notes
    if d.trailing:
        words = [t.text for t in d.trailing if t.type in (UNK, VERB)]
        if words:
            notes = notes + (("trailing", (" ".join(words),)),)
    return LineReport(number, text, OK, order, notes[0][0] if notes else "accepted", tuple(notes), None)


def _syntax_report(ctx: Context, number: int, text: str, d: Draft) -> LineReport:
    assert d.error is not None
    code, details = d.error
    suggestion = None
    if code in ("unknown_province", "unknown_word") and details:
        suggestion = _respell(ctx, text, details[0])
    if code in ("no_supporter", "no_convoyer"):
        # the question names what the line supports, as written: "APP A Gal in difesa"
        rest = text.split(None, 1)[1] if len(text.split(None, 1)) > 1 else ""
        return LineReport(number, text, VOID, None, code, note(code, rest), _only_giver(ctx, text))
    return line_report(ctx, number, text, VOID, None, code, details, suggestion)


def _only_giver(ctx: Context, text: str) -> str | None:
    """ "APP A Gal XXX" with the unit left out: the order, if one unit of the player's
    could give it (a suggestion only: the order stays void)."""
    pos, power = ctx.position, ctx.power or ctx.header_power
    if pos is None or power is None:
        return None
    found: list[Order] = []
    for unit in pos.units_of(power):
        written = f"{unit.kind} {unit.location} {text}"
        for draft in drafts_of(read_prepositions(lex(written, ctx.ix, lang=ctx.lang), is_adjusting(ctx))):
            r = judge(ctx, 0, draft, written, True)
            if r.status is OK and r.order is not None:
                found.append(r.order)
            break
    return format_order(found[0], ENGLISH) if len(found) == 1 else None


def _respell(ctx: Context, text: str, word: str) -> str | None:
    """The order with the nearest province name in place of an unknown word."""
    near = ctx.ix.near(fold(word))
    for code in near:
        fixed = text.replace(word, code, 1)
        if fixed == text:
            continue
        sub = Context(ctx.board, ctx.ix, ctx.power, ctx.position, ctx.phase, ctx.lang, ctx.strict, ctx.infer,
                       ctx.header_power, ctx.mode)
        for draft in drafts_of(read_prepositions(lex(fixed, ctx.ix, lang=ctx.lang), is_adjusting(ctx))):
            if draft.error is None:
                r = judge(sub, 0, draft, fixed, True)
                if r.order is not None and r.status is OK:
                    return format_order(r.order, ENGLISH)
    return None


def reread(ctx: Context, text: str) -> Order | None:
    """An order in canonical notation, as the parser reads it (for suggestions)."""
    sub = Context(ctx.board, ctx.ix, None, None, None, ctx.lang, False, ctx.infer)
    for draft in drafts_of(read_prepositions(lex(text, ctx.ix, lang=ctx.lang), is_adjusting(ctx))):
        r = judge(sub, 0, draft, text, True)
        return r.order
    return None


def _suggest_error(ctx: Context, d: Draft, r: Reading) -> str | None:
    if r.error and r.error[0] == "no_order" and d.loc is not None:
        kind = d.kind
        unit = ctx.position.unit_in(r.error[1][0]) if ctx.position is not None else None
        loc = unit.location if unit else r.error[1][0]
        return format_order(Hold(ctx.power or "", kind or (unit.kind if unit else None), loc), ENGLISH)
    return None


def _suggest_problem(ctx: Context, order: Order, p: Void) -> str | None:
    if p.reason == "wrong_kind" and len(p.detail) == 2:
        where, kind = p.detail
        if not isinstance(order, UNITLESS) and province_of(order.location) == where:
            return format_order(replace(order, kind=kind), ENGLISH)
        if isinstance(order, Support):
            return format_order(replace(order, supported_kind=kind), ENGLISH)
    if p.reason == "coast_needed" and isinstance(order, (Move, Retreat, Build)) and len(p.detail) == 2:
        first = p.detail[1].split(", ")[0]
        if isinstance(order, Build):
            return format_order(replace(order, location=first), ENGLISH)
        return format_order(replace(order, destination=first), ENGLISH)
    return None


def _missing_dash_words(ctx: Context, d: Draft) -> tuple[str, ...]:
    a = d.tloc if d.verb in (SUPPORT, CONVOY) else d.loc
    return (a.text if a else "", d.dest.text if d.dest else "")


def _unclear_support(ctx: Context, number: int, text: str, order: Support) -> LineReport:
    hold = order  # as read: a support to hold (orders are frozen, no copy needed)
    it_hold = format_order(hold, notation_for(ctx.lang), ctx.board)
    tail = {"it": " XXX", "ru": " стоит"}.get(ctx.lang, " H")  # the notation's hold word
    it_move = it_hold.removesuffix(tail) + " - ..."
    message = note("support_unclear", order.supported_kind or "", order.supported, it_hold, it_move)
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


def _ambiguous(ctx: Context, number: int, text: str, d: Draft, options: list[Reading]) -> LineReport:
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
    message = note("ambiguous", word, *codes)
    return LineReport(number, text, VOID, None, "ambiguous", message, format_order(first, ENGLISH))
