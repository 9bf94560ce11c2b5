"""What the issue-16 commands share: turning the service's ``Answer`` into the log note or
the refusal mail."""

from __future__ import annotations

from ....service.answers import Answer
from ....words import say
from .base import Request
from .replies import refuse

def answered(req: Request, answer: Answer, command_key: str) -> str:
    """The note for the log; a refusal is mailed, naming the command."""
    if answer.ok:
        return answer.note
    return refuse(req.svc, req.uow, req.mail_id, req.mail.from_address, req.lang,
                  answer.code or "bad_arguments", req.now, req.game.id, req.mail.subject,
                  command=say(req.lang, command_key), **answer.values)
