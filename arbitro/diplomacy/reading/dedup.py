"""The mail as a whole: one order per unit (R-ORD-3, R-ORD-4) and no more builds or
disbands than the winter allows (R-ADJU-1).
"""

from __future__ import annotations

from dataclasses import replace

from ..board import province_of
from ..orders import ENGLISH, UNITLESS, Build, Disband, Move, Support, Waive, format_order
from ..phases import adjustment_counts
from ..position import ADJUSTMENT
from .feedback import reread
from .reports import OK, VOID, Context, LineReport, note


def one_per_unit(ctx: Context, reports: list[LineReport]) -> list[LineReport]:
    """One order per unit (R-ORD-3): a later order replaces an earlier one; and a
    support to hold for a unit ordered here to move is void (R-ORD-4)."""
    # the accepted orders, each with its unit's key (power, province)
    accepted = [
        (i, r, r.order, (r.order.power, province_of(r.order.location)))
        for i, r in enumerate(reports)
        if r.status is OK and r.order is not None and not isinstance(r.order, UNITLESS)
    ]
    last = {key: i for i, _, _, key in accepted}  # the later order wins
    moving: dict[str, int] = {}
    into: dict[str, Move] = {}  # the first move still standing into each province
    out = list(reports)
    for i, r, order, key in accepted:
        if last[key] != i:
            later = reports[last[key]].line
            msg = note("superseded", str(later))
            out[i] = LineReport(r.line, r.text, VOID, order, "superseded", msg, r.suggestion)
        elif isinstance(order, Move):
            moving[key[1]] = i
            into.setdefault(province_of(order.destination), order)
    for i, r in enumerate(out):
        if r.code == "support_unclear" and r.suggestion:
            guess = reread(ctx, r.suggestion)
            if isinstance(guess, Support):
                target = province_of(guess.destination or guess.supported)
                move = into.get(target)
                if move is not None and province_of(move.location) != province_of(guess.location):
                    better = replace(guess, supported_kind=move.kind, supported=move.location, destination=target)
                    r = out[i] = replace(r, suggestion=format_order(better, ENGLISH))
        if r.status is OK and isinstance(r.order, Support) and r.order.destination is None:
            sp = province_of(r.order.supported)
            if sp in moving:
                out[i] = replace(
                    r, status=VOID, code="support_hold_of_move",
                    notes=note("support_hold_of_move", r.order.supported),
                    suggestion=None,
                )
    return out


def within_allowance(ctx: Context, reports: list[LineReport]) -> list[LineReport]:
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
        if r.status is not OK or order is None or not isinstance(order, (Build, Waive, Disband)) or not order.power:
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
        out[i] = replace(r, status=VOID, code=code, notes=note(code, *details), suggestion=None)
    return out
