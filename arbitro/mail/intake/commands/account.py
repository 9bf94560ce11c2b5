"""The account (issue 16): PASSWORD <old> <new> (or the usual PASSWORD line and NUOVA
PASSWORD <new>); INDIRIZZO / ADDRESS <new address>, done when the new address answers
the confirmation with CONFERMA / CONFIRM <token>."""

from __future__ import annotations

from dataclasses import replace

from ....service.notices import alert_gm
from ....words import say
from .answers import answered
from .base import Request
from .replies import refuse


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
        return refuse(req.svc, req.uow, req.mail_id, req.mail.from_address, req.lang,
                      "bad_arguments", req.now, req.game.id, req.mail.subject,
                      command=say(req.lang, "command.password"),
                      problem=say(req.lang, "command.password.usage"))
    answer = req.desk.change_password(req.mail.from_address, old, new, req.mail_id)
    if answer.code == "wrong_password":
        game = req.game
        alert_gm(req.svc, req.uow, f"mail:{req.mail_id}:gm-alert", game.gm_address, game.language,
                 say(game.language, "alert.wrong_password"),
                 f"{req.mail.from_address} ({game.id}): {req.mail.subject}", req.now, game.id)
    return answered(req, answer, "command.password")


class Address:
    name = "address"
    words = frozenset({"indirizzo", "address", "nuovo indirizzo", "new address",
                       "адрес", "новый адрес"})
    gm_only = False

    def run(self, req: Request) -> str:
        player = req.identity.player
        assert player is not None
        if len(req.words) != 1:
            return refuse(req.svc, req.uow, req.mail_id, player.address, req.lang,
                          "bad_arguments", req.now, req.game.id, req.mail.subject,
                          command=say(req.lang, "command.address"),
                          problem=say(req.lang, "command.address.usage"))
        return answered(req, req.desk.request_move(player.address, req.words[0], req.mail_id),
                        "command.address")


class Confirm:
    name = "confirm"
    # "Подтвердите": the Russian confirmation mail's subject, so a plain reply confirms
    words = frozenset({"conferma", "confirm", "подтвердить", "подтвердите"})
    gm_only = False

    def run(self, req: Request) -> str:
        words = list(req.words) + req.text.split()
        return answered(req, req.desk.confirm_move(req.mail.from_address, words, req.mail_id),
                        "command.confirm")


PASSWORD = Password()
ADDRESS = Address()
CONFIRM = Confirm()
