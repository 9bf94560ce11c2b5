"""MAPPA / MAP and STORIA / HISTORY (issue 16): the map of the current or a past phase,
and past phases' results exactly as they were mailed.

A past phase's map is drawn by the same hook as its results mail (``Services.render_map``)
from the same outcome, read back from the phase's stored columns. A past phase's results
are not written again: the mail sent at the time is read from the outbox, so a later
change of wording or template never changes history.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.phase_words import PhaseRef, read_phase, split_range
from ..diplomacy.position import Phase
from ..render.kinds import MapKind
from ..store import Attachment, PhaseStatus
from ..store.codec import played_of, position_of
from ..store.models import OutboxMessage
from ..store.models import Phase as PhaseRow
from ..words import say
from .access import Caller
from .answers import send_answer
from .reply import Reply, refused
from .table import Table

HISTORY_CAP = 16  # phases in one STORIA mail: a phone reads it; more are asked again


def _ref_name(table: Table, ref: PhaseRef, lang: str) -> str:
    first = ref.first()
    return table.phase_name(str(first), lang) if first is not None else str(ref.year)


def _phases(table: Table) -> list[PhaseRow]:
    return [p for p in table.history() if p.status is not PhaseStatus.ROLLED_BACK]


def _matching(rows: Sequence[PhaseRow], ref: PhaseRef) -> list[PhaseRow]:
    return [p for p in rows if ref.matches(Phase.parse(p.code))]


def phase_map(table: Table, caller: Caller, words: Sequence[str], mail_id: int | None) -> Reply:
    """The map of the phase ``words`` name (the current one when none), queued as a mail."""
    if not table.exists:
        return refused("not_started")
    game_id, to, lang = table.game_id, caller.address, caller.lang
    render_map = table.services.render_map
    if render_map is None:
        return refused("no_map", game=game_id)
    rows = _phases(table)
    if not rows:
        return refused("not_started")
    if words:
        ref = read_phase(list(words))
        if ref is None:
            return refused("bad_phase", detail=" ".join(words))
        found = _matching(rows, ref)
        if not found:
            return refused("no_such_phase", phase=_ref_name(table, ref, lang))
        # A season: its first phase; a whole year: where the year ended.
        row = found[0] if ref.season is not None else found[-1]
    else:
        row = rows[-1]
    if row.status is PhaseStatus.PROCESSED and row.results is not None and row.position_after is not None:
        before = position_of(table.board, row.position_before)
        outcome = played_of(table.board, before, row.results, row.position_after).outcome
        heading = say(lang, "map.heading.results", phase=table.phase_name(row.code, lang))
        kind = MapKind.PAST
    else:
        # The phase being played: the board as it stands, no orders drawn.
        before = table.position_of(row)
        outcome = PhaseOutcome((), before)
        heading = say(lang, "map.heading.current", phase=table.phase_name(row.code, lang))
        kind = MapKind.NOW
    png = render_map(table.board, outcome, before, lang, table.map_options, kind)
    attachment = Attachment(f"{game_id}-{row.code}.png", "image/png", png)
    key = f"mail:{mail_id}:map" if mail_id is not None else \
        f"map:{game_id}:{row.code}:{to}:{table.now.isoformat()}"
    send_answer(table.office, key, to, lang, game_id, heading,
                say(lang, "map.body", phase=table.phase_name(row.code, lang)), (attachment,))
    return Reply(True, note=f"map {row.code}", phase=row.code)


def _mailed(table: Table, row: PhaseRow, to: str, lang: str) -> OutboxMessage | None:
    """The results mail of a phase as it was sent: to ``to`` if they got one, else one
    sent to a player reading the same language, else any player's. The last phase of a
    game won on the board was told in the end mail."""
    game_id = table.game_id
    for kind in ("results", "game_end"):
        prefix = f"{kind}:{game_id}:{row.seq}:"
        sent = [m for m in table.uow.outbox.with_prefix(game_id, prefix)
                if m.idempotency_key[len(prefix):].split(":")[0] != "gm"]  # not the GM copy
        if not sent:
            continue
        mine = [m for m in sent if to.lower() in m.recipients]
        if mine:
            return mine[-1]
        languages = {p.address: p.language for p in table.uow.players.list(game_id)}
        same = [m for m in sent if any(languages.get(r) == lang for r in m.recipients)]
        return (same or sent)[-1]
    return None


def history(table: Table, caller: Caller, words: Sequence[str], mail_id: int | None) -> Reply:
    """The results of the phases ``words`` name (the last one when none), as mailed."""
    if not table.exists:
        return refused("not_started")
    game_id, to, lang = table.game_id, caller.address, caller.lang
    done = [p for p in _phases(table) if p.status is PhaseStatus.PROCESSED]
    refs = split_range(list(words))
    if refs is None:
        return refused("bad_phase", detail=" ".join(words))
    if not done:
        return refused("no_results_yet", game=game_id)
    if not refs:
        chosen = done[-1:]
    else:
        first = _matching(done, refs[0])
        last = _matching(done, refs[-1])
        if not first:
            return refused("no_such_phase", phase=_ref_name(table, refs[0], lang))
        if not last:
            return refused("no_such_phase", phase=_ref_name(table, refs[-1], lang))
        start, end = done.index(first[0]), done.index(last[-1])
        if end < start:
            start, end = end, start
        chosen = done[start:end + 1]
    more = chosen[HISTORY_CAP:]
    chosen = chosen[:HISTORY_CAP]
    parts: list[str] = []
    for row in chosen:
        mail = _mailed(table, row, to, lang)
        rule = "=" * 60
        if mail is None:
            parts.append(f"{rule}\n{say(lang, 'history.not_kept', phase=table.phase_name(row.code, lang))}")
            continue
        parts.append(f"{rule}\n{say(lang, 'history.subject')}: {mail.subject}\n\n{mail.body.rstrip()}")
    if more:
        parts.append(say(lang, "history.more", phase=table.phase_name(more[0].code, lang),
                         command=f"{say(lang, 'command.history')} {more[0].code}"))
    span = table.phase_name(chosen[0].code, lang) if len(chosen) == 1 else \
        f"{table.phase_name(chosen[0].code, lang)} - {table.phase_name(chosen[-1].code, lang)}"
    key = f"mail:{mail_id}:history" if mail_id is not None else \
        f"history:{game_id}:{to}:{table.now.isoformat()}"
    send_answer(table.office, key, to, lang, game_id, say(lang, "history.heading", phase=span),
                "\n\n".join(parts))
    return Reply(True, note=f"history {len(chosen)} phase(s)")
