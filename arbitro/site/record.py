"""A game as the archive shows it, read from the store in one transaction: frozen values,
with only what may be published (never an address, a password or a token; no player
name in an anonymous game; press only once published)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..config import Config, GameConfig
from ..diplomacy.board import Board
from ..diplomacy.position import Position
from ..render.options import MapOptions
from ..service.press_archive import press_entry, press_is_published
from ..store import GameStatus, PhaseStatus, UnitOfWork
from ..store.codec import PlayedPhase, played_of, position_of
from ..store.models import Game

BoardLoader = Callable[[str], Board]


@dataclass(frozen=True)
class PlayedRecord:
    """One processed phase: where it was played from and what came of it."""

    code: str
    seq: int
    processed_at: datetime | None
    before: Position
    played: PlayedPhase


@dataclass(frozen=True)
class Holding:
    """Who held a power, from when; ``name`` is None in an anonymous game (or unnamed)."""

    power: str
    name: str | None
    since: datetime
    until: datetime | None


@dataclass(frozen=True)
class GameSummary:
    """A game's line in the archive's index."""

    id: str
    name: str
    variant: str
    lang: str
    status: GameStatus
    last: str | None  # the code of the last phase played
    winner: str | None  # a power
    current: str | None = None  # the code of the phase open now (none once the game is over)


def _open(status: PhaseStatus) -> bool:
    return status in (PhaseStatus.OPEN, PhaseStatus.LATE)


def summary(uow: UnitOfWork, game: Game) -> GameSummary:
    rows = uow.phases.history(game.id)
    played = [p.code for p in rows if p.status is PhaseStatus.PROCESSED]
    current = [p.code for p in rows if _open(p.status)]
    winner = (game.result or {}).get("winner")
    return GameSummary(game.id, game.name, game.variant, game.language, game.status,
                       played[-1] if played else None, str(winner) if winner else None,
                       current[-1] if current and game.status is not GameStatus.FINISHED else None)


@dataclass(frozen=True)
class GameRecord:
    id: str
    name: str
    variant: str
    lang: str
    timezone: str
    press: str
    anonymous: bool  # al buio: players are never named
    status: GameStatus
    started_at: datetime | None
    finished_at: datetime | None
    result: dict[str, Any] | None
    board: Board
    start: Position  # the variant's start, for the centre chart
    phases: tuple[PlayedRecord, ...]
    current: tuple[str, datetime | None] | None  # the phase being played and its deadline
    powers: dict[str, str]  # power -> its standing (status value)
    holdings: tuple[Holding, ...]
    press_entries: tuple[dict[str, Any], ...] | None  # None: not published (or no press)
    map_options: MapOptions = MapOptions()  # the GM's choices for the game's maps, as the mails

    @property
    def summary(self) -> GameSummary:
        winner = (self.result or {}).get("winner")
        return GameSummary(self.id, self.name, self.variant, self.lang, self.status,
                           self.phases[-1].code if self.phases else None,
                           str(winner) if winner else None,
                           self.current[0] if self.current is not None else None)


def _game_config(config: Config, game_id: str) -> GameConfig | None:
    try:
        return config.game(game_id)
    except KeyError:
        return None  # the game left the config: its archive stays, as anonymous as can be


def read_game(uow: UnitOfWork, config: Config, boards: BoardLoader, game: Game) -> GameRecord:
    from ..diplomacy.position import start_position

    gc = _game_config(config, game.id)
    board = boards(game.variant)
    press = gc.press if gc is not None else str(game.settings.get("press", "al_buio"))
    anonymous = gc is None or press == "al_buio"
    timezone = gc.timezone if gc is not None else str(game.settings.get("timezone", "UTC"))
    phases: list[PlayedRecord] = []
    current: tuple[str, datetime | None] | None = None
    for row in uow.phases.history(game.id):
        if row.status is PhaseStatus.PROCESSED and row.results is not None:
            before = position_of(board, row.position_before)
            phases.append(PlayedRecord(row.code, row.seq, row.processed_at, before,
                                       played_of(board, before, row.results)))
        elif _open(row.status):
            current = (row.code, row.deadline)
    players = {p.id: p for p in uow.players.list(game.id)}
    holdings = tuple(
        Holding(a.power, None if anonymous else (players[a.player_id].name or None),
                a.started_at, a.ended_at)
        for a in uow.assignments.history(game.id) if a.player_id in players
    )
    finished = game.status is GameStatus.FINISHED
    entries: tuple[dict[str, Any], ...] | None = None
    if gc is not None and press_is_published(gc, finished=finished):
        entries = tuple(press_entry(board, m, timezone, game.language)
                        for m in uow.press.messages(game.id))
    return GameRecord(
        id=game.id, name=game.name, variant=game.variant, lang=game.language,
        timezone=timezone, press=press, anonymous=anonymous, status=game.status,
        started_at=game.started_at, finished_at=game.finished_at,
        result=dict(game.result) if game.result else None, board=board,
        start=start_position(board), phases=tuple(phases),
        current=None if finished else current,
        powers={p: row.status.value for p, row in uow.powers.all(game.id).items()},
        holdings=holdings, press_entries=entries,
        map_options=MapOptions(names=gc.map_names, palette=gc.map_palette) if gc is not None
        else MapOptions(),
    )
