"""GM: elabora / process."""

from __future__ import annotations

from .....service import gm
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand


def _run(req: Request) -> Reply:
    return gm.process_now(req.table, req.caller)


COMMAND = GmCommand("process", frozenset({"elabora", "process", "processa", "обработать"}), _run)
