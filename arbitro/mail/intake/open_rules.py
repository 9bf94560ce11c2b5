"""The rules for mail from people who need no password (issue 16), in ``rules.RULES``:

- PARTITE / GAMES answers anyone, even a mail that names no game;
- someone who is not a player of the game may OSSERVA / NON OSSERVARE (where the GM allows
  it), answer an address confirmation (CONFERMA), and — once observing — read what every
  player reads after a phase (MAPPA, STORIA, RIEPILOGO, AIUTO); press and anything else
  private are refused with the reason;
- PASSWORD checks the old password itself (it is the command's own argument).
"""

from __future__ import annotations

from dataclasses import replace

from ...service.access import Role
from ...service.games_list import games_list
from ...store import InboundStatus
from .commands import account
from .commands.base import Request
from .rules import RULES, Arrival, Handled, Rule, _request

# What an observer may ask: the public side of the game.
FOR_OBSERVERS = frozenset({"map", "history", "summary", "help", "games", "observe", "unobserve"})
# What the GM (with the GM password) may ask though not a player.
FOR_THE_GM = frozenset({"map", "history", "summary", "games"})
# What anyone who is not a player may send without a password.
FOR_ANYONE = frozenset({"games", "observe", "unobserve", "confirm"})


def _stranger(a: Arrival) -> Request:
    """The mail's request as a stranger's: no identity asked, not the GM (the language is
    the caller's, theirs if they play anywhere here, else the mail's words')."""
    req = _request(a)
    return replace(req, caller=replace(req.caller, role=Role.STRANGER, gm=False), is_gm=False)


def games(a: Arrival) -> Handled | None:
    """PARTITE from anyone; with no game named, the referee's office answers."""
    if a.command[0].name != "games":
        return None
    if a.game is not None:
        return Handled(InboundStatus.PROCESSED, a.command[0].run(_stranger(a)), a.game.id)
    reply = games_list(a.office, a.caller, a.mail_id)
    note = reply.note if reply.ok else a.refuse(a.lang, reply.reason or "bad_arguments", None)
    return Handled(InboundStatus.PROCESSED, note)


def strangers(a: Arrival) -> Handled | None:
    """Mail from someone who is not a player of the game (nor its GM)."""
    game = a.known_game
    sender = a.mail.from_address
    command = a.command[0]
    if command.name == "confirm":  # the token is the proof, whoever the sender is
        return Handled(InboundStatus.PROCESSED, command.run(_stranger(a)), game.id)
    if sender == game.gm_address.lower():
        if a.is_gm and command.name in FOR_THE_GM:  # the GM reads what players read
            req = _request(a)
            req = replace(req, caller=replace(req.caller, lang=game.language))
            return Handled(InboundStatus.PROCESSED, command.run(req), game.id)
        return None
    if a.table.player_at(sender) is not None:
        return None
    observing = a.table.is_observer(sender)
    relay = any(ref.alias for ref in a.refs)
    if command.name in FOR_ANYONE and not relay:
        return Handled(InboundStatus.PROCESSED, command.run(_stranger(a)), game.id)
    if not observing:
        return None  # the usual answers to a stranger (not a player, press refused...)
    if relay or command.name not in FOR_OBSERVERS:
        note = a.refuse(a.lang, "observer_private", game.id, game=game.id)
        return Handled(InboundStatus.PROCESSED, note, game.id)
    return Handled(InboundStatus.PROCESSED, command.run(_stranger(a)), game.id)


def password(a: Arrival) -> Handled | None:
    """PASSWORD <old> <new>: the old password is the proof (a player of the game only)."""
    if a.command[0] is not account.PASSWORD:
        return None
    if not a.caller.registered:
        return None  # the usual refusal for a stranger
    return Handled(InboundStatus.PROCESSED,
                   account.change_password(_request(a), a.password_and_body[0]), a.known_game.id)


def _chain() -> tuple[Rule, ...]:
    """The house's rules with these put in place: PARTITE before a mail needs a game,
    strangers before press, PASSWORD before the password check."""
    before = {"unknown-game": Rule("games", games), "press": Rule("strangers", strangers),
              "unauthenticated": Rule("password", password)}
    out: list[Rule] = []
    for rule in RULES:
        if rule.name in before:
            out.append(before[rule.name])
        out.append(rule)
    return tuple(out)


CHAIN = _chain()
