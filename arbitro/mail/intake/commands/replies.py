"""Replies the mail layer writes itself (refusals, help, GM answers), and the one wording of
a procedure's ``Reply`` at the edge: in the caller's language, names and moments included
(``words.terms.worded``). GM alerts are the service's (``Office.alert``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ....reports import TemplateContext
from ....service.reply import Reply, worded_reply
from ....service.table import Office
from ....words import has, say
from ....words.terms import Value
from .base import Request


def reason_text(code: str, lang: str, **values: Any) -> str:
    """A refusal of the mail layer (catalog keys ``reply.<code>``, shared ones
    ``refusal.<code>``)."""
    key = f"reply.{code}" if has(f"reply.{code}") else f"refusal.{code}"
    return say(lang, key, **values)


def reply_words(req: Request, reply: Reply, **extra: Value) -> str:
    """What a reply says, in the caller's language (a refusal's reason, a GM's outcome)."""
    if extra:
        reply = replace(reply, values={**reply.values, **extra})
    table = req.table
    if table.listed:
        return worded_reply(reply, req.lang, table.board, table.config.timezone)
    return worded_reply(reply, req.lang)


def queue(office: Office, key: str, to: str, template: str, lang: str, context: TemplateContext,
          game_id: str | None) -> None:
    office.send(key, [to], template, lang, context, game_id)


def refuse(office: Office, mail_id: int, to: str, lang: str, code: str, game_id: str | None,
           subject: str, **values: Any) -> str:
    """Tell the sender why nothing was done; returns the note for the log."""
    text = reason_text(code, lang, **values)
    queue(office, f"mail:{mail_id}:refused", to, "mail_refused", lang,
          {"reason": text, "subject": subject, "game_id": game_id}, game_id)
    return f"refused: {code}"


def refuse_reply(req: Request, reply: Reply, **extra: Value) -> str:
    """A refused ``Reply`` the procedure did not answer by mail itself, told to the sender;
    the note for the log."""
    text = reply_words(req, reply, **extra)
    queue(req.office, f"mail:{req.mail_id}:refused", req.mail.from_address, "mail_refused",
          req.lang, {"reason": text, "subject": req.mail.subject, "game_id": req.game.id},
          req.game.id)
    return f"refused: {reply.reason}"


def refuse_text(req: Request, reply: Reply) -> str:
    """A refusal told in the service's own sentence (its first letter raised, a full stop
    added); the note for the log."""
    text = reply_words(req, reply)
    code = reply.reason or "refused"
    queue(req.office, f"mail:{req.mail_id}:refused:{code}", req.mail.from_address, "mail_refused",
          req.lang, {"reason": text[:1].upper() + text[1:] + ".", "subject": req.mail.subject,
                     "game_id": req.game.id}, req.game.id)
    return f"refused: {code}"


def bad_arguments(req: Request, command_key: str, problem: str) -> str:
    """``<command>: <problem>``, the refusal of a command whose arguments do not read."""
    return refuse(req.office, req.mail_id, req.mail.from_address, req.lang, "bad_arguments",
                  req.game.id, req.mail.subject, command=say(req.lang, command_key),
                  problem=problem)


def answered(req: Request, reply: Reply, command_key: str) -> str:
    """The note for the log; a refusal the procedure did not mail is mailed, naming the
    command."""
    if reply.ok or reply.mailed:
        return reply.note
    return refuse_reply(req, reply, command=say(req.lang, command_key))
