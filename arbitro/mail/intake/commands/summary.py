"""RIEPILOGO / SUMMARY: the game so far, with the centre chart (issue 16)."""

from __future__ import annotations

from ....service.summary import summary
from .base import Request
from .replies import answered


class Summary:
    name = "summary"
    words = frozenset({"riepilogo", "summary", "sommario", "resoconto", "сводка", "обзор"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, summary(req.table, req.caller, req.mail_id), "command.summary")


COMMAND = Summary()
