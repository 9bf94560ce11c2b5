"""RIEPILOGO / SUMMARY: the game so far, with the centre chart (issue 16)."""

from __future__ import annotations

from .answers import answered
from .base import Request


class Summary:
    name = "summary"
    words = frozenset({"riepilogo", "summary", "sommario", "resoconto", "сводка", "обзор"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, req.desk.summary(req.mail.from_address, req.lang, req.mail_id),
                        "command.summary")


COMMAND = Summary()
