"""GM: SOSTITUISCI / REPLACE <power> <address> [name] (R-ONP-4)."""

from __future__ import annotations

from .....service import GmError
from .....service.values import GmReply
from ..base import Request
from .common import GmCommand, actor, power_named


def _run(req: Request) -> GmReply:
    if len(req.words) < 2 or "@" not in req.words[1]:
        raise GmError("gm.usage.replace")
    power, address, name = power_named(req, req.words[0]), req.words[1].strip("<>"), " ".join(req.words[2:])
    return req.desk.gm_replace(power, address, name=name, actor=actor(req))


COMMAND = GmCommand("replace", frozenset({"sostituisci", "sostituzione", "replace", "заменить"}), _run)
