"""What a mail command gets, and what every command is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from ....config import Config, GameConfig
from ....service.access import Caller
from ....service.table import Office, Table
from ...mime.message import InboundMail


@dataclass(frozen=True)
class Request:
    """One mail, routed to one game, from one caller."""

    office: Office  # the mail's unit of work
    game: GameConfig
    mail: InboundMail
    mail_id: int
    caller: Caller  # who is asking, and the language to answer in
    words: tuple[str, ...]  # the command line's words after the keyword
    text: str  # the body after the command line (password line removed)
    is_gm: bool  # the game's GM, with the GM password
    # Every command the referee knows (the registry, for AIUTO/HELP's list).
    registry: tuple[Command, ...] = ()

    @property
    def table(self) -> Table:
        """The mail's game, in the mail's own unit of work."""
        return self.office.table(self.game.id)

    @property
    def config(self) -> Config:
        return self.office.config

    @property
    def lang(self) -> str:
        return self.caller.lang

    @property
    def now(self) -> datetime:
        return self.office.now


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
