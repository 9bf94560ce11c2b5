"""ANTEPRIMA / PREVIEW (issue 17, GM only): the pending phase adjudicated with the orders
on file and the referee's defaults as they would apply now (ONP, ballots, civil
disorder: ``process.phase_inputs``), with the map and the powers not ready. Nothing is
processed or stored but the reply in the outbox."""

from __future__ import annotations

from typing import Any

from ..diplomacy.phases import play
from ..reports import PhaseReport
from ..store import GameStatus
from .access import Caller
from ..words import say
from .process import phase_inputs
from .reply import Reply, refused
from .table import Table
from .trial import map_attachment, results_body


def preview(table: Table, caller: Caller, mail_id: int | None = None) -> Reply:
    """Queue the preview for the GM (``caller``) in their language."""
    if not table.exists:
        return refused("gm.no_game", game=table.game_id)
    phase = table.phase
    if table.game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED) or phase is None:
        return refused("gm.no_phase")
    lang, to = caller.lang, caller.address
    inputs = phase_inputs(table)
    position = table.position
    outcome = play(table.board, position, inputs.orders, table.rules, inputs.nmr, inputs.ballots)
    report = PhaseReport(position.phase, position, outcome, inputs.nmr)
    waiting = sorted(table.kind.owing(table))
    context: dict[str, Any] = {
        **table.words(lang),
        "phase_name": table.phase_name(phase.code, lang),
        "deadline": table.when(phase.deadline, lang),
        "not_ready": [table.power_name(p, lang) for p in waiting],
        "results_body": results_body(table, phase, report, lang, {"name": "GM", "address": to},
                                     None),
    }
    where = f"mail{mail_id}" if mail_id is not None else table.now.isoformat()
    key = f"preview:{table.game_id}:{where}:{to}"
    table.send(key, [to], "preview", lang, context,
               map_attachment(table, phase, report, say(lang, "file.preview"), lang))
    return Reply(True, note=f"preview {phase.code}: {len(waiting)} not ready", mailed=key,
                 phase=phase.code)
