"""GM: riprendi / resume."""

from __future__ import annotations

from .....service import gm
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand


def _run(req: Request) -> Reply:
    return gm.resume(req.table, req.caller)


COMMAND = GmCommand("resume", frozenset({"riprendi", "resume", "riparti", "продолжить"}), _run)
