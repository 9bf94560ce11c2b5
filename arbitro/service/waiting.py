"""ATTENDI / WAIT and NON ATTENDERE / NOWAIT (issue 16): a player asks that the current
phase not be processed before its deadline, even when every order is in (njudge's
``SET WAIT``). The request lasts for the current phase only: njudge clears it each turn,
and a wait forgotten for the rest of the game would hold every phase to its deadline."""

from __future__ import annotations

from datetime import datetime

from ..store import PlayerStatus, UnitOfWork
from .common import Services, deadline_words, game_words, key, phase_words, pname
from .refusals import refusal_text
from .submit import order_refusal, readiness_words
from .values import OK, REFUSED, WaitReply


def set_wait(
    svc: Services, uow: UnitOfWork, game_id: str, address: str, wait: bool, now: datetime,
    mail_id: int | None = None,
) -> WaitReply:
    """Record (``wait``) or withdraw the player's request to wait for the deadline, and
    mail them what changed and what happens next."""
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    if ctx is None or game is None:
        return WaitReply(REFUSED, "unknown_game", refusal_text("unknown_game", "it"), wait, False)
    game = uow.games.lock(game_id)
    player = uow.players.by_address(game_id, address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        lang = ctx.config.language
        return WaitReply(REFUSED, "not_player", refusal_text("not_player", lang, game=game_id),
                         wait, False)
    lang = player.language
    power = uow.assignments.power_of(player)
    phase = uow.phases.current(game_id)
    refusal = order_refusal(uow, game, power, phase)
    if refusal is not None:
        return WaitReply(REFUSED, refusal, refusal_text(refusal, lang, game=game_id), wait, False)
    assert phase is not None and power is not None
    changed = uow.phases.set_waiting(phase, power, wait)
    uow.audit.record("wait" if wait else "nowait", actor=f"player:{player.address}", now=now,
                     game_id=game_id, details={"phase": phase.code, "power": power, "changed": changed})
    ready, _step = readiness_words(uow, ctx, phase, power, lang)
    what = "wait" if wait else "nowait"
    k = key(uow, game_id, what, phase.seq, f"mail{mail_id}" if mail_id is not None else now.isoformat(),
            player.address)
    svc.mailer.to_player(uow, k, player, "wait", {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "phase_name": phase_words(phase.code, lang),
        "deadline": deadline_words(ctx, phase.deadline, lang),
        "waiting": wait,
        "changed": changed,
        "readiness": ready,
    }, now)
    return WaitReply(OK, None, "", wait, changed)
