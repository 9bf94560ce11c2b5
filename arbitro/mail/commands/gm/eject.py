"""GM: ESPELLI / EJECT <power>."""

from __future__ import annotations

from ....service import gm as ops
from ....service.gm import GmError
from ....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor, locked, power_named


def _run(req: Request) -> GmReply:
    if not req.words:
        raise GmError("gm.usage.eject")
    ctx, game = locked(req)
    return ops.eject(req.svc, req.uow, ctx, game, req.now, actor(req), power_named(req, req.words[0]))


COMMAND = GmCommand("eject", frozenset({"espelli", "eject"}), _run)
