"""What the reader says about each line: its status, the order read, the notes for the
player (codes and arguments, written out by ``arbitro/words/lines.py``), and the context
one mail is read in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..board import Board
from ..names import NameIndex
from ..orders import Order
from ..position import Position


class LineStatus(StrEnum):
    """What the reader made of a line (its value is what JSON and stored mail carry)."""

    OK = "ok"  # an order, read
    VOID = "void"  # meant as an order, but unclear or illegal
    IGNORED = "ignored"  # not an order (greeting, signature, quoted text)


OK, VOID, IGNORED = LineStatus.OK, LineStatus.VOID, LineStatus.IGNORED


Note = tuple[str, tuple[str, ...]]


def note(code: str, *details: str) -> tuple[Note]:
    return ((code, tuple(details)),)


@dataclass(frozen=True)
class LineReport:
    line: int  # 1-based line of the (text) body
    text: str  # the order as written (the part of the line it came from)
    status: LineStatus
    order: Order | None = None  # the reading, also when void if one was understood
    code: str = ""  # machine word for the message (catalog keys parse.<code> / reason.<code>)
    # what the message says, as data: (code, arguments) per note, arguments being province,
    # power and unit codes or the player's own words; arbitro/words/lines.py writes them out
    notes: tuple[Note, ...] = ()
    suggestion: str | None = None  # canonical notation


@dataclass(frozen=True)
class ParseReport:
    lines: tuple[LineReport, ...]
    lang: str

    @property
    def orders(self) -> tuple[Order, ...]:
        return tuple(r.order for r in self.lines if r.status is OK and r.order is not None)


@dataclass(slots=True)
class Context:
    board: Board
    ix: NameIndex
    power: str | None
    position: Position | None
    phase: str | None
    lang: str
    strict: bool
    infer: bool
    header_power: str | None = None
    mode: str | None = None


def line_report(
    ctx: Context, number: int, text: str, status: LineStatus, order: Order | None, code: str,
    details: Sequence[str], suggestion: str | None,
) -> LineReport:
    return LineReport(number, text, status, order, code, note(code, *details), suggestion)
