"""GM: annulla / rollback."""

from __future__ import annotations

from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor


def _run(req: Request) -> GmReply:
    return req.desk.gm_rollback(actor(req))


COMMAND = GmCommand("rollback", frozenset({"annulla", "rollback", "indietro", "отменить"}), _run)
