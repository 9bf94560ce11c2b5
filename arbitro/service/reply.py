"""What every procedure answers: one ``Reply``, worded at the edge.

A procedure says what it did, or why not, as a catalog key and its values
(``words.terms``: powers, phases, moments and catalog words stay codes until a reader's
language is known); the mail layer words a refusal in the caller's language
(``mail/intake/commands/replies.py``), the CLI in plain English (``Reply.message``). Where
the procedure queued its own answer mail (an order confirmation, a vote receipt, a
refused order mail that lists what stands), ``mailed`` holds that mail's key and the edge
sends nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum

from ..diplomacy.board import Board
from ..diplomacy.reading.reports import LineStatus
from ..words import has, say
from ..words.terms import Value, plain, worded

_FAMILIES = frozenset({"refusal", "reply"})  # the catalog's families of shared refusal words


class ReplyStatus(StrEnum):
    """Whether the service did what was asked (its value goes into logs and replies)."""

    OK = "ok"
    REFUSED = "refused"


@dataclass(frozen=True)
class OrderLine:
    """One line of a player's mail as the reader judged it (the message in the player's
    language, for the CLI and the tests; the mail is worded from the reader's notes)."""

    line: int
    text: str
    status: LineStatus
    message: str
    suggestion: str | None
    order: str | None  # canonical notation of the reading, when there is one


@dataclass(frozen=True)
class Reply:
    ok: bool
    # a refusal (or, for the GM, what was done): a catalog key, worded with ``values``
    key: str | None = None
    values: Mapping[str, Value] = field(default_factory=dict)
    note: str = ""  # for the log
    mailed: str | None = None  # the answer the procedure queued itself (outbox key)
    # what the procedure found or filed, for the log, the CLI and the tests
    power: str | None = None  # the power ordered, voted or asked for
    phase: str | None = None  # "S1901M"
    deadline: datetime | None = None
    on_file: tuple[str, ...] = ()  # the orders now counting, in the caller's notation
    lines: tuple[OrderLine, ...] = ()

    @property
    def status(self) -> ReplyStatus:
        return ReplyStatus.OK if self.ok else ReplyStatus.REFUSED

    @property
    def reason(self) -> str | None:
        """A refusal's code, as logs and docs/SERVICE.md name it: the shared refusals without
        their family ("refusal.no_orders" -> "no_orders", "reply.bad_token" -> "bad_token"),
        the others by their whole key ("absence.off", "gm.not_active")."""
        if self.ok or self.key is None:
            return None
        family, _, code = self.key.partition(".")
        return code if family in _FAMILIES and code else self.key

    @property
    def message(self) -> str:
        """Plain English for the GM's terminal: codes and ISO times."""
        return plain(self.key, self.values) if self.key else self.note


def worded_reply(reply: Reply, lang: str, board: Board | None = None, timezone: str = "UTC") -> str:
    """What ``reply`` says in ``lang``: its names (with ``board``) and moments (in
    ``timezone``) as a reader reads them; the shared refusals name their detail and game."""
    if reply.key is None:
        return reply.message
    values: dict[str, Value] = dict(reply.values)
    if reply.key.startswith("refusal."):
        values.setdefault("detail", "")
        values.setdefault("game", "")
    if board is None:
        return say(lang, reply.key, **values)
    return worded(board, timezone, lang, reply.key, values)


def refused(key: str, **values: Value) -> Reply:
    """A refusal under ``key``; a bare code (``"not_player"``) takes the mail layer's word
    for it where there is one (``reply.<code>``), else the service's (``refusal.<code>``)."""
    if "." not in key:
        key = f"reply.{key}" if has(f"reply.{key}") else f"refusal.{key}"
    reply = Reply(False, key, values)
    return replace(reply, note=f"refused: {reply.reason}")
