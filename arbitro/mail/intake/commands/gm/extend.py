"""GM: PROROGA / EXTEND <duration> (e.g. 2d, 36h)."""

from __future__ import annotations

from .....config.values import duration as parse_duration
from .....service import GmError
from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor


def _run(req: Request) -> GmReply:
    if not req.words:
        raise GmError("gm.usage.extend")
    by = parse_duration(req.words[0])
    return req.desk.gm_extend(by, actor(req))


COMMAND = GmCommand("extend", frozenset({"proroga", "estendi", "extend", "продлить"}), _run)
