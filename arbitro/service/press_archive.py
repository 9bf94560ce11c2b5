"""The press archive published at the end of a game, when the GM chose so
(press_publish_at_end): the service's own decision, taken in ``finish_game``'s transaction.
Anonymous messages stay anonymous; no address or player name is ever published (the
archive holds only cleaned text and nations).
"""

from __future__ import annotations

from typing import Any

from ..config import GameConfig
from ..diplomacy.board import Board
from ..reports import phase_name, power_name, when
from ..store.models import PressMessage
from ..words import say
from .table import Table


def publish_press(table: Table) -> int:
    """Queue the archive to every active player and the GM; the number of mails queued
    (0 when the GM did not ask for it, there was no press, or it was done before)."""
    if not table.listed:
        return 0
    game = table.config
    if not press_is_published(game, finished=True):
        return 0
    messages = table.uow.press.messages(game.id)
    if not messages:
        return 0
    board = table.board
    readers = [(p.address, p.language) for p in table.players]
    readers.append((game.gm_address, game.language))
    queued = 0
    for address, lang in dict(readers).items():
        entries = [press_entry(board, m, game.timezone, lang) for m in messages]
        sent = table.send(f"press-archive:{game.id}:{address}", [address], "press_archive", lang,
                          {"game": {"id": game.id, "name": game.name}, "entries": entries})
        queued += sent is not None
    return queued


def press_is_published(game: GameConfig, *, finished: bool) -> bool:
    """The press archive is public once the game is over, and only if the GM chose so: the
    one rule for the archive mail and the web archive (arbitro/site)."""
    return finished and game.press_options.publish_at_end and game.press != "none"


def sender_name(board: Board, power: str, anonymous: bool, lang: str) -> str:
    """Who a press message is from, as its readers see it."""
    if anonymous:
        return say(lang, "press.anonymous")
    return power_name(board, power, lang)


def press_entry(board: Board, m: PressMessage, timezone: str, lang: str) -> dict[str, Any]:
    return {
        "phase_name": phase_name(m.phase, lang) if m.phase else "-",
        "when": when(m.deliver_at, timezone, lang),
        "from_name": sender_name(board, m.from_power, m.anonymous, lang),
        "to_names": [power_name(board, p, lang) for p in m.to_powers],
        "broadcast": m.broadcast,
        "subject": m.subject,
        "text": m.text,
    }
