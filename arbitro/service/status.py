"""STATO / STATUS: a player's own view of the game (orders on file, units and centres, what
the phase still asks of them, the deadline, lateness and ONPs used), with the map of the
position now."""

from __future__ import annotations

from ..reports import order_text
from ..reports.maps import render_position_png
from ..reports.readiness import unit_words
from ..store import Attachment, GameStatus, PowerStatus
from ..store.codec import submission_orders
from ..words.names import display
from .access import Caller
from .readiness import readiness_words
from .reply import Reply, refused
from .table import Table


def _weapon(table: Table, power: str | None) -> str | None:
    if not table.rules.house.unique_weapon or table.phase is None or power is None:
        return None
    return "used" if power in table.position.weapons_used else "available"


def _status_key(table: Table, mail_id: int, address: str) -> str:
    return f"status:{table.game_id}:mail{mail_id}:{address}"


def onp_total(table: Table, power: str) -> int:
    """Movement phases in which the power's orders did not arrive (R-ONP), whole game."""
    return sum(1 for p in table.history() if p.results and power in (p.results.get("nmr") or {}))


def status_reply(table: Table, caller: Caller, mail_id: int | None = None) -> Reply:
    """The answer to STATO/STATUS; with ``mail_id`` it is queued as a mail (once)."""
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    lang = player.language
    game, config = table.game, table.config
    power = table.power_of(player)
    phase = table.phase
    on_file: tuple[str, ...] = ()
    if phase is not None and power is not None:
        sub = table.orders_on_file.get(power)
        if sub is not None:
            on_file = tuple(order_text(table.board, o, lang)
                            for o in submission_orders(table.board, power, sub.parsed))
    used = table.lateness_used().get(power or "", 0)
    row = table.powers.get(power) if power else None
    power_status = row.status.value if row is not None else None
    position = table.position if phase is not None else None
    due: list[str] = []
    if position is not None and power is not None and row is not None \
            and row.status is PowerStatus.PLAYING:
        due = readiness_words(table, power, lang)[0]
    bank = config.lateness_bank_days
    context = {
        **table.words(lang),
        "power_name": table.power_name(power, lang),
        "game_status": game.status.value,
        "power_status": power_status,
        "phase_name": table.phase_name(phase.code if phase else None, lang),
        "deadline": table.when(phase.deadline if phase else None, lang, player),
        "on_file": on_file,
        "lateness_used": used,
        "lateness_bank": bank,
        "resume_at": table.when(game.resume_at, lang, player) if game.resume_at else None,
        # The unique weapon (R-RU-2), under rules that have it: "available" or "used".
        "unique_weapon": _weapon(table, power),
        "my_units": [unit_words(table.board, u, lang) for u in position.units_of(power)]
        if position is not None and power else [],
        "my_centres": [display(table.board, c, lang) for c in position.centres_of(power)]
        if position is not None and power else [],
        # provinces owned besides centres (forum_ru: taken by holding, the weapon, a gift)
        "my_territories": [display(table.board, t, lang) for t, p in sorted(position.territories.items())
                           if p == power] if position is not None and power else [],
        "due": due,
        "lateness_left": max(0, bank - used),
        "lateness_max": config.lateness_max_per_turn,
        "onp_total": onp_total(table, power) if power else 0,
        "onp_streak": row.onp_streak if row is not None else 0,
        "map_attached": False,
    }
    reply = Reply(True, note="status ok", power=power, phase=phase.code if phase else None,
                  deadline=phase.deadline if phase else None, on_file=on_file)
    if mail_id is None:
        return reply
    key = _status_key(table, mail_id, player.address)
    attachments: tuple[Attachment, ...] = ()
    render_map = table.services.render_map
    if position is not None and render_map is not None and not table.outbox.has(key):
        # The map of the position now (the hook being set says maps are wanted at all).
        png = render_position_png(table.board, position, lang, table.map_options)
        attachments = (Attachment(f"{table.game_id}-{position.phase}.png", "image/png", png),)
        context = {**context, "map_attached": True}
    note = table.note(phase, cancelled=game.status is GameStatus.PAUSED) if phase is not None else None
    table.to_player(key, player, "status", context, attachments, note=note)
    return Reply(True, note=reply.note, mailed=key, power=reply.power, phase=reply.phase,
                 deadline=reply.deadline, on_file=on_file)
