"""The press relay (issue 7, R-MAIL-3): one mail to nation aliases in, rebuilt mails out.

Called by the mail handler, inside the mail's transaction, for any mail addressed to a
relay alias. Every rule is checked before anything is queued, so a refused mail leaks
nothing: the sender gets the reason, the recipients get nothing. A relayed message is
built anew from the cleaned text (and re-drawn images when the GM allows them) and goes
out under the sender nation's alias, one mail per recipient, with a Message-ID holding a
random part (a reply carrying it needs no password), a Date rounded down to the hour and
an optional random delay. The GM gets a copy; the archive keeps it.
"""

from __future__ import annotations

import email
import email.header
import email.policy
import email.utils
import random
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from ..config import Config, GameConfig
from ..game.board import Board
from ..mail.addressing import GameRef, plus_tag
from ..mail.auth import identify, take_password
from ..mail.compose import message_id_for
from ..mail.message import InboundMail
from ..reports import phase_name, power_name, when
from ..store import Attachment, GameStatus, PlayerStatus, PowerStatus, UnitOfWork
from ..store.models import Player
from . import aliases
from .clean import clean_body, clean_subject, identity_needles
from .extract import Content, extract
from .reasons import reason_text, state_text
from ..words import say
from ..words.dates import duration

if TYPE_CHECKING:  # the service may import this package (publish_press)
    from ..service.common import Services

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
    content: Content
    phase: str | None


def relay_press(
    svc: Services,
    uow: UnitOfWork,
    mail_id: int,
    mail: InboundMail,
    game: GameConfig,
    refs: Sequence[GameRef],
    now: datetime,
    lang: str,
    *,
    rng: random.Random | None = None,
) -> str:
    """Relay or refuse one mail to relay aliases; returns the note for the log."""
    board = svc.boards(game.variant)
    row = uow.inbound.get(mail_id)
    raw = row.raw or b""
    try:
        press = _check(svc.config, uow, mail, raw, game, board, refs)
    except Refusal as no:
        return _refuse(svc, uow, mail_id, mail, game, lang, now, no)
    _queue(svc, uow, mail_id, game, board, press, now, rng or random.SystemRandom())
    targets = "all" if press.broadcast else ",".join(press.targets)
    return f"press relayed: {press.power} -> {targets}" + (" (anonymous)" if press.anonymous else "")


# -- the rules -----------------------------------------------------------------------------


def _check(
    config: Config,
    uow: UnitOfWork,
    mail: InboundMail,
    raw: bytes,
    game: GameConfig,
    board: Board,
    refs: Sequence[GameRef],
) -> Press:
    server = config.server
    if any(ref.game != game.id for ref in refs):
        raise Refusal("other_game")
    if game.press == "none":
        raise Refusal("press_none", game=game.id)
    options = game.press_options
    content = extract(raw, images=options.images)
    password, text = take_password(content.text)
    player = uow.players.by_address(game.id, mail.from_address)
    if player is None or player.status is not PlayerStatus.ACTIVE:
        raise Refusal("not_player", game=game.id)
    power = uow.assignments.power_of(player)
    identity = identify(uow, game.id, mail, password, server.referee_address,
                        server.plus_separator)
    if identity.problem == "no_password" and not _answers_press(uow, game.id, mail, power):
        raise Refusal("no_password")
    if identity.problem == "wrong_password":
        raise Refusal("wrong_password", gm_alert=True)
    if identity.problem not in (None, "no_password"):
        raise Refusal(identity.problem, game=game.id)

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

    if game.press == "al_buio":
        outside = [a for a in mail.recipients if not _referee_mailbox(a, server.referee_address,
                                                                      server.plus_separator)]
        if outside:
            raise Refusal("direct_contact", gm_alert=True, copied=", ".join(sorted(outside)))

    holders = {p: pl for p, pl in uow.assignments.current(game.id).items()
               if pl.status is PlayerStatus.ACTIVE and states.get(p) not in _SILENCED}
    targets, broadcast = _targets(board, refs, holders, power, game.press_options.alias_language)
    anonymous, subject, text = _anonymity(mail.subject, text)
    if anonymous and game.press != "grey":
        raise Refusal("anonymous_not_allowed", game=game.id)

    removed = say(game.language, "press.removed")
    needles = _needles(uow, game.id, mail, raw, player)
    text = clean_body(text, needles, removed)
    subject = clean_subject(subject, needles, removed)
    if not text.strip() and not content.images:
        raise Refusal("empty")
    if len(text) > MAX_TEXT:
        raise Refusal("too_long", size=len(text), limit=MAX_TEXT)
    return Press(player, power, targets, holders, broadcast, anonymous, subject, text, content,
                 code)


def _answers_press(uow: UnitOfWork, game_id: str, mail: InboundMail, power: str | None) -> bool:
    """A reply to a press message delivered to this player's nation: its Message-ID has
    a random part only that nation's mailbox has seen."""
    if power is None:
        return False
    for ref in (mail.in_reply_to, *reversed(mail.references)):
        if ref:
            found = uow.press.delivery(game_id, ref)
            if found is not None and found[0].power == power:
                return True
    return False


def _referee_mailbox(address: str, referee: str, separator: str) -> bool:
    return address == referee.lower() or plus_tag(address, referee, separator) is not None


def _targets(
    board: Board,
    refs: Sequence[GameRef],
    holders: Mapping[str, Player],
    power: str,
    lang: str,
) -> tuple[tuple[str, ...], bool]:
    wanted: set[str] = set()
    unknown: list[str] = []
    broadcast = False
    for ref in refs:
        found = aliases.resolve(board, ref.alias or "")
        if found is None:
            unknown.append(ref.alias or "")
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


_ADDR_HEADERS = ("From", "Sender", "Reply-To", "Return-Path", "Resent-From", "Resent-Sender",
                 "Errors-To", "Disposition-Notification-To", "Return-Receipt-To")


def _needles(
    uow: UnitOfWork, game_id: str, mail: InboundMail, raw: bytes, player: Player
) -> tuple[str, ...]:
    """Everything that names the sender: registered and written names and addresses,
    including those in Sender/Reply-To tricks; other players' full names too."""
    names = [mail.from_name, player.name]
    addresses = [mail.from_address, player.address, *mail.reply_to, mail.return_path]
    # Other display names (Sender, Reply-To...) go whole, not word by word: they often
    # hold ordinary words ("Mario (privato)").
    whole = [p.name for p in uow.players.list(game_id) if p.id != player.id]
    try:
        msg = email.message_from_bytes(raw, policy=email.policy.compat32)
        for header in _ADDR_HEADERS:
            for display, address in email.utils.getaddresses(
                [_decoded(str(v)) for v in msg.get_all(header) or []]
            ):
                whole.append(display)
                addresses.append(address)
    except Exception:  # noqa: BLE001, S110 — the parsed InboundMail gave the main ones
        pass
    return identity_needles(names, addresses, whole)


def _decoded(value: str) -> str:
    try:
        return str(email.header.make_header(email.header.decode_header(value)))
    except Exception:  # noqa: BLE001
        return value


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
    images = press.content.images
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
                Attachment(f"{'immagine' if lang == 'it' else 'image'}-{i}.{_ext(im.content_type)}",
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
            "dropped": press.content.dropped,
            "text": press.text,
        }, now)


def _from_name(board: Board, press: Press, lang: str) -> str:
    if press.anonymous:
        return say(lang, "press.anonymous")
    return power_name(board, press.power, lang)


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
    mail: InboundMail,
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
        uow, f"mail:{mail_id}:press-refused", to=[mail.from_address], template="press_refused",
        lang=lang, now=now, game_id=game.id,
        context={"reason": text, "subject": _echo(mail.subject), "game_id": game.id},
    )
    if no.gm_alert:
        svc.mailer.send(
            uow, f"mail:{mail_id}:press-gm-alert", to=[game.gm_address], template="gm_alert",
            lang=game.language, now=now, game_id=game.id,
            context={"what": f"press: {no.code}", "game_id": game.id,
                     "details": f"{mail.from_address}: {_echo(mail.subject)}\n{text}"},
        )
    return f"press refused: {no.code}"


def _echo(subject: str) -> str:
    return re.sub(r"\s+", " ", subject).strip()[:200]
