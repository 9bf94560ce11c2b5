"""Replies the mail layer writes itself (refusals, help, GM answers); GM alerts are the
service's (``service.notices``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ...service.common import Services
from ...store import UnitOfWork

REASONS: dict[str, tuple[str, str]] = {
    # code: (English, Italian)
    "unknown_game": (
        ("I could not tell which game this mail is for. Write to the game's own address "
        "(e.g. {referee_game}), put [game] in the subject, or add a line GAME <name>."),
        ("Non capisco per quale partita è questa mail. Scrivi all'indirizzo della partita "
        "(per esempio {referee_game}), metti [partita] nell'oggetto, oppure aggiungi una riga "
        "PARTITA <nome>."),
    ),
    "not_player": (
        ("This address is not registered in game {game}. Orders count only from the address "
        "you registered with."),
        ("Questo indirizzo non risulta iscritto alla partita {game}. Gli ordini valgono solo "
        "dall'indirizzo con cui ti sei iscritto."),
    ),
    "no_password": (
        ("Orders need your game password: add a line PASSWORD <your password>, or reply to a "
        "mail of the referee (its reply address carries your personal key). Nothing was "
        "changed."),
        ("Gli ordini richiedono la password della partita: aggiungi una riga PASSWORD <la tua "
        "password>, oppure rispondi a una mail dell'arbitro (l'indirizzo di risposta contiene "
        "la tua chiave personale). Non è stato cambiato nulla."),
    ),
    "wrong_password": (
        "The password is wrong. Nothing was changed; the GM has been told.",
        "La password è sbagliata. Non è stato cambiato nulla; il GM è stato avvisato.",
    ),
    "copied": (
        ("The orders mail must go to the referee only (R-MAIL-1): it was also addressed to "
        "{copied}. It was not accepted; send it again to the referee alone. The GM has been told."),
        ("La mail degli ordini va mandata solo all'arbitro (R-MAIL-1): era indirizzata anche "
        "a {copied}. Non è stata accettata; rimandala al solo arbitro. Il GM è stato avvisato."),
    ),
    "too_big": (
        ("Your mail is too large ({size} kB; the limit is {limit} kB). Please send the orders "
        "as plain text without attachments."),
        ("La tua mail è troppo grande ({size} kB; il limite è {limit} kB). Manda gli ordini "
        "come testo semplice, senza allegati."),
    ),
    "gm_only": (
        "{command}: only the GM may do that, from the GM's address and with the GM password.",
        "{command}: solo il GM può farlo, dal suo indirizzo e con la password del GM.",
    ),
    "unknown_command": (
        "I did not understand \"{command}\", and found no orders in your mail.",
        "Non ho capito \"{command}\" e nella mail non ho trovato ordini.",
    ),
    "bad_arguments": ("{command}: {problem}", "{command}: {problem}"),
}


def reason_text(code: str, lang: str, **values: Any) -> str:
    en, it = REASONS[code]
    return (it if lang == "it" else en).format(**values)


def queue(
    svc: Services,
    uow: UnitOfWork,
    key: str,
    to: str,
    template: str,
    lang: str,
    context: Mapping[str, Any],
    now: datetime,
    game_id: str | None,
) -> None:
    svc.mailer.send(uow, key, to=[to], template=template, lang=lang, context=context, now=now,
                    game_id=game_id)


def refuse(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    to: str,
    lang: str,
    code: str,
    now: datetime,
    game_id: str | None,
    subject: str,
    **values: Any,
) -> str:
    """Tell the sender why nothing was done; returns the note for the log."""
    text = reason_text(code, lang, **values)
    queue(svc, uow, f"mail:{mail_id}:refused", to, "mail_refused", lang,
          {"reason": text, "subject": subject, "game_id": game_id}, now, game_id)
    return f"refused: {code}"
