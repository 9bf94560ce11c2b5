"""Observers (issue 16): where the GM allows it (``observers = true``), anyone may get a
game's results mails with the map. Never press, never anything private: an observer gets
exactly what every player reads after a phase, and nothing else (``Table.mail_observers``
sends it)."""

from __future__ import annotations

from ..words import say
from .access import Caller
from .answers import send_answer
from .reply import Reply, refused
from .table import Table


def observe(table: Table, caller: Caller, mail_id: int | None) -> Reply:
    if not table.exists:
        return refused("not_started")
    game_id, address, lang = table.game_id, caller.address, caller.lang
    if not table.config.observers:
        return refused("observers_off", game=game_id)
    if table.player_at(address) is not None:
        return refused("observer_is_player", game=game_id)
    new = table.uow.observers.start(game_id, address, lang, table.now)
    text = "observe.done" if new else "observe.already"
    send_answer(table.office, f"mail:{mail_id}:observe", address, lang, game_id,
                say(lang, "observe.heading", game=game_id), say(lang, text, game=game_id))
    return Reply(True, note="observing" if new else "already observing")


def unobserve(table: Table, caller: Caller, mail_id: int | None) -> Reply:
    game_id, address, lang = table.game_id, caller.address, caller.lang
    if not table.uow.observers.stop(game_id, address, table.now):
        return refused("not_observer", game=game_id)
    send_answer(table.office, f"mail:{mail_id}:unobserve", address, lang, game_id,
                say(lang, "observe.heading", game=game_id),
                say(lang, "observe.stopped", game=game_id))
    return Reply(True, note="observing no more")
