"""Games from the config: created, players registered, nations assigned (R-END-3), first
phase opened (the game's kind says which)."""

from __future__ import annotations

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
from ..reports.readiness import unit_words
from ..store import GameStatus, PowerStatus, new_password
from ..store.models import Player
from .deadlines import DeadlineNote
from .table import Office, Table


def sync_game(table: Table) -> str | None:
    """One step for a game of the config: create it, register new players while it is
    forming, start it when its start time has come. None when there was nothing to do."""
    gc = table.config
    game = table.found
    if game is None:
        game = table.create(name=gc.name, variant=gc.variant, language=gc.language,
                            settings=game_settings(gc))
        table.uow.powers.init(gc.id, table.kind.powers(table), table.now)
        table.forget("powers")
        _add_players(table)
        _open_draw(table)
        return "created"
    if game.status is not GameStatus.FORMING:
        return None
    if _add_players(table):
        _open_draw(table)
        return "players"
    if game.draw_seed is None:  # created before seeds were kept (migration 0004)
        _open_draw(table)
        return "opened"
    if gc.start is not None and gc.start <= table.now:
        start_game(table, gc.start)
        return "started"
    return None


def _open_draw(table: Table) -> None:
    """R-END-3: the draw's secret seed is fixed now and its SHA-256 mailed to every player
    registered (once each), before any preference list is in."""
    game, config = table.game, table.config
    if game.draw_seed is None:
        table.uow.games.set_draw_seed(game, table.services.draw_seed())
    assert game.draw_seed is not None
    digest = seed_hash(game.draw_seed)
    for player in table.players:
        lang = player.language
        context = {
            **table.words(lang),
            "seed_hash": digest,
            "assignment": config.assignment,
            "start": table.when(config.start, lang, player) if config.start else None,
            "reply_to": table.services.mailer.reply_address(player.reply_token),
            "powers": [table.power_name(p, lang) for p in table.kind.powers(table)],
        }
        table.to_player(table.key("opened", player.address), player, "opened", context)


def _add_players(table: Table) -> int:
    added = 0
    for pc in table.config.players:
        if table.player_at(pc.address) is not None:
            continue
        if pc.password is None and pc.password_hash is None:
            password: str | None = new_password()  # replaced and mailed at the start
        else:
            password = pc.password
        player = table.add_player(
            pc.address,
            language=pc.language,
            name=pc.name,
            password=password if pc.password_hash is None else None,
            password_hash=pc.password_hash,
        )
        if pc.preferences:
            table.uow.preferences.set(player, list(pc.preferences))
        added += 1
    return added


def start_game(table: Table, opened_at: datetime) -> None:
    """Assign the nations (R-END-3), open the first phase and send the welcome mails, all
    at ``opened_at`` (the configured start, whenever the clock got to it: the deadline
    never depends on when the daemon woke up).

    Powers nobody holds (fewer players than powers) are in civil disorder from the start.
    """
    if opened_at != table.now:
        _start(Office(table.services, table.uow, opened_at).table(table.game_id))
        table.forget()
    else:
        _start(table)


def _start(table: Table) -> None:
    game, config = table.game, table.config
    opened_at = table.now
    players = table.players
    addresses = [p.address for p in players]
    powers = list(table.kind.powers(table))
    if game.draw_seed is None:
        table.uow.games.set_draw_seed(game, table.services.draw_seed())
    seed = game.draw_seed
    assert seed is not None
    prefs: dict[str, list[str]] = {}
    if config.assignment == "preferences":
        by_id = table.uow.preferences.all(game.id)
        prefs = {p.address: list(by_id.get(p.id, [])) for p in players}
        chosen = assign_by_preferences(addresses, powers, prefs, seed)
        reason = "preferences"
    else:
        chosen = assign_by_lot(addresses, powers, seed)
        reason = "lot"
    for player in players:
        table.assign(chosen[player.address], player, reason, at=opened_at)
    for power in powers:
        if power not in chosen.values():
            table.uow.powers.update(game.id, power, opened_at, status=PowerStatus.CIVIL_DISORDER)
    opening = table.kind.opening(table)
    code = str(opening.position.phase)
    deadline = table.next_deadline(code, opened_at, first=True)
    opened = table.open_phase(opening.position, deadline, at=opened_at)
    note = DeadlineNote(opened.seq, code, deadline, opened_at)
    table.uow.games.set_status(game, GameStatus.ACTIVE, opened_at)
    plain = {pc.address: pc.password for pc in config.players}
    for player in players:
        password = plain.get(player.address)
        if password is None and not _config_hash(table, player.address):
            password = new_password()
            table.uow.players.set_password(player, password)
        lang = player.language
        power = chosen[player.address]
        context = {
            **table.words(lang),
            "power_name": table.power_name(power, lang),
            "password": password,
            "phase_name": table.phase_name(code, lang),
            "deadline": table.when(deadline, lang, player),
            "reply_to": table.services.mailer.reply_address(player.reply_token),
            "units": [unit_words(table.board, u, lang) for u in opening.position.units_of(power)],  # the reader's words
            "assignment": reason,
            "lateness_bank": config.lateness_bank_days,
            "lateness_max": config.lateness_max_per_turn,
            "draw": _draw_words(table, seed, players, powers, prefs, chosen, player, lang),
        }
        table.to_player(table.key("welcome", player.address), player, "welcome", context, note=note)
    lang = config.language
    rows = [
        {"power_name": table.power_name(chosen[p.address], lang), "player": p.name or p.address,
         "address": p.address}
        for p in players
    ]
    table.send(
        table.key("started", "gm"), [config.gm_address], "game_started", lang,
        {
            **table.words(lang),
            "table": sorted(rows, key=lambda r: r["power_name"]),
            "disorder": [table.power_name(p, lang) for p in powers if p not in chosen.values()],
            "draw": _draw_words(table, seed, players, powers, prefs, chosen, None, lang),
            "phase_name": table.phase_name(code, lang),
            "deadline": table.when(deadline, lang),
        },
        table.calendar(note, config.gm_address, lang),
    )


def _draw_words(table: Table, seed: str, players: list[Player], powers: list[str],
                prefs: dict[str, list[str]], chosen: dict[str, str], reader: Player | None,
                lang: str) -> dict[str, Any]:
    """The revealed draw (R-END-3): seed, its hash, the orders it gives and the recipe to
    repeat it. In an "al buio" game (R-MAIL-3) a player sees the other players only by
    their tickets, and can check their own; the GM (``reader`` None) sees everything."""
    hidden = table.config.press == "al_buio" and reader is not None
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
        "power_order": [table.power_name(p, lang) for p in draw_order(seed, powers)],
        "table": [
            {"n": i, "player": who(a), "ticket": ticket(seed, a),
             "power": table.power_name(chosen[a], lang), "power_the": table.power_the(chosen[a], lang),
             "own": reader is not None and a == reader.address}
            for i, a in enumerate(draw_order(seed, addresses), start=1)
        ],
        "preferences": [
            {"player": who(a), "ranking": [table.power_name(p, lang) for p in prefs[a]]}
            for a in draw_order(seed, addresses) if prefs.get(a)
        ],
    }


def _config_hash(table: Table, address: str) -> bool:
    return any(pc.address == address and pc.password_hash for pc in table.config.players)
