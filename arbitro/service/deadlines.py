"""Deadlines as each player reads them: in their own zone, with a calendar event, and
computed past days off and announced absences (issue 17, point 5)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from ..config import Away, working_deadline
from ..reports import phase_name
from ..reports.calendar import CalendarEvent, ics
from ..store import Attachment, PlayerStatus, UnitOfWork
from ..store.models import Game, Player
from ..words import say
from .state import GameCtx


@dataclass(frozen=True)
class DeadlineNote:
    """A deadline a mail announces, moves or (``cancelled``) takes back while paused."""

    seq: int  # the phase's sequence number: with the game and recipient, the event's UID
    code: str
    deadline: datetime | None
    opened_at: datetime  # SEQUENCE counts from here: a later mail, a higher one
    cancelled: bool = False


def zone_of(ctx: GameCtx, player: Player | None) -> str:
    """The zone the player reads deadlines in: their own (FUSO) or the game's."""
    return (player.timezone if player is not None else None) or ctx.config.timezone


def away(uow: UnitOfWork, ctx: GameCtx) -> tuple[Away, ...]:
    """The absences of the game's active players, as the deadline computation takes them."""
    players = {p.id: p for p in uow.players.list(ctx.id, PlayerStatus.ACTIVE)}
    return tuple(
        Away(a.first_day, a.last_day, ZoneInfo(zone_of(ctx, players[a.player_id])))
        for a in uow.absences.of_game(ctx.id) if a.player_id in players
    )


def next_deadline(uow: UnitOfWork, ctx: GameCtx, code: str, opened_at: datetime,
                  first: bool = False) -> datetime:
    """A phase's deadline from its opening, past days off and absences."""
    return ctx.deadline(code, opened_at, first, away(uow, ctx))


def later_deadline(uow: UnitOfWork, ctx: GameCtx, moment: datetime) -> datetime:
    """``moment`` (a late day's end, a deadline an absence now covers) moved past days off
    and absences."""
    return working_deadline(moment, ctx.tz, ctx.config.days_off, away(uow, ctx))


def calendar(ctx: GameCtx, game: Game, note: DeadlineNote | None, address: str, lang: str,
             organizer: str, now: datetime) -> tuple[Attachment, ...]:
    """The .ics attachment for one recipient: UID stable per game, phase and recipient."""
    if note is None or note.deadline is None:
        return ()
    who = hashlib.sha256(address.encode("utf-8")).hexdigest()[:16]
    domain = organizer.rsplit("@", 1)[-1] or "localhost"
    phase = phase_name(note.code, lang)
    event = CalendarEvent(
        uid=f"{game.id}-{note.seq}-{who}@{domain}",
        # Twice the seconds since the phase opened, +1 for a cancellation: a later version
        # is higher, and a pause at the same instant as an announcement supersedes it.
        sequence=max(0, 2 * int((now - note.opened_at).total_seconds())) + int(note.cancelled),
        start=note.deadline,
        stamp=now,
        summary=say(lang, "calendar.summary", game=game.name, phase=phase),
        description=say(lang, "calendar.description", game=game.name, phase=phase, address=organizer),
        organizer=organizer,
        cancelled=note.cancelled,
    )
    return (Attachment(f"{game.id}-{note.code}.ics", "text/calendar", ics(event)),)
