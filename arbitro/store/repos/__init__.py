"""Repositories: one per aggregate, each bound to the session of one unit of work."""

from .absences import AbsenceRepo

from .account import AddressChangeRepo, ObserverRepo
from .audit import AuditRepo
from .games import GameRepo, NotFound, PowerRepo
from .mail import InboundRepo
from .orders import BallotRepo, OrderRepo
from .outbox import Attachment, OutboxRepo
from .phases import PhaseRepo
from .players import AssignmentRepo, PlayerRepo, PreferenceRepo
from .press import PressRepo
from .votes import VoteRepo

__all__ = [
    "AbsenceRepo",

    "AddressChangeRepo",
    "AssignmentRepo",
    "Attachment",
    "AuditRepo",
    "BallotRepo",
    "GameRepo",
    "InboundRepo",
    "NotFound",
    "ObserverRepo",
    "OrderRepo",
    "OutboxRepo",
    "PhaseRepo",
    "PlayerRepo",
    "PowerRepo",
    "PreferenceRepo",
    "PressRepo",
    "VoteRepo",
]
