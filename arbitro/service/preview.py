"""ANTEPRIMA / PREVIEW (issue 17, GM only): the pending phase adjudicated with the orders
on file and the referee's defaults as they would apply now (ONP, ballots, civil
disorder: ``process.phase_inputs``), with the map and the powers not ready. Nothing is
processed or stored but the reply in the outbox."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ..diplomacy.phases import play
from ..reports import PhaseReport
from ..store import GameStatus, UnitOfWork
from ..words import say
from .common import Services, deadline_words, game_words, phase_words, pname
from .gm import GmError
from .process import phase_inputs
from .readiness import not_ready
from .trial import map_attachment, results_body


def preview(svc: Services, uow: UnitOfWork, game_id: str, to: str, lang: str, now: datetime,
            mail_id: int | None = None) -> str:
    """Queue the preview for ``to`` (the GM) in ``lang``; raises GmError when there is no
    phase to preview. Returns a note for the log."""
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if ctx is None or game is None:
        raise GmError("gm.no_game", game=game_id)
    phase = uow.phases.current(game_id)
    if game.status not in (GameStatus.ACTIVE, GameStatus.PAUSED) or phase is None:
        raise GmError("gm.no_phase")
    inputs = phase_inputs(ctx, uow, game, phase)
    position = ctx.position(phase)
    outcome = play(ctx.board, position, inputs.orders, ctx.rules, inputs.nmr, inputs.ballots)
    report = PhaseReport(position.phase, position, outcome, inputs.nmr)
    waiting = not_ready(ctx, uow, game_id, phase)
    context: dict[str, Any] = {
        **game_words(ctx, game, lang),
        "phase_name": phase_words(phase.code, lang),
        "deadline": deadline_words(ctx, phase.deadline, lang),
        "not_ready": [pname(ctx, p, lang) for p in waiting],
        "results_body": results_body(svc, ctx, game, phase, report, lang, {"name": "GM", "address": to},
                                     None),
    }
    where = f"mail{mail_id}" if mail_id is not None else now.isoformat()
    svc.mailer.send(uow, f"preview:{game_id}:{where}:{to}", to=[to], template="preview", lang=lang,
                    context=context, now=now, game_id=game_id,
                    attachments=map_attachment(svc, ctx, game, phase, report, say(lang, "file.preview"), lang))
    return f"preview {phase.code}: {len(waiting)} not ready"
