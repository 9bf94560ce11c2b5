"""MAPPA / MAP [phase]: the map of the current phase, or of a past one (issue 16)."""

from __future__ import annotations

from ....service.past_phases import phase_map
from .base import Request
from .replies import answered


class Map:
    name = "map"
    words = frozenset({"mappa", "map", "cartina", "карта"})
    gm_only = False

    def run(self, req: Request) -> str:
        return answered(req, phase_map(req.table, req.caller, req.words, req.mail_id),
                        "command.map")


COMMAND = Map()
