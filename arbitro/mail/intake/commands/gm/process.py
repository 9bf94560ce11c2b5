"""GM: elabora / process."""

from __future__ import annotations

from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor


def _run(req: Request) -> GmReply:
    return req.desk.gm_process(actor(req))


COMMAND = GmCommand("process", frozenset({"elabora", "process", "processa", "обработать"}), _run)
