"""A player's account (issue 16): PASSWORD changes the password (the old one required);
INDIRIZZO / ADDRESS moves the player to a new address once a mail from that address
answers the confirmation sent to it. Both are audited and the GM is told."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Sequence
from datetime import datetime, timedelta

from ..config.values import address as valid_address
from ..store import PlayerStatus, verify_password
from ..words import say
from .access import Caller
from .answers import send_answer
from .reply import Reply, refused
from .table import Table

CONFIRM_WITHIN = timedelta(days=3)  # an unanswered move lapses; the player asks again
MIN_PASSWORD = 4


def _tell_gm(table: Table, key: str, what: str, details: str) -> None:
    if table.listed:
        lang = table.config.language
        table.office.alert(key, table.config.gm_address, lang, say(lang, what), details, table.game_id)


def change_password(table: Table, caller: Caller, old: str, new: str, mail_id: int | None) -> Reply:
    player = table.active_player(caller.address)
    if player is None:
        return refused("not_player", game=table.game_id)
    if not verify_password(old, player.password_hash):
        return refused("wrong_password")
    if len(new) < MIN_PASSWORD or new == old:
        return refused("weak_password", allowed=MIN_PASSWORD)
    table.uow.players.set_password(player, new)
    table.audit("password", player.address, player=player.id, mail=mail_id)
    lang = player.language
    send_answer(table.office, f"mail:{mail_id}:password", player.address, lang, table.game_id,
                say(lang, "account.password.heading"), say(lang, "account.password.done"))
    _tell_gm(table, f"mail:{mail_id}:password-gm", "alert.password_changed",
             f"{player.address} ({table.game_id})")
    return Reply(True, note="password changed")


def request_move(table: Table, caller: Caller, new: str, mail_id: int | None) -> Reply:
    """Mail a token to the new address; nothing moves until it answers."""
    player = table.active_player(caller.address)
    if player is None:
        return refused("not_player", game=table.game_id)
    try:
        target = valid_address(new.strip("<>"))
    except ValueError:
        return refused("bad_address", address=new)
    if target == player.address:
        return refused("same_address", address=target)
    if table.player_at(target) is not None:
        return refused("address_taken", address=target)
    token = secrets.token_hex(8)
    now = table.now
    table.uow.address_changes.request(player, target, token, now, now + CONFIRM_WITHIN)
    table.audit("address_requested", player.address, player=player.id, new=target, mail=mail_id)
    lang = player.language
    command = f"{say(lang, 'command.confirm')} {token}"
    send_answer(table.office, f"mail:{mail_id}:address-confirm", target, lang, table.game_id,
                say(lang, "account.address.confirm_heading", detail=token),
                say(lang, "account.address.confirm", game=table.game_id, name=target,
                    command=command, deadline=_when(table, now + CONFIRM_WITHIN, lang)),
                reply_token=table.game_id)
    send_answer(table.office, f"mail:{mail_id}:address-asked", player.address, lang, table.game_id,
                say(lang, "account.address.heading"),
                say(lang, "account.address.asked", address=target,
                    deadline=_when(table, now + CONFIRM_WITHIN, lang)))
    return Reply(True, note="address move asked")


def confirm_move(table: Table, caller: Caller, words: Sequence[str], mail_id: int | None) -> Reply:
    """The new address answers: the move is done if the token is one of its own and fresh."""
    game_id = table.game_id
    waiting = table.uow.address_changes.waiting_for(game_id, caller.address)
    given = [w.strip(".,;:<>[]()").lower() for w in words][:200]
    change = next((c for c in waiting for w in given
                   if hmac.compare_digest(c.token.encode(), w.encode())), None)
    if change is None:
        return refused("bad_token")
    if change.expires_at <= table.now:
        return refused("token_expired")
    player = table.uow.players.get(change.player_id)
    if player.status is not PlayerStatus.ACTIVE or player.address != change.old_address:
        return refused("bad_token")
    if table.player_at(change.new_address) is not None:
        return refused("address_taken", address=change.new_address)
    old = player.address
    table.uow.address_changes.confirm(change, player, table.now)
    table.audit("address_changed", change.new_address, player=player.id, old=old,
                new=change.new_address, mail=mail_id)
    lang = player.language
    for to in (change.new_address, old):
        send_answer(table.office, f"mail:{mail_id}:address-done:{to}", to, lang, game_id,
                    say(lang, "account.address.heading"),
                    say(lang, "account.address.done", address=change.new_address))
    _tell_gm(table, f"mail:{mail_id}:address-gm", "alert.address_changed",
             f"{old} -> {change.new_address} ({game_id})")
    return Reply(True, note="address moved")


def _when(table: Table, moment: datetime, lang: str) -> str:
    return table.when(moment, lang) if table.listed else moment.isoformat()
