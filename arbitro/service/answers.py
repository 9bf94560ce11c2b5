"""What the on-demand and account procedures answer (issue 16): a value for the mail layer
and the CLI, and the one short mail (``answer`` template) that carries it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from ..store import Attachment, UnitOfWork
from .common import Services


@dataclass(frozen=True)
class Answer:
    """Done (the answer mail queued), or refused with a reason code (catalog
    ``reply.<code>``, said by the mail layer) and the values its words take."""

    ok: bool
    code: str | None = None
    values: Mapping[str, object] = field(default_factory=dict)
    note: str = ""  # for the log

    @staticmethod
    def refused(code: str, **values: object) -> Answer:
        return Answer(False, code, values, f"refused: {code}")


def send_answer(
    svc: Services,
    uow: UnitOfWork,
    key: str,
    to: str,
    lang: str,
    game_id: str | None,
    heading: str,
    message: str,
    now: datetime,
    attachments: Sequence[Attachment] = (),
    reply_token: str | None = None,
) -> None:
    """One answer mail: the subject says what it is, the body what it holds."""
    tag = f"[{game_id}]" if game_id else ""
    svc.mailer.send(uow, key, to=[to], template="answer", lang=lang,
                    context={"tag": tag, "heading": heading, "message": message},
                    now=now, game_id=game_id, attachments=attachments, reply_token=reply_token)
