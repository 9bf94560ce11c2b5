"""The press relay (issue 7, R-MAIL-3): one letter to nation aliases in, rebuilt mails out.

Called by the mail handler, inside the mail's transaction, for any mail addressed to a
relay alias, with the mail already read into a ``Letter`` (``mail/letters.py``). Every rule is checked before anything is queued, so a refused mail leaks
nothing: the sender gets the reason, the recipients get nothing. A relayed message is
built anew from the cleaned text (and re-drawn images when the GM allows them) and goes
out under the sender nation's alias, one mail per recipient, with a Message-ID holding a
random part (a reply carrying it needs no password), a Date rounded down to the hour and
an optional random delay. The GM gets a copy; the archive keeps it.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from ..config import GameConfig
from ..diplomacy.board import Board
from ..reports import phase_name, power_name, when
from ..service.common import Services
from ..service.mailer import message_id_for
from ..service.notices import alert_gm
from ..service.press_archive import sender_name
from ..store import Attachment, GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.models import Player
from ..words import say
from ..words.dates import duration
from . import aliases
from .clean import clean_body, clean_subject, identity_needles
from .letter import Image, Letter
from .reasons import reason_text, state_text

MAX_TEXT = 20_000  # characters of cleaned text
DATE_ROUNDING = timedelta(hours=1)
_ANON_WORDS = frozenset({"anonimo", "anonima", "anonymous", "anon"})
_SILENCED = (PowerStatus.ELIMINATED, PowerStatus.CIVIL_DISORDER)


class Refusal(Exception):
    """A rule the mail breaks: the reason code and its values."""

    def __init__(self, code: str, gm_alert: bool = False, **values: Any) -> None:
        super().__init__(code)
        self.code = code
        self.gm_alert = gm_alert
        self.values = values


@dataclass(frozen=True)
class Press:
    """A message that passed every rule, ready to be queued."""

    sender: Player
    power: str
    targets: tuple[str, ...]  # power keys, sorted
    holders: Mapping[str, Player]
    broadcast: bool
    anonymous: bool
    subject: str
    text: str
    images: tuple[Image, ...]
    dropped: int
    phase: str | None


def relay_press(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    letter: Letter,
    game: GameConfig,
    now: datetime,
    lang: str,
    *,
    rng: random.Random | None = None,
) -> str:
    """Relay or refuse one letter to relay aliases; returns the note for the log."""
    board = svc.boards(game.variant)
    try:
        press = _check(uow, letter, game, board)
    except Refusal as no:
        return _refuse(svc, uow, mail_id, letter, game, lang, now, no)
    _queue(svc, uow, mail_id, game, board, press, now, rng or random.SystemRandom())
    targets = "all" if press.broadcast else ",".join(press.targets)
    return f"press relayed: {press.power} -> {targets}" + (" (anonymous)" if press.anonymous else "")


# -- the rules -----------------------------------------------------------------------------


def _check(uow: UnitOfWork, letter: Letter, game: GameConfig, board: Board) -> Press:
    if any(g != game.id for g in letter.games):
        raise Refusal("other_game")
    if game.press == "none":
        raise Refusal("press_none", game=game.id)
    options = game.press_options
    text = letter.text
    player = uow.players.by_address(game.id, letter.sender)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        raise Refusal("not_player", game=game.id)
    power = uow.assignments.power_of(player)
    problem = letter.identity_problem
    if problem == "no_password" and not _answers_press(uow, game.id, letter, power):
        raise Refusal("no_password")
    if problem == "wrong_password":
        raise Refusal("wrong_password", gm_alert=True)
    if problem not in (None, "no_password"):
        raise Refusal(problem, game=game.id)

    stored = uow.games.get(game.id)
    if stored is None or stored.status is GameStatus.FORMING:
        raise Refusal("not_started", game=game.id)
    if stored.status is GameStatus.FINISHED:
        raise Refusal("game_over", game=game.id)
    phase = uow.phases.current(game.id)
    code = phase.code if phase is not None else None
    if code and code.endswith("R") and not options.in_retreats:
        raise Refusal("no_retreat_press", phase=code)
    if code and code.endswith("A") and not options.in_adjustments:
        raise Refusal("no_adjustment_press", phase=code)
    if power is None:
        raise Refusal("no_power", game=game.id)
    states = {p: gp.status for p, gp in uow.powers.all(game.id).items()}
    if states.get(power) in _SILENCED:
        raise Refusal("silenced", power=power, state=states[power].value)

    if game.press == "al_buio" and letter.outside:
        raise Refusal("direct_contact", gm_alert=True, copied=", ".join(sorted(letter.outside)))

    holders = {p: pl for p, pl in uow.assignments.current(game.id).items()
               if pl.status is PlayerStatus.ACTIVE and states.get(p) not in _SILENCED}
    targets, broadcast = _targets(board, letter.aliases, holders, power, options.alias_language)
    anonymous, subject, text = _anonymity(letter.subject, text)
    if anonymous and game.press != "grey":
        raise Refusal("anonymous_not_allowed", game=game.id)

    removed = say(game.language, "press.removed")
    needles = _needles(uow, game.id, letter, player)
    text = clean_body(text, needles, removed)
    subject = clean_subject(subject, needles, removed)
    if not text.strip() and not letter.images:
        raise Refusal("empty")
    if len(text) > MAX_TEXT:
        raise Refusal("too_long", size=len(text), limit=MAX_TEXT)
    return Press(player, power, targets, holders, broadcast, anonymous, subject, text,
                 letter.images, letter.dropped, code)


def _answers_press(uow: UnitOfWork, game_id: str, letter: Letter, power: str | None) -> bool:
    """A reply to a press message delivered to this player's nation: its Message-ID has
    a random part only that nation's mailbox has seen."""
    if power is None:
        return False
    for ref in letter.replied:
        found = uow.press.delivery(game_id, ref)
        if found is not None and found[0].power == power:
            return True
    return False


def _targets(
    board: Board,
    alias_names: tuple[str, ...],
    holders: Mapping[str, Player],
    power: str,
    lang: str,
) -> tuple[tuple[str, ...], bool]:
    wanted: set[str] = set()
    unknown: list[str] = []
    broadcast = False
    for alias in alias_names:
        found = aliases.resolve(board, alias)
        if found is None:
            unknown.append(alias)
        elif found == aliases.ANONYMOUS:
            raise Refusal("reply_anonymous")
        elif found == aliases.BROADCAST:
            broadcast = True
        else:
            wanted.add(found)
    if unknown:
        raise Refusal("unknown_alias", aliases=", ".join(sorted(set(unknown))),
                      addresses=", ".join(aliases.every_alias(board, lang)))
    if broadcast:
        targets = set(holders) - {power}
        if not targets:
            raise Refusal("no_recipient", powers=[])
        return tuple(sorted(targets)), True
    wanted.discard(power)
    if not wanted:
        raise Refusal("to_self")
    missing = sorted(wanted - set(holders))
    if missing:
        raise Refusal("no_recipient", powers=missing)
    return tuple(sorted(wanted)), False


def _anonymity(subject: str, text: str) -> tuple[bool, str, str]:
    """ANONIMO / ANONYMOUS as the subject's first word or as the first line of text."""
    words = subject.split()
    if words and words[0].strip(".:,;!").lower() in _ANON_WORDS:
        return True, " ".join(words[1:]), text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        if line.strip().strip(".:,;!").lower() in _ANON_WORDS:
            return True, subject, "\n".join(lines[:i] + lines[i + 1 :])
        break
    return False, subject, text


def _needles(uow: UnitOfWork, game_id: str, letter: Letter, player: Player) -> tuple[str, ...]:
    """Everything that names the sender: registered and written names and addresses,
    including those in Sender/Reply-To tricks; other players' full names too."""
    names = [letter.sender_name, player.name]
    addresses = [letter.sender, player.address, *letter.addresses]
    # Other display names (Sender, Reply-To...) go whole, not word by word: they often
    # hold ordinary words ("Mario (privato)").
    whole = [p.name for p in uow.players.list(game_id) if p.id != player.id]
    whole.extend(letter.header_names)
    return identity_needles(names, addresses, whole)


# -- queueing ------------------------------------------------------------------------------


def _queue(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    game: GameConfig,
    board: Board,
    press: Press,
    now: datetime,
    rng: random.Random,
) -> None:
    server = svc.config.server
    options = game.press_options
    delay = timedelta(seconds=rng.uniform(0, options.delay.total_seconds()))
    deliver_at = now + delay
    date = _floor(deliver_at, DATE_ROUNDING)
    images = press.images
    record = uow.press.record(
        game.id, phase=press.phase, from_power=press.power, to_powers=press.targets,
        broadcast=press.broadcast, anonymous=press.anonymous, subject=press.subject,
        text=press.text, now=now, deliver_at=deliver_at, images=len(images),
        source_mail_id=mail_id,
    )
    sender_alias = aliases.ANONYMOUS if press.anonymous else press.power
    from_address = aliases.address_of(server.referee_address, server.plus_separator, game.id,
                                      board, sender_alias, options.alias_language)
    for power in press.targets:
        player = press.holders[power]
        lang = player.language
        from_name = _from_name(board, press, lang)
        mail = svc.mailer.render("press_message", lang, {
            "game": {"id": game.id, "name": game.name},
            "from_name": from_name,
            "to_names": [power_name(board, p, lang) for p in press.targets],
            "broadcast": press.broadcast,
            "phase_name": phase_name(press.phase, lang) if press.phase else "",
            "subject": press.subject,
            "text": press.text,
            "images": len(images),
            "can_reply": not press.anonymous,
        })
        # The random part makes the Message-ID unguessable: it authenticates replies.
        key = f"press:{game.id}:{record.id}:{power}:{secrets.token_hex(16)}"
        row = uow.outbox.enqueue(
            key, recipients=[player.address], subject=mail.subject, body=mail.body, now=now,
            attachments=[
                Attachment(f"{say(lang, 'file.image')}-{i}.{_ext(im.content_type)}",
                           im.content_type, im.data)
                for i, im in enumerate(images, start=1)
            ],
            headers={"Reply-To": from_address, "From-Name": from_name},
            game_id=game.id, sender=from_address,
        )
        uow.press.hold(row, until=deliver_at, date=date)
        uow.press.add_delivery(record, power, player.id, message_id_for(key, server.referee_address))

    gm_lang = game.language
    svc.mailer.send(
        uow, f"press:{game.id}:{record.id}:gm", to=[game.gm_address], template="press_gm_copy",
        lang=gm_lang, now=now, game_id=game.id, context={
            "game": {"id": game.id, "name": game.name},
            "from_name": power_name(board, press.power, gm_lang),
            "sender": press.sender.address,
            "anonymous": press.anonymous,
            "broadcast": press.broadcast,
            "to_names": [power_name(board, p, gm_lang) for p in press.targets],
            "phase_name": phase_name(press.phase, gm_lang) if press.phase else "-",
            "deliver_at": when(deliver_at, game.timezone, gm_lang),
            "images": len(images),
            "subject": press.subject,
            "text": press.text,
        },
    )
    if options.receipts:
        lang = press.sender.language
        svc.mailer.to_player(uow, f"press:{game.id}:{record.id}:receipt", press.sender,
                             "press_receipt", {
            "game": {"id": game.id, "name": game.name},
            "from_name": power_name(board, press.power, lang),
            "anonymous": press.anonymous,
            "broadcast": press.broadcast,
            "to_names": [power_name(board, p, lang) for p in press.targets],
            "delayed": options.delay > timedelta(0),
            "delay": duration(options.delay, lang),
            "dropped": press.dropped,
            "text": press.text,
        }, now)


def _from_name(board: Board, press: Press, lang: str) -> str:
    return sender_name(board, press.power, press.anonymous, lang)


def _floor(moment: datetime, step: timedelta) -> datetime:
    epoch = datetime(2000, 1, 1, tzinfo=moment.tzinfo)
    return moment - (moment - epoch) % step


def _ext(content_type: str) -> str:
    return "png" if content_type == "image/png" else "jpg"


# -- refusals ------------------------------------------------------------------------------


def _refuse(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    letter: Letter,
    game: GameConfig,
    lang: str,
    now: datetime,
    no: Refusal,
) -> str:
    values = dict(no.values)
    if no.code == "silenced":
        board = svc.boards(game.variant)
        values["power"] = power_name(board, values["power"], lang)
        values["state"] = state_text(values["state"], lang)
    if no.code == "no_recipient":
        board = svc.boards(game.variant)
        values["powers"] = ", ".join(power_name(board, p, lang) for p in values["powers"]) or "-"
    text = reason_text(no.code, lang, **values)
    svc.mailer.send(
        uow, f"mail:{mail_id}:press-refused", to=[letter.sender], template="press_refused",
        lang=lang, now=now, game_id=game.id,
        context={"reason": text, "subject": _echo(letter.subject), "game_id": game.id},
    )
    if no.gm_alert:
        alert_gm(svc, uow, f"mail:{mail_id}:press-gm-alert", game.gm_address, game.language,
                 f"press: {no.code}", f"{letter.sender}: {_echo(letter.subject)}\n{text}",
                 now, game.id)
    return f"press refused: {no.code}"


def _echo(subject: str) -> str:
    return re.sub(r"\s+", " ", subject).strip()[:200]
