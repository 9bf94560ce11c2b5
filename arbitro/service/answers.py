"""The one short mail (``answer`` template) the on-demand and account procedures answer
with (issue 16): the subject says what it is, the body what it holds."""

from __future__ import annotations

from collections.abc import Sequence

from ..store import Attachment
from .table import Office


def send_answer(office: Office, key: str, to: str, lang: str, game_id: str | None, heading: str,
                message: str, attachments: Sequence[Attachment] = (),
                reply_token: str | None = None) -> None:
    tag = f"[{game_id}]" if game_id else ""
    office.outbox.send(key, to=[to], template="answer", lang=lang,
                       context={"tag": tag, "heading": heading, "message": message},
                       game_id=game_id, attachments=attachments, reply_token=reply_token)
