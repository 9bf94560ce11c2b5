"""GM: riprendi / resume."""

from __future__ import annotations

from ....service import gm as ops
from ....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor, locked


def _run(req: Request) -> GmReply:
    ctx, game = locked(req)
    return ops.resume(req.svc, req.uow, ctx, game, req.now, actor(req))


COMMAND = GmCommand("resume", frozenset({"riprendi", "resume", "riparti"}), _run)
