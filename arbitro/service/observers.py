"""Observers (issue 16): where the GM allows it (``observers = true``), anyone may get a
game's results mails with the map. Never press, never anything private: an observer gets
exactly what every player reads after a phase, and nothing else."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from ..reports import TemplateContext
from ..store import Attachment, UnitOfWork
from ..words import say
from .answers import Answer, send_answer
from .common import Services


def observe(svc: Services, uow: UnitOfWork, game_id: str, address: str, lang: str,
            now: datetime, mail_id: int | None) -> Answer:
    ctx = svc.ctx(game_id)
    if ctx is None or uow.games.get(game_id) is None:
        return Answer.refused("not_started")
    if not ctx.config.observers:
        return Answer.refused("observers_off", game=game_id)
    if uow.players.by_address(game_id, address) is not None:
        return Answer.refused("observer_is_player", game=game_id)
    new = uow.observers.start(game_id, address, lang, now)
    text = "observe.done" if new else "observe.already"
    send_answer(svc, uow, f"mail:{mail_id}:observe", address, lang, game_id,
                say(lang, "observe.heading", game=game_id), say(lang, text, game=game_id), now)
    return Answer(True, note="observing" if new else "already observing")


def unobserve(svc: Services, uow: UnitOfWork, game_id: str, address: str, lang: str,
              now: datetime, mail_id: int | None) -> Answer:
    if not uow.observers.stop(game_id, address, now):
        return Answer.refused("not_observer", game=game_id)
    send_answer(svc, uow, f"mail:{mail_id}:unobserve", address, lang, game_id,
                say(lang, "observe.heading", game=game_id), say(lang, "observe.stopped", game=game_id), now)
    return Answer(True, note="observing no more")


def mail_observers(svc: Services, uow: UnitOfWork, game_id: str, key_for: Callable[[str], str],
                   template: str, context: Callable[[str], TemplateContext], now: datetime,
                   attachments: Sequence[Attachment] | Callable[[str], Sequence[Attachment]] = ()) -> None:
    """The results mail, as players read it, to every observer in their language (their
    own key per phase: a replayed step sends nothing twice). ``attachments`` may depend on
    the reader's language (the map)."""
    for obs in uow.observers.active(game_id):
        k = key_for(obs.address)
        if uow.outbox.by_key(k) is not None:
            continue
        files = attachments(obs.language) if callable(attachments) else attachments
        svc.mailer.send(uow, k, to=[obs.address], template=template,
                        lang=obs.language,
                        context={"player": {"name": "", "address": obs.address}, **context(obs.language)},
                        now=now, game_id=game_id, attachments=files)
