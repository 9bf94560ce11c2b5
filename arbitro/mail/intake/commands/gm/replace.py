"""GM: SOSTITUISCI / REPLACE <power> <address> [name] (R-ONP-4)."""

from __future__ import annotations

from .....service import gm
from .....service.gm import GmError
from .....service.reply import Reply
from ..base import Request
from .command import GmCommand, power_named


def _run(req: Request) -> Reply:
    if len(req.words) < 2 or "@" not in req.words[1]:
        raise GmError("gm.usage.replace")
    power, address, name = power_named(req, req.words[0]), req.words[1].strip("<>"), " ".join(req.words[2:])
    return gm.replace(req.table, req.caller, power, address, name=name)


COMMAND = GmCommand("replace", frozenset({"sostituisci", "sostituzione", "replace", "заменить"}), _run)
