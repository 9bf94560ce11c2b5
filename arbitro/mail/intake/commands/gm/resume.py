"""GM: riprendi / resume."""

from __future__ import annotations

from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor


def _run(req: Request) -> GmReply:
    return req.desk.gm_resume(actor(req))


COMMAND = GmCommand("resume", frozenset({"riprendi", "resume", "riparti", "продолжить"}), _run)
