"""Status values kept in the database as short strings (no native enums: cheap to extend)."""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    FORMING = "forming"  # players joining / choosing nations
    ACTIVE = "active"
    PAUSED = "paused"  # GM pause or R-ONP-4 suspension; see Game.resume_at
    FINISHED = "finished"


class PlayerStatus(StrEnum):
    ACTIVE = "active"
    REPLACED = "replaced"
    EJECTED = "ejected"


class PowerStatus(StrEnum):
    PLAYING = "playing"
    ABANDONED = "abandoned"  # second ONP; waiting for a replacement (R-ONP-4)
    CIVIL_DISORDER = "civil_disorder"  # R-ONP-5
    ELIMINATED = "eliminated"


class PhaseStatus(StrEnum):
    OPEN = "open"  # before its deadline
    LATE = "late"  # deadline passed, waiting for late players (R-LATE-2)
    PROCESSED = "processed"
    ROLLED_BACK = "rolled_back"  # undone by the GM; kept for the record


class InboundStatus(StrEnum):
    RECEIVED = "received"  # claimed, not yet handled
    PROCESSED = "processed"
    IGNORED = "ignored"  # e.g. auto-replies, bounces
    QUARANTINED = "quarantined"  # handling raised; the GM was told
    COPY = "copy"  # the copy of one of the referee's own mails: a receipt (outbox.py)


class OutboxStatus(StrEnum):
    QUEUED = "queued"
    SENDING = "sending"  # handed to SMTP; sent unless a crash came before the mark
    SENT = "sent"
    FAILED = "failed"  # gave up after retries
