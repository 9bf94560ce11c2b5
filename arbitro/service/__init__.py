"""The referee's procedures: games from the config, orders, ballots, deadlines, lateness,
ONP escalation, adjudication, results, GM operations (docs/SERVICE.md)."""

from .gm import GmError
from .referee import Referee
from .values import GmReply, OrderLine, OrderReply, PreferencesReply, StatusReply

__all__ = [
    "GmError",
    "GmReply",
    "OrderLine",
    "OrderReply",
    "PreferencesReply",
    "Referee",
    "StatusReply",
]
