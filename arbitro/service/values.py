"""What the service answers: frozen values for the mail command layer and the CLI."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from ..diplomacy.reading.reports import LineStatus
from ..words.terms import Value


class ReplyStatus(StrEnum):
    """Whether the service did what a mail asked (its value goes into logs and replies)."""

    OK = "ok"
    REFUSED = "refused"


OK, REFUSED = ReplyStatus.OK, ReplyStatus.REFUSED


@dataclass(frozen=True)
class OrderLine:
    """One line of a player's mail as the parser judged it (messages in the player's language)."""

    line: int
    text: str
    status: LineStatus
    message: str
    suggestion: str | None
    order: str | None  # canonical notation of the reading, when there is one


@dataclass(frozen=True)
class OrderReply:
    status: ReplyStatus
    reason: str | None  # machine word when refused (see docs/SERVICE.md)
    message: str  # the reason in the player's language ("" when ok)
    game_id: str
    power: str | None  # the power ordered for (the target power for a ballot)
    phase: str | None  # "S1901M"
    lines: tuple[OrderLine, ...]
    on_file: tuple[str, ...]  # the whole set now counting, in the player's notation
    deadline: datetime | None
    lang: str
    outbox_key: str | None  # the confirmation mail queued, if any


@dataclass(frozen=True)
class StatusReply:
    status: ReplyStatus
    reason: str | None
    game_id: str
    phase: str | None
    deadline: datetime | None
    power: str | None
    power_status: str | None
    on_file: tuple[str, ...]
    lateness_used: int
    lang: str
    subject: str
    body: str


@dataclass(frozen=True)
class WaitReply:
    """ATTENDI / NON ATTENDERE: done or refused, and whether it changed anything."""

    status: ReplyStatus
    reason: str | None
    message: str  # the refusal in the player's language ("" when ok)
    wait: bool
    changed: bool


@dataclass(frozen=True)
class PreferencesReply:
    status: ReplyStatus
    reason: str | None
    message: str
    ranking: tuple[str, ...]


@dataclass(frozen=True)
class GmReply:
    ok: bool
    action: str
    message: str  # English, for the GM's terminal
    # what happened as a catalog key and values: the GM's reply mail words it in their language
    key: str = ""
    values: Mapping[str, Value] = field(default_factory=dict)
