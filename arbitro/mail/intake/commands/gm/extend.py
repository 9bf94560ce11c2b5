"""GM: PROROGA / EXTEND <duration> (e.g. 2d, 36h)."""

from __future__ import annotations

from .....config.values import duration as parse_duration
from .....service import gm
from .....service.gm import GmError
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand


def _run(req: Request) -> Reply:
    if not req.words:
        raise GmError("gm.usage.extend")
    return gm.extend(req.table, req.caller, parse_duration(req.words[0]))


COMMAND = GmCommand("extend", frozenset({"proroga", "estendi", "extend", "продлить"}), _run)
