"""GM: ESPELLI / EJECT <power>."""

from __future__ import annotations

from .....service import gm
from .....service.gm import GmError
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand, power_named


def _run(req: Request) -> Reply:
    if not req.words:
        raise GmError("gm.usage.eject")
    return gm.eject(req.table, req.caller, power_named(req, req.words[0]))


COMMAND = GmCommand("eject", frozenset({"espelli", "eject", "исключить"}), _run)
