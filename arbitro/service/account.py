"""A player's account (issue 16): PASSWORD changes the password (the old one required);
INDIRIZZO / ADDRESS moves the player to a new address once a mail from that address
answers the confirmation sent to it. Both are audited and the GM is told."""

from __future__ import annotations

import hmac
import secrets
from datetime import datetime, timedelta

from ..config.values import address as valid_address
from ..store import PlayerStatus, UnitOfWork, verify_password
from ..store.models import Player
from ..words import say
from .answers import Answer, send_answer
from .common import Services
from .notices import alert_gm

CONFIRM_WITHIN = timedelta(days=3)  # an unanswered move lapses; the player asks again
MIN_PASSWORD = 4


def _player(uow: UnitOfWork, game_id: str, address: str) -> Player | None:
    player = uow.players.by_address(game_id, address)
    return player if player is not None and player.status is PlayerStatus.ACTIVE else None


def _tell_gm(svc: Services, uow: UnitOfWork, game_id: str, key: str, what: str, details: str,
             now: datetime) -> None:
    ctx = svc.ctx(game_id)
    if ctx is not None:
        lang = ctx.config.language
        alert_gm(svc, uow, key, ctx.config.gm_address, lang, say(lang, what), details, now, game_id)


def change_password(svc: Services, uow: UnitOfWork, game_id: str, address: str, old: str,
                    new: str, now: datetime, mail_id: int | None) -> Answer:
    player = _player(uow, game_id, address)
    if player is None:
        return Answer.refused("not_player", game=game_id)
    if not verify_password(old, player.password_hash):
        return Answer.refused("wrong_password")
    if len(new) < MIN_PASSWORD or new == old:
        return Answer.refused("weak_password", allowed=MIN_PASSWORD)
    uow.players.set_password(player, new)
    uow.audit.record("password", actor=player.address, now=now, game_id=game_id,
                     details={"player": player.id, "mail": mail_id})
    lang = player.language
    send_answer(svc, uow, f"mail:{mail_id}:password", player.address, lang, game_id,
                say(lang, "account.password.heading"), say(lang, "account.password.done"), now)
    _tell_gm(svc, uow, game_id, f"mail:{mail_id}:password-gm", "alert.password_changed",
             f"{player.address} ({game_id})", now)
    return Answer(True, note="password changed")


def request_move(svc: Services, uow: UnitOfWork, game_id: str, address: str, new: str,
                 now: datetime, mail_id: int | None) -> Answer:
    """Mail a token to the new address; nothing moves until it answers."""
    player = _player(uow, game_id, address)
    if player is None:
        return Answer.refused("not_player", game=game_id)
    try:
        target = valid_address(new.strip("<>"))
    except ValueError:
        return Answer.refused("bad_address", address=new)
    if target == player.address:
        return Answer.refused("same_address", address=target)
    if uow.players.by_address(game_id, target) is not None:
        return Answer.refused("address_taken", address=target)
    token = secrets.token_hex(8)
    uow.address_changes.request(player, target, token, now, now + CONFIRM_WITHIN)
    uow.audit.record("address_requested", actor=player.address, now=now, game_id=game_id,
                     details={"player": player.id, "new": target, "mail": mail_id})
    lang = player.language
    command = f"{say(lang, 'command.confirm')} {token}"
    send_answer(svc, uow, f"mail:{mail_id}:address-confirm", target, lang, game_id,
                say(lang, "account.address.confirm_heading", detail=token),
                say(lang, "account.address.confirm", game=game_id, name=target,
                    command=command, deadline=_when(svc, game_id, now + CONFIRM_WITHIN, lang)),
                now, reply_token=game_id)
    send_answer(svc, uow, f"mail:{mail_id}:address-asked", player.address, lang, game_id,
                say(lang, "account.address.heading"),
                say(lang, "account.address.asked", address=target,
                    deadline=_when(svc, game_id, now + CONFIRM_WITHIN, lang)), now)
    return Answer(True, note="address move asked")


def confirm_move(svc: Services, uow: UnitOfWork, game_id: str, sender: str, words: list[str],
                 now: datetime, mail_id: int | None) -> Answer:
    """The new address answers: the move is done if the token is one of its own and fresh."""
    waiting = uow.address_changes.waiting_for(game_id, sender)
    given = [w.strip(".,;:<>[]()").lower() for w in words][:200]
    change = next((c for c in waiting for w in given
                   if hmac.compare_digest(c.token.encode(), w.encode())), None)
    if change is None:
        return Answer.refused("bad_token")
    if change.expires_at <= now:
        return Answer.refused("token_expired")
    player = uow.players.get(change.player_id)
    if player.status is not PlayerStatus.ACTIVE or player.address != change.old_address:
        return Answer.refused("bad_token")
    if uow.players.by_address(game_id, change.new_address) is not None:
        return Answer.refused("address_taken", address=change.new_address)
    old = player.address
    uow.address_changes.confirm(change, player, now)
    uow.audit.record("address_changed", actor=change.new_address, now=now, game_id=game_id,
                     details={"player": player.id, "old": old, "new": change.new_address,
                              "mail": mail_id})
    lang = player.language
    for to in (change.new_address, old):
        send_answer(svc, uow, f"mail:{mail_id}:address-done:{to}", to, lang, game_id,
                    say(lang, "account.address.heading"),
                    say(lang, "account.address.done", address=change.new_address), now)
    _tell_gm(svc, uow, game_id, f"mail:{mail_id}:address-gm", "alert.address_changed",
             f"{old} -> {change.new_address} ({game_id})", now)
    return Answer(True, note="address moved")


def _when(svc: Services, game_id: str, moment: datetime, lang: str) -> str:
    from .common import deadline_words

    ctx = svc.ctx(game_id)
    return deadline_words(ctx, moment, lang) if ctx is not None else moment.isoformat()
