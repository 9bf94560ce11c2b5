"""Values a service answer carries for later wording: a power, a moment, a catalog word.

The service states what happened as a catalog key and values; each reader gets it in
their language (names, Babel dates), the terminal in plain English (codes, ISO times).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..diplomacy.board import Board
from . import say
from .dates import when
from .names import phase_name, power_noun


@dataclass(frozen=True)
class PowerRef:
    code: str


@dataclass(frozen=True)
class PhaseRef:
    code: str


@dataclass(frozen=True)
class Moment:
    at: datetime


@dataclass(frozen=True)
class Term:
    """A word of the catalog (``key``), shown as ``raw`` on the terminal."""

    key: str
    raw: str


Value = str | int | PowerRef | PhaseRef | Moment | Term | tuple[PowerRef, ...]


def plain(key: str, values: Mapping[str, Value]) -> str:
    """The English terminal text: codes and ISO times, as a GM's scripts read them."""
    return say("en", key, **{k: _plain(v) for k, v in values.items()})


def worded(board: Board, timezone: str, lang: str, key: str, values: Mapping[str, Value]) -> str:
    """The text for a reader: names in their language, moments in their time zone."""
    return say(lang, key, **{k: _worded(board, timezone, lang, v) for k, v in values.items()})


def _plain(v: Value) -> Any:
    if isinstance(v, (PowerRef, PhaseRef)):
        return v.code
    if isinstance(v, Moment):
        return v.at.isoformat()
    if isinstance(v, Term):
        return v.raw
    if isinstance(v, tuple):
        return ", ".join(_plain(x) for x in v)
    return v


def _worded(board: Board, timezone: str, lang: str, v: Value) -> Any:
    if isinstance(v, PowerRef):
        return power_noun(board, v.code, lang)
    if isinstance(v, PhaseRef):
        return phase_name(v.code, lang)
    if isinstance(v, Moment):
        return when(v.at, timezone, lang)
    if isinstance(v, Term):
        return say(lang, v.key)
    if isinstance(v, tuple):
        return ", ".join(str(_worded(board, timezone, lang, x)) for x in v)
    return v


def powers(codes: Iterable[str]) -> tuple[PowerRef, ...]:
    return tuple(PowerRef(c) for c in sorted(codes))
