"""The press relay (issue 7, R-MAIL-3): one letter to nation aliases in, rebuilt mails out.

Called by the mail rules, inside the mail's unit of work, for any mail addressed to a
relay alias, with the mail already read into a ``Letter`` (``mail/mime/letters.py``). The
rules (``press/rules.py``) judge it over what this module reads of the game; a refused
letter leaks nothing: the sender gets the reason, the recipients get nothing. A relayed
message is built anew from the cleaned text (and re-drawn images when the GM allows
them) and goes out under the sender nation's alias, one mail per recipient, with a
Message-ID holding a random part (a reply carrying it needs no password), a Date rounded
down to the hour and an optional random delay. The GM gets a copy; the archive keeps it.
"""

from __future__ import annotations

import random
import re
import secrets
from datetime import datetime, timedelta

from ..diplomacy.board import Board
from ..press import aliases
from ..press.letter import Letter
from ..press.reasons import reason_text, state_text
from ..press.rules import Press, Refusal, Seats, judge
from ..reports import phase_name, power_name, when
from ..store import Attachment, GameStatus, PlayerStatus
from ..store.models import Player
from ..words import say
from ..words.dates import duration
from .access import Caller
from .mailer import message_id_for
from .press_archive import sender_name
from .reply import Reply
from .table import Table

DATE_ROUNDING = timedelta(hours=1)


def relay_press(table: Table, caller: Caller, mail_id: int, letter: Letter, *,
                rng: random.Random | None = None) -> Reply:
    """Relay or refuse one letter to relay aliases (refusals answered in ``caller.lang``)."""
    game = table.config
    seats = _seats(table, letter)
    try:
        press = judge(letter, game, table.board, seats)
    except Refusal as no:
        return _refuse(table, caller, mail_id, letter, no)
    sender = table.active_player(letter.sender)
    assert sender is not None  # judged: an active player
    _queue(table, mail_id, sender, press, rng or random.SystemRandom())
    targets = "all" if press.broadcast else ",".join(press.targets)
    note = f"press relayed: {press.power} -> {targets}" + (" (anonymous)" if press.anonymous else "")
    return Reply(True, note=note, power=press.power, phase=press.phase)


def _seats(table: Table, letter: Letter) -> Seats:
    player = table.active_player(letter.sender)
    power = table.power_of(player) if player is not None else None
    stored = table.found
    return Seats(
        player=player.address if player is not None else None,
        player_name=player.name if player is not None else "",
        power=power,
        started=stored is not None and stored.status is not GameStatus.FORMING,
        finished=stored is not None and stored.status is GameStatus.FINISHED,
        phase=table.phase.code if stored is not None and table.phase is not None else None,
        standings={p: gp.status.value for p, gp in table.powers.items()},
        held=frozenset(p for p, pl in table.holders.items() if pl.status is PlayerStatus.ACTIVE),
        answers_press=letter.identity_problem == "no_password" and _answers_press(table, letter, power),
        other_names=tuple(p.name for p in table.uow.players.list(table.game_id)
                          if player is None or p.id != player.id),
    )


def _answers_press(table: Table, letter: Letter, power: str | None) -> bool:
    """A reply to a press message delivered to this player's nation: its Message-ID has
    a random part only that nation's mailbox has seen."""
    if power is None:
        return False
    for ref in letter.replied:
        found = table.uow.press.delivery(table.game_id, ref)
        if found is not None and found[0].power == power:
            return True
    return False


def _queue(table: Table, mail_id: int, sender: Player, press: Press, rng: random.Random) -> None:
    game, board, now = table.config, table.board, table.now
    options = game.press_options
    holders = table.holders
    delay = timedelta(seconds=rng.uniform(0, options.delay.total_seconds()))
    deliver_at = now + delay
    date = _floor(deliver_at, DATE_ROUNDING)
    images = press.images
    record = table.uow.press.record(
        game.id, phase=press.phase, from_power=press.power, to_powers=press.targets,
        broadcast=press.broadcast, anonymous=press.anonymous, subject=press.subject,
        text=press.text, now=now, deliver_at=deliver_at, images=len(images),
        source_mail_id=mail_id,
    )
    server = table.services.config.server
    referee = server.referee_address
    from_address = aliases.address_of(referee, server.plus_separator, game.id, board,
                                      aliases.ANONYMOUS if press.anonymous else press.power,
                                      options.alias_language)
    for power in press.targets:
        player = holders[power]
        lang = player.language
        from_name = sender_name(board, press.power, press.anonymous, lang)
        mail = table.services.mailer.render("press_message", lang, {
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
        row = table.outbox.put(
            key, [player.address], mail, game.id,
            [Attachment(f"{say(lang, 'file.image')}-{i}.{_ext(im.content_type)}",
                        im.content_type, im.data)
             for i, im in enumerate(images, start=1)],
            {"Reply-To": from_address, "From-Name": from_name}, sender=from_address,
        )
        table.uow.press.hold(row, until=deliver_at, date=date)
        table.uow.press.add_delivery(record, power, player.id, message_id_for(key, referee))

    gm_lang = game.language
    table.send(
        f"press:{game.id}:{record.id}:gm", [game.gm_address], "press_gm_copy", gm_lang,
        {
            "game": {"id": game.id, "name": game.name},
            "from_name": power_name(board, press.power, gm_lang),
            "sender": sender.address,
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
        lang = sender.language
        table.to_player(f"press:{game.id}:{record.id}:receipt", sender, "press_receipt", {
            "game": {"id": game.id, "name": game.name},
            "from_name": power_name(board, press.power, lang),
            "anonymous": press.anonymous,
            "broadcast": press.broadcast,
            "to_names": [power_name(board, p, lang) for p in press.targets],
            "delayed": options.delay > timedelta(0),
            "delay": duration(options.delay, lang),
            "dropped": press.dropped,
            "text": press.text,
        })


def _floor(moment: datetime, step: timedelta) -> datetime:
    epoch = datetime(2000, 1, 1, tzinfo=moment.tzinfo)
    return moment - (moment - epoch) % step


def _ext(content_type: str) -> str:
    return "png" if content_type == "image/png" else "jpg"


def _refuse(table: Table, caller: Caller, mail_id: int, letter: Letter, no: Refusal) -> Reply:
    game, lang = table.config, caller.lang
    board: Board = table.board
    values = dict(no.values)
    if no.code == "silenced":
        values["power"] = power_name(board, str(values["power"]), lang)
        values["state"] = state_text(str(values["state"]), lang)
    if no.code == "no_recipient":
        named = values["powers"]
        assert isinstance(named, list)
        values["powers"] = ", ".join(power_name(board, p, lang) for p in named) or "-"
    text = reason_text(no.code, lang, **values)
    key = f"mail:{mail_id}:press-refused"
    table.send(key, [letter.sender], "press_refused", lang,
               {"reason": text, "subject": _echo(letter.subject), "game_id": game.id})
    if no.gm_alert:
        table.office.alert(f"mail:{mail_id}:press-gm-alert", game.gm_address, game.language,
                           f"press: {no.code}", f"{letter.sender}: {_echo(letter.subject)}\n{text}",
                           game.id)
    return Reply(False, f"press.{no.code}", note=f"press refused: {no.code}", mailed=key)


def _echo(subject: str) -> str:
    return re.sub(r"\s+", " ", subject).strip()[:200]
