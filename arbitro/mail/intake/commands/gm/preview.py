"""GM: ANTEPRIMA / PREVIEW: the pending phase as it would be adjudicated now, with the map
and the powers not ready (issue 17). Nothing is processed."""

from __future__ import annotations

from .....service.preview import preview
from ..base import Request
from .command import tell


class Preview:
    name = "preview"
    words = frozenset({"anteprima", "preview", "предпросмотр"})
    gm_only = True

    def run(self, req: Request) -> str:
        reply = preview(req.table, req.caller, req.mail_id)
        if reply.ok:
            return reply.note
        tell(req, self.name, reply)
        return "gm preview refused"


COMMAND = Preview()
