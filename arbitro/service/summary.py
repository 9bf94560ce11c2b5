"""RIEPILOGO / SUMMARY (issue 16): the game so far, read from the stored phases — who
plays what (never who, in a game al buio, until it ends), centres at the end of each year
as a table and a chart, eliminations, ONP and lateness."""

from __future__ import annotations

from ..diplomacy.position import Phase
from ..diplomacy.victory import centre_counts
from ..render.chart import centre_chart_png
from ..store import Attachment, GameStatus, PhaseStatus
from ..store.codec import position_of
from ..words import say
from .access import Caller
from .answers import send_answer
from .reply import Reply, refused
from .table import Table


def summary(table: Table, caller: Caller, mail_id: int | None) -> Reply:
    if not table.exists:
        return refused("not_started")
    game_id, to, lang = table.game_id, caller.address, caller.lang
    game, board = table.game, table.board
    done = [p for p in table.history() if p.status is PhaseStatus.PROCESSED]
    current = table.phase
    powers = table.powers
    holders = table.holders
    hidden = table.config.press == "al_buio" and game.status is not GameStatus.FINISHED

    # Centres at the end of each year: the position after the year's last processed phase.
    by_year: dict[int, dict[str, int]] = {}
    for row in done:
        if row.position_after is not None:
            year = Phase.parse(row.code).year
            by_year[year] = centre_counts(position_of(board, row.position_after).centres)
    years = sorted(by_year)
    names = {p: str(table.power_name(p, lang)) for p in board.powers}
    width = max(len(n) for n in names.values()) + 2

    lines = [say(lang, "summary.game", name=game.name, status=say(lang, f"status.game.{game.status.value}"),
                 phase=table.phase_name(current.code if current else None, lang))]
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
            out.append(f"  {names.get(power, power)}: {table.phase_name(row.code, lang)}")
        for power, why in sorted((results.get("nmr") or {}).items()):
            onp.append(f"  {names.get(power, power)}: {table.phase_name(row.code, lang)} "
                       f"({say(lang, f'summary.onp.{why}')})")
        for power, days in sorted((results.get("lateness") or {}).items()):
            if days:
                late.append(f"  {names.get(power, power)}: {table.phase_name(row.code, lang)}, "
                            f"{say(lang, 'summary.late_days', used=days)}")
    for title, rows in (("summary.eliminated", out), ("summary.onp", onp), ("summary.lateness", late)):
        lines += ["", say(lang, title)]
        lines += rows or [f"  {say(lang, title + '.none')}"]  # agrees with its section: "nessuna" eliminazione
    attachments: tuple[Attachment, ...] = ()
    if years:
        counts = {p: [by_year[y].get(p, 0) for y in years] for p in board.powers}
        png = centre_chart_png(board, years, counts, names)
        attachments = (Attachment(f"{game_id}-centres.png", "image/png", png),)
    key = f"mail:{mail_id}:summary" if mail_id is not None else \
        f"summary:{game_id}:{to}:{table.now.isoformat()}"
    send_answer(table.office, key, to, lang, game_id, say(lang, "summary.heading", name=game.name),
                "\n".join(lines), attachments)
    return Reply(True, note="summary")
