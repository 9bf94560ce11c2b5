"""PREFERENZE / PREFERENCES: a player's secret ranking of every power, while the game is
forming and the nations go by preferences (R-END-3). Power keys, English or Italian names
and Italian codes are read."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..config.game import power_key
from ..store import GameStatus
from .access import Caller
from .reply import Reply, refused
from .table import Table


def set_preferences(table: Table, caller: Caller, powers: Sequence[str]) -> Reply:
    if not table.exists:
        return refused("refusal.unknown_game", game=table.game_id)
    player = table.active_player(caller.address)
    if player is None:
        return refused("refusal.not_player", game=table.game_id)
    lang = player.language
    if table.game.status is not GameStatus.FORMING:
        return refused("refusal.not_forming")
    if table.config.assignment != "preferences":
        return refused("refusal.not_preferences")
    try:
        ranking = [power_key(table.board, p) for p in powers]
    except ValueError as exc:
        return refused("refusal.unknown_power", detail=str(exc))
    if sorted(ranking) != sorted(table.kind.powers(table)):
        return refused("refusal.incomplete_ranking")
    table.uow.preferences.set(player, ranking)
    names = [table.power_name(p, lang) for p in ranking]
    digest = hashlib.sha256(",".join(ranking).encode()).hexdigest()[:12]
    k = table.key("preferences", player.address, digest, table.now.isoformat())
    table.to_player(k, player, "preferences", {**table.words(lang), "ranking": names})
    return Reply(True, note="preferences ok", mailed=k)
