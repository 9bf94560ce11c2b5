"""GM: annulla / rollback."""

from __future__ import annotations

from .....service import gm
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand


def _run(req: Request) -> Reply:
    return gm.rollback(req.table, req.caller)


COMMAND = GmCommand("rollback", frozenset({"annulla", "rollback", "indietro", "отменить"}), _run)
