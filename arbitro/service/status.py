"""A player's own view of the game: orders on file, deadline, lateness used."""

from __future__ import annotations

from datetime import datetime

from ..reports import order_text
from ..store import GameStatus, PlayerStatus, UnitOfWork
from ..store.models import Phase
from .common import Services, deadline_ics, deadline_words, game_words, phase_words, pname
from .deadlines import DeadlineNote
from .state import GameCtx, stored_orders
from .values import OK, REFUSED, StatusReply


def _weapon(ctx: GameCtx, phase: Phase | None, power: str | None) -> str | None:
    if not ctx.rules.house.unique_weapon or phase is None or power is None:
        return None
    return "used" if power in ctx.position(phase).weapons_used else "available"


def status_reply(
    svc: Services, uow: UnitOfWork, game_id: str, address: str, now: datetime,
    mail_id: int | None = None,
) -> StatusReply:
    """The answer to STATO/STATUS; with ``mail_id`` it is also queued as a mail (once)."""
    ctx = svc.ctx(game_id)
    game = uow.games.get(game_id)
    player = uow.players.by_address(game_id, address) if game else None
    if ctx is None or game is None or player is None or player.status is not PlayerStatus.ACTIVE:
        reason = "unknown_game" if game is None or ctx is None else "not_player"
        return StatusReply(REFUSED, reason, game_id, None, None, None, None, (), 0, "it", "", "")
    lang = player.language
    power = uow.assignments.power_of(player)
    phase = uow.phases.current(game_id)
    on_file: tuple[str, ...] = ()
    if phase is not None and power is not None:
        sub = uow.orders.current(phase.id).get(power)
        if sub is not None:
            on_file = tuple(order_text(ctx.board, o, lang)
                            for o in stored_orders(ctx.board, power, sub.parsed))
    used = uow.phases.lateness_used(game_id).get(power or "", 0)
    power_status = uow.powers.get(game_id, power).status.value if power else None
    context = {
        **game_words(ctx, game, lang),
        "power_name": pname(ctx, power, lang),
        "game_status": game.status.value,
        "power_status": power_status,
        "phase_name": phase_words(phase.code if phase else None, lang),
        "deadline": deadline_words(ctx, phase.deadline if phase else None, lang, player),
        "on_file": on_file,
        "lateness_used": used,
        "lateness_bank": ctx.config.lateness_bank_days,
        "resume_at": deadline_words(ctx, game.resume_at, lang, player) if game.resume_at else None,
        # The unique weapon (R-RU-2), under rules that have it: "available" or "used".
        "unique_weapon": _weapon(ctx, phase, power),
    }
    mail = svc.mailer.render("status", lang, {"player": {"name": player.name, "address": player.address}, **context})
    if mail_id is not None:
        note = None
        if phase is not None:
            note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at,
                                cancelled=game.status is GameStatus.PAUSED)
        svc.mailer.to_player(uow, f"status:{game_id}:mail{mail_id}:{player.address}",
                             player, "status", context, now,
                             deadline_ics(svc, ctx, game, note, player.address, lang, now))
    return StatusReply(
        OK, None, game_id, phase.code if phase else None, phase.deadline if phase else None,
        power, power_status, on_file, used, lang, mail.subject, mail.body,
    )
