"""GM: pausa / pause."""

from __future__ import annotations

from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor


def _run(req: Request) -> GmReply:
    return req.desk.gm_pause(actor(req))


COMMAND = GmCommand("pause", frozenset({"pausa", "pause", "sospendi", "пауза"}), _run)
