"""What a mail command gets, and what every command is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Protocol

from ....config import Config, GameConfig
from ....service.common import Services
from ....service.desk import Desk
from ....store import UnitOfWork
from ..auth import Identity
from ...mime.message import InboundMail


@dataclass(frozen=True)
class Request:
    """One authenticated mail, routed to one game."""

    uow: UnitOfWork
    svc: Services
    config: Config
    game: GameConfig
    mail: InboundMail
    mail_id: int
    identity: Identity
    now: datetime
    lang: str
    words: tuple[str, ...]  # the command line's words after the keyword
    text: str  # the body after the command line (password line removed)
    is_gm: bool  # the game's GM, with the GM password
    # Every command the referee knows (the registry, for AIUTO/HELP's list).
    registry: tuple[Command, ...] = ()

    @cached_property
    def desk(self) -> Desk:
        """The service's door for this mail's game, in the mail's own transaction."""
        return Desk(self.svc, self.uow, self.game.id, self.now)


class Command(Protocol):
    # Read-only, so frozen dataclasses (GmCommand) fit too.
    @property
    def name(self) -> str: ...

    @property
    def words(self) -> frozenset[str]:
        """Keywords, Italian and English, lower-case."""
        ...

    @property
    def gm_only(self) -> bool: ...

    def run(self, req: Request) -> str:
        """Do it (queueing its reply in the outbox); a short note for the log."""
        ...
