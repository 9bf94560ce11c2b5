"""GM: pausa / pause."""

from __future__ import annotations

from .....service import gm
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand


def _run(req: Request) -> Reply:
    return gm.pause(req.table, req.caller)


COMMAND = GmCommand("pause", frozenset({"pausa", "pause", "sospendi", "пауза"}), _run)
