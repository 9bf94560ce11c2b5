"""OSSERVA / OBSERVE and NON OSSERVARE / UNOBSERVE: the game's results mails for someone
who does not play, where the GM allows it (issue 16). Reached without a password
(``open_rules``)."""

from __future__ import annotations

from ....service.observers import observe, unobserve
from .base import Request
from .replies import answered


class Observe:
    name = "observe"
    words = frozenset({"osserva", "observe", "osservare", "watch", "наблюдать"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, observe(req.table, req.caller, req.mail_id), "command.observe")


class Unobserve:
    name = "unobserve"
    words = frozenset({"non osservare", "nonosservare", "unobserve", "unwatch",
                       "stop observing", "не наблюдать"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, unobserve(req.table, req.caller, req.mail_id), "command.unobserve")


COMMAND = Observe()
STOP = Unobserve()
