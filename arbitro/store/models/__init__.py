"""All mapped tables; importing this package registers them on Base.metadata."""

from .account import AddressChange, Observer
from .audit import AuditEntry
from .game import Absence, Assignment, Game, GamePower, Player, Preference
from .lease import DaemonLease
from .mail import InboundMail, OutboxAttachment, OutboxMessage
from .phase import Ballot, OrderSubmission, Phase
from .press import PressDelivery, PressMessage
from .vote import EndVote

__all__ = [
    "Absence",

    "AddressChange",
    "Assignment",
    "AuditEntry",
    "Ballot",
    "DaemonLease",
    "EndVote",
    "Game",
    "GamePower",
    "InboundMail",
    "Observer",
    "OrderSubmission",
    "OutboxAttachment",
    "OutboxMessage",
    "Phase",
    "Player",
    "Preference",
    "PressDelivery",
    "PressMessage",
]
