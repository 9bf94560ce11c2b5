"""GM: ESPELLI / EJECT <power>."""

from __future__ import annotations

from .....service import GmError
from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor, power_named


def _run(req: Request) -> GmReply:
    if not req.words:
        raise GmError("gm.usage.eject")
    return req.desk.gm_eject(power_named(req, req.words[0]), actor(req))


COMMAND = GmCommand("eject", frozenset({"espelli", "eject", "исключить"}), _run)
