"""Games from the config: created, players registered, nations assigned, first phase opened."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from ..config import game_settings
from ..fairness.draw import (
    assign_by_lot,
    assign_by_preferences,
    draw_order,
    recipe,
    seed_hash,
    ticket,
)
from ..diplomacy.position import home_territories, start_position
from ..reports.readiness import unit_words
from ..store import GameStatus, PowerStatus, UnitOfWork, new_password
from ..store.codec import position_json
from ..store.models import Game, Player
from .common import (
    Services,
    active_players,
    deadline_ics,
    deadline_words,
    game_words,
    key,
    phase_words,
    pname,
    pname_the,
)
from .deadlines import DeadlineNote, next_deadline
from .state import GameCtx


def sync_game(svc: Services, uow: UnitOfWork, ctx: GameCtx, now: datetime) -> str | None:
    """One step for a game of the config: create it, register new players while it is
    forming, start it when its start time has come. None when there was nothing to do."""
    gc = ctx.config
    game = uow.games.get(gc.id)
    if game is None:
        game = uow.games.create(
            gc.id,
            name=gc.name,
            variant=gc.variant,
            language=gc.language,
            settings=game_settings(gc),
            now=now,
        )
        uow.powers.init(gc.id, sorted(ctx.board.powers), now)
        _add_players(uow, ctx, now)
        _open_draw(svc, uow, ctx, game, now)
        return "created"
    if game.status is not GameStatus.FORMING:
        return None
    game = uow.games.lock(gc.id)
    if _add_players(uow, ctx, now):
        _open_draw(svc, uow, ctx, game, now)
        return "players"
    if game.draw_seed is None:  # created before seeds were kept (migration 0004)
        _open_draw(svc, uow, ctx, game, now)
        return "opened"
    if gc.start is not None and gc.start <= now:
        start_game(svc, uow, ctx, game, gc.start)
        return "started"
    return None


def _open_draw(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, now: datetime) -> None:
    """R-END-3: the draw's secret seed is fixed now and its SHA-256 mailed to every player
    registered (once each), before any preference list is in."""
    if game.draw_seed is None:
        uow.games.set_draw_seed(game, svc.draw_seed())
    assert game.draw_seed is not None
    digest = seed_hash(game.draw_seed)
    for player in active_players(uow, game.id):
        lang = player.language
        context = {
            **game_words(ctx, game, lang),
            "seed_hash": digest,
            "assignment": ctx.config.assignment,
            "start": deadline_words(ctx, ctx.config.start, lang, player) if ctx.config.start else None,
            "reply_to": svc.mailer.reply_address(player.reply_token),
            "powers": [pname(ctx, p, lang) for p in sorted(ctx.board.powers)],
        }
        svc.mailer.to_player(uow, key(uow, game.id, "opened", player.address), player, "opened",
                             context, now)


def _add_players(uow: UnitOfWork, ctx: GameCtx, now: datetime) -> int:
    added = 0
    for pc in ctx.config.players:
        if uow.players.by_address(ctx.id, pc.address) is not None:
            continue
        if pc.password is None and pc.password_hash is None:
            password: str | None = new_password()  # replaced and mailed at the start
        else:
            password = pc.password
        player = uow.players.add(
            ctx.id,
            pc.address,
            language=pc.language,
            now=now,
            name=pc.name,
            password=password if pc.password_hash is None else None,
            password_hash=pc.password_hash,
        )
        if pc.preferences:
            uow.preferences.set(player, list(pc.preferences))
        added += 1
    return added


def start_game(svc: Services, uow: UnitOfWork, ctx: GameCtx, game: Game, opened_at: datetime) -> None:
    """Assign the nations (R-END-3), open the first Spring and send the welcome mails.

    Powers nobody holds (fewer players than powers) are in civil disorder from the start.
    """
    board = ctx.board
    players = active_players(uow, game.id)
    addresses = [p.address for p in players]
    powers = sorted(board.powers)
    if game.draw_seed is None:
        uow.games.set_draw_seed(game, svc.draw_seed())
    seed = game.draw_seed
    assert seed is not None
    prefs: dict[str, list[str]] = {}
    if ctx.config.assignment == "preferences":
        by_id = uow.preferences.all(game.id)
        prefs = {p.address: list(by_id.get(p.id, [])) for p in players}
        chosen = assign_by_preferences(addresses, powers, prefs, seed)
        reason = "preferences"
    else:
        chosen = assign_by_lot(addresses, powers, seed)
        reason = "lot"
    for player in players:
        uow.assignments.assign(game.id, chosen[player.address], player.id, reason=reason, now=opened_at)
    for power in powers:
        if power not in chosen.values():
            uow.powers.update(game.id, power, opened_at, status=PowerStatus.CIVIL_DISORDER)
    position = start_position(board)
    if ctx.rules.house.capture_by_holding:  # every land province owned: the home ones first
        position = replace(position, territories=home_territories(board))
    code = str(position.phase)
    deadline = next_deadline(uow, ctx, code, opened_at, first=True)
    opened = uow.phases.open(game.id, code, position_json(position), now=opened_at, deadline=deadline)
    note = DeadlineNote(opened.seq, code, deadline, opened_at)
    uow.games.set_status(game, GameStatus.ACTIVE, opened_at)
    plain = {pc.address: pc.password for pc in ctx.config.players}
    for player in players:
        password = plain.get(player.address)
        if password is None and not _config_hash(ctx, player.address):
            password = new_password()
            uow.players.set_password(player, password)
        lang = player.language
        power = chosen[player.address]
        context = {
            **game_words(ctx, game, lang),
            "power_name": pname(ctx, power, lang),
            "password": password,
            "phase_name": phase_words(code, lang),
            "deadline": deadline_words(ctx, deadline, lang, player),
            "reply_to": svc.mailer.reply_address(player.reply_token),
            "units": [unit_words(ctx.board, u, lang) for u in position.units_of(power)],  # the reader's words
            "assignment": reason,
            "lateness_bank": ctx.config.lateness_bank_days,
            "lateness_max": ctx.config.lateness_max_per_turn,
            "draw": _draw_words(ctx, seed, players, powers, prefs, chosen, player, lang),
        }
        svc.mailer.to_player(uow, key(uow, game.id, "welcome", player.address), player, "welcome", context, opened_at,
                             deadline_ics(svc, ctx, game, note, player.address, lang, opened_at))
    lang = ctx.config.language
    table = [
        {"power_name": pname(ctx, chosen[p.address], lang), "player": p.name or p.address, "address": p.address}
        for p in players
    ]
    svc.mailer.send(
        uow,
        key(uow, game.id, "started", "gm"),
        to=[ctx.config.gm_address],
        template="game_started",
        lang=lang,
        context={
            **game_words(ctx, game, lang),
            "table": sorted(table, key=lambda r: r["power_name"]),
            "disorder": [pname(ctx, p, lang) for p in powers if p not in chosen.values()],
            "draw": _draw_words(ctx, seed, players, powers, prefs, chosen, None, lang),
            "phase_name": phase_words(code, lang),
            "deadline": deadline_words(ctx, deadline, lang),
        },
        now=opened_at,
        game_id=game.id,
        attachments=deadline_ics(svc, ctx, game, note, ctx.config.gm_address, lang, opened_at),
    )


def _draw_words(ctx: GameCtx, seed: str, players: list[Player], powers: list[str],
                prefs: dict[str, list[str]], chosen: dict[str, str], reader: Player | None,
                lang: str) -> dict[str, Any]:
    """The revealed draw (R-END-3): seed, its hash, the orders it gives and the recipe to
    repeat it. In an "al buio" game (R-MAIL-3) a player sees the other players only by
    their tickets, and can check their own; the GM (``reader`` None) sees everything."""
    hidden = ctx.config.press == "al_buio" and reader is not None
    addresses = [p.address for p in players]

    def who(address: str) -> str:
        if hidden and (reader is None or address != reader.address):
            return "#" + ticket(seed, address)[:12]
        return address

    return {
        "seed": seed,
        "hash": seed_hash(seed),
        "hidden": hidden,
        "powers_recipe": recipe(seed, powers),
        "players_recipe": None if hidden else recipe(seed, addresses),
        "own_ticket": ticket(seed, reader.address) if reader is not None else None,
        "power_order": [pname(ctx, p, lang) for p in draw_order(seed, powers)],
        "table": [
            {"n": i, "player": who(a), "ticket": ticket(seed, a),
             "power": pname(ctx, chosen[a], lang), "power_the": pname_the(ctx, chosen[a], lang),
             "own": reader is not None and a == reader.address}
            for i, a in enumerate(draw_order(seed, addresses), start=1)
        ],
        "preferences": [
            {"player": who(a), "ranking": [pname(ctx, p, lang) for p in prefs[a]]}
            for a in draw_order(seed, addresses) if prefs.get(a)
        ],
    }


def _config_hash(ctx: GameCtx, address: str) -> bool:
    return any(pc.address == address and pc.password_hash for pc in ctx.config.players)
