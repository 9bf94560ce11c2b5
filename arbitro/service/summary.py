"""RIEPILOGO / SUMMARY (issue 16): the game so far, read from the stored phases — who
plays what (never who, in a game al buio, until it ends), centres at the end of each year
as a table and a chart, eliminations, ONP and lateness."""

from __future__ import annotations

from datetime import datetime

from ..diplomacy.position import Phase
from ..render.chart import centre_chart_png
from ..store import Attachment, GameStatus, PhaseStatus, UnitOfWork
from ..store.codec import position_of
from ..words import say
from .answers import Answer, send_answer
from .common import Services, phase_words, pname
from ..diplomacy.victory import centre_counts


def summary(svc: Services, uow: UnitOfWork, game_id: str, to: str, lang: str, now: datetime,
            mail_id: int | None) -> Answer:
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if ctx is None or game is None:
        return Answer.refused("not_started")
    board = ctx.board
    done = [p for p in uow.phases.history(game_id) if p.status is PhaseStatus.PROCESSED]
    current = uow.phases.current(game_id)
    powers = uow.powers.all(game_id)
    holders = uow.assignments.current(game_id)
    hidden = ctx.config.press == "al_buio" and game.status is not GameStatus.FINISHED

    # Centres at the end of each year: the position after the year's last processed phase.
    by_year: dict[int, dict[str, int]] = {}
    for row in done:
        if row.position_after is not None:
            year = Phase.parse(row.code).year
            by_year[year] = centre_counts(position_of(board, row.position_after).centres)
    years = sorted(by_year)
    names = {p: str(pname(ctx, p, lang)) for p in board.powers}
    width = max(len(n) for n in names.values()) + 2

    lines = [say(lang, "summary.game", name=game.name, status=say(lang, f"status.game.{game.status.value}"),
                 phase=phase_words(current.code if current else None, lang))]
    lines += ["", say(lang, "summary.powers")]
    for power in sorted(board.powers, key=lambda p: names[p]):
        standing = powers.get(power)
        state = say(lang, f"status.power.{standing.status.value}") if standing is not None else "-"
        holder = holders.get(power)
        who = say(lang, "summary.hidden") if hidden else (
            (holder.name or say(lang, "summary.unnamed")) if holder is not None else say(lang, "summary.vacant"))
        lines.append(f"  {names[power]:<{width}}{who} ({state})")
    if years:
        lines += ["", say(lang, "summary.centres")]
        lines.append(" " * (width + 2) + "".join(f"{y:>6}" for y in years))
        for power in sorted(board.powers, key=lambda p: (-by_year[years[-1]].get(p, 0), names[p])):
            lines.append(f"  {names[power]:<{width}}" + "".join(f"{by_year[y].get(power, 0):>6}" for y in years))
    out, onp, late = [], [], []
    for row in done:
        results = row.results or {}
        for power in results.get("eliminated") or ():
            out.append(f"  {names.get(power, power)}: {phase_words(row.code, lang)}")
        for power, why in sorted((results.get("nmr") or {}).items()):
            onp.append(f"  {names.get(power, power)}: {phase_words(row.code, lang)} "
                       f"({say(lang, f'summary.onp.{why}')})")
        for power, days in sorted((results.get("lateness") or {}).items()):
            if days:
                late.append(f"  {names.get(power, power)}: {phase_words(row.code, lang)}, "
                            f"{say(lang, 'summary.late_days', used=days)}")
    for title, rows in (("summary.eliminated", out), ("summary.onp", onp), ("summary.lateness", late)):
        lines += ["", say(lang, title)]
        lines += rows or [f"  {say(lang, 'summary.none')}"]
    attachments: tuple[Attachment, ...] = ()
    if years:
        counts = {p: [by_year[y].get(p, 0) for y in years] for p in board.powers}
        png = centre_chart_png(board, years, counts, names)
        attachments = (Attachment(f"{game_id}-centres.png", "image/png", png),)
    key = f"mail:{mail_id}:summary" if mail_id is not None else f"summary:{game_id}:{to}:{now.isoformat()}"
    send_answer(svc, uow, key, to, lang, game_id, say(lang, "summary.heading", name=game.name),
                "\n".join(lines), now, attachments)
    return Answer(True, note="summary")
