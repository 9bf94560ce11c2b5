"""MAPPA / MAP [phase]: the map of the current phase, or of a past one (issue 16)."""

from __future__ import annotations

from .answers import answered
from .base import Request


class Map:
    name = "map"
    words = frozenset({"mappa", "map", "cartina", "карта"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, req.desk.phase_map(req.mail.from_address, req.lang, req.words,
                                                req.mail_id), "command.map")


COMMAND = Map()
