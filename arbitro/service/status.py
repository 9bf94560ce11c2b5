"""A player's own view of the game: orders on file, deadline, lateness used."""

from __future__ import annotations

from datetime import datetime

from ..reports import order_text
from ..reports.maps import render_position_png
from ..reports.readiness import unit_words
from ..store import Attachment, GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.models import Phase
from ..words.names import display
from .common import Services, deadline_ics, deadline_words, game_words, map_options, phase_words, pname
from .deadlines import DeadlineNote
from .state import GameCtx, stored_orders
from .submit import readiness_words
from .values import OK, REFUSED, StatusReply


def _weapon(ctx: GameCtx, phase: Phase | None, power: str | None) -> str | None:
    if not ctx.rules.house.unique_weapon or phase is None or power is None:
        return None
    return "used" if power in ctx.position(phase).weapons_used else "available"


def _status_key(game_id: str, mail_id: int, address: str) -> str:
    return f"status:{game_id}:mail{mail_id}:{address}"


def onp_total(uow: UnitOfWork, game_id: str, power: str) -> int:
    """Movement phases in which the power's orders did not arrive (R-ONP), whole game."""
    return sum(1 for p in uow.phases.history(game_id)
               if p.results and power in (p.results.get("nmr") or {}))


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
    row = uow.powers.get(game_id, power) if power else None
    power_status = row.status.value if row is not None else None
    position = ctx.position(phase) if phase is not None else None
    due: list[str] = []
    if position is not None and power is not None and row is not None \
            and row.status is PowerStatus.PLAYING and phase is not None:
        due = readiness_words(uow, ctx, phase, power, lang)[0]
    bank = ctx.config.lateness_bank_days
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
        "my_units": [unit_words(ctx.board, u, lang) for u in position.units_of(power)]
        if position is not None and power else [],
        "my_centres": [display(ctx.board, c, lang) for c in position.centres_of(power)]
        if position is not None and power else [],
        # provinces owned besides centres (forum_ru: taken by holding, the weapon, a gift)
        "my_territories": [display(ctx.board, t, lang) for t, p in sorted(position.territories.items())
                           if p == power] if position is not None and power else [],
        "due": due,
        "lateness_left": max(0, bank - used),
        "lateness_max": ctx.config.lateness_max_per_turn,
        "onp_total": onp_total(uow, game_id, power) if power else 0,
        "onp_streak": row.onp_streak if row is not None else 0,
        "map_attached": False,
    }
    attachments: tuple[Attachment, ...] = ()
    if mail_id is not None and position is not None and svc.render_map is not None \
            and uow.outbox.by_key(_status_key(game_id, mail_id, player.address)) is None:
        # The map of the position now (the hook being set says maps are wanted at all).
        png = render_position_png(ctx.board, position, lang, map_options(ctx))
        attachments = (Attachment(f"{game_id}-{position.phase}.png", "image/png", png),)
        context = {**context, "map_attached": True}
    mail = svc.mailer.render("status", lang, {"player": {"name": player.name, "address": player.address}, **context})
    if mail_id is not None:
        note = None
        if phase is not None:
            note = DeadlineNote(phase.seq, phase.code, phase.deadline, phase.opened_at,
                                cancelled=game.status is GameStatus.PAUSED)
        svc.mailer.to_player(uow, _status_key(game_id, mail_id, player.address),
                             player, "status", context, now,
                             attachments + deadline_ics(svc, ctx, game, note, player.address, lang, now))
    return StatusReply(
        OK, None, game_id, phase.code if phase else None, phase.deadline if phase else None,
        power, power_status, on_file, used, lang, mail.subject, mail.body,
    )
