"""The account (issue 16): PASSWORD <old> <new> (or the usual PASSWORD line and NUOVA
PASSWORD <new>); INDIRIZZO / ADDRESS <new address>, done when the new address answers
the confirmation with CONFERMA / CONFIRM <token>."""

from __future__ import annotations

from dataclasses import replace

from ....service.account import change_password as change
from ....service.account import confirm_move, request_move
from ....words import say
from .base import Request
from .replies import answered, bad_arguments


class Password:
    name = "password"
    words = frozenset({"password", "nuova password", "new password", "cambia password",
                       "change password", "nuovapassword", "newpassword",
                       "новый пароль", "сменить пароль"})
    gm_only = False

    def run(self, req: Request) -> str:
        # Reached through ``open_rules.change_password``, which has the password line.
        return change_password(req, None)


def change_password(req: Request, password_line: str | None) -> str:
    """``PASSWORD old new``, or a PASSWORD line with the old one and ``NUOVA PASSWORD new``."""
    words = list(req.words)
    # Passwords written in the subject are never echoed back (refusals quote the subject).
    req = replace(req, mail=replace(req.mail, subject=say(req.lang, "command.password")))
    if len(words) == 2:
        old, new = words
    elif len(words) == 1 and password_line:
        old, new = password_line, words[0]
    else:
        return bad_arguments(req, "command.password", say(req.lang, "command.password.usage"))
    reply = change(req.table, req.caller, old, new, req.mail_id)
    if reply.reason == "wrong_password":
        game = req.game
        req.table.tell_gm(f"mail:{req.mail_id}:gm-alert", say(game.language, "alert.wrong_password"),
                          f"{req.mail.from_address} ({game.id}): {req.mail.subject}")
    return answered(req, reply, "command.password")


class Address:
    name = "address"
    words = frozenset({"indirizzo", "address", "nuovo indirizzo", "new address",
                       "адрес", "новый адрес"})
    gm_only = False

    def run(self, req: Request) -> str:
        if len(req.words) != 1:
            return bad_arguments(req, "command.address", say(req.lang, "command.address.usage"))
        return answered(req, request_move(req.table, req.caller, req.words[0], req.mail_id),
                        "command.address")


class Confirm:
    name = "confirm"
    # "Подтвердите": the Russian confirmation mail's subject, so a plain reply confirms
    words = frozenset({"conferma", "confirm", "подтвердить", "подтвердите"})
    gm_only = False

    def run(self, req: Request) -> str:
        words = list(req.words) + req.text.split()
        return answered(req, confirm_move(req.table, req.caller, words, req.mail_id),
                        "command.confirm")


PASSWORD = Password()
ADDRESS = Address()
CONFIRM = Confirm()
