"""The checks an inbound mail goes through, as small named rules applied in order (the
GNU Mailman model): each rule looks at the mail and either decides what becomes of it or
passes it on; the first that decides ends the chain. The last rule, the command, always
decides.

What the rules find out along the way (the game, who is asking and in which language, the
command) is read once, when a rule first asks, on the ``Arrival``. The rules reach the
referee only through the unit of work's ``Office`` and the game's ``Table``; who the
sender is comes from the service's ``identity.identify``, over the plain values the mail
carries (``Credentials``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import cached_property

from ...config import Config, GameConfig
from ...diplomacy.reading.lines import parse_orders
from ...diplomacy.reading.reports import IGNORED
from ...service.access import Caller, Credentials, check_secret
from ...service.identity import identify, language_of, stranger
from ...service.notices import operator_of
from ...service.press import relay_press
from ...service.table import Office, Table
from ...store import InboundStatus
from ...words import say
from ..mime.history import line_kinds
from ..mime.letters import read_letter
from ..mime.message import InboundMail
from .addressing import GameRef, find_games
from .auth import take_password
from .bounces import read_bounce
from .commands import ALONE, COMMANDS, DEFAULT, FIRST, by_words
from .commands.base import Command, Request
from .commands.help import send_help, send_help_to
from .commands.replies import reason_text, refuse
from .guards import NO_SENDER, RateLimiter, own_copy, should_not_answer

_REPLY_PREFIX = re.compile(r"^\s*((re|r|fwd?|i|inoltra|aw|sv)\s*(\[\d+\])?\s*:\s*)+", re.IGNORECASE)
_TAG = re.compile(r"\[[^\]]*\]")
_GAME_LINE = re.compile(r"^\s*\*?(partita|game)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Step:
    """One command of a mail, with its arguments and the text it reads."""

    command: Command
    words: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Handled:
    status: InboundStatus
    note: str
    game_id: str | None = None


@dataclass(eq=False)
class Arrival:
    """One mail on its way through the rules, inside its unit of work."""

    office: Office
    limiter: RateLimiter
    mail_id: int
    mail: InboundMail
    raw: bytes

    config: Config = field(init=False)
    referee: str = field(init=False)
    sep: str = field(init=False)

    def __post_init__(self) -> None:
        self.config = self.office.config
        self.referee = self.config.server.referee_address
        self.sep = self.config.server.plus_separator

    @property
    def now(self) -> datetime:
        return self.office.now

    def refuse(self, lang: str, code: str, game_id: str | None, **values: object) -> str:
        return refuse(self.office, self.mail_id, self.mail.from_address, lang, code, game_id,
                      self.mail.subject, **values)

    @cached_property
    def silent(self) -> str | None:
        """Why the referee must not answer (a robot, a loop, no sender), or None."""
        return should_not_answer(self.mail, [self.referee], self.sep)

    @cached_property
    def refs(self) -> tuple[GameRef, ...]:
        return find_games(self.mail, self.referee, self.sep, [g.id for g in self.config.games])

    @cached_property
    def game(self) -> GameConfig | None:
        if self.refs:
            return self.config.game(self.refs[0].game)
        # A player of a single game need not name it.
        address = self.mail.from_address
        mine = set(self.office.games_of(address))
        mine |= {g.id for g in self.config.games if g.gm_address.lower() == address}
        return self.config.game(mine.pop()) if len(mine) == 1 else None

    @property
    def known_game(self) -> GameConfig:
        assert self.game is not None, "a rule before this one answers mail of no game"
        return self.game

    @property
    def table(self) -> Table:
        """The mail's game in this unit of work."""
        return self.office.table(self.known_game.id)

    @cached_property
    def credentials(self) -> Credentials:
        """What the mail says about its sender, as plain values."""
        mail = self.mail
        return Credentials(mail.from_address, (*mail.to, *mail.cc, *mail.delivered_to),
                           self.password_and_body[0], f"{mail.subject}\n{mail.body}")

    @cached_property
    def lang(self) -> str:
        """The language to answer in (the caller's, resolved once: ``identity.language_of``)."""
        return language_of(self.office, self.credentials, self.game)

    @cached_property
    def caller(self) -> Caller:
        """Who sent it (R-MAIL-2): resolved once, from the mail's plain values."""
        if self.game is None:
            return stranger(self.office, self.credentials, None)
        return identify(self.table, self.credentials)

    @cached_property
    def password_and_body(self) -> tuple[str | None, str]:
        return take_password(self.mail.body)

    @cached_property
    def command(self) -> tuple[Command, tuple[str, ...], str]:
        """The command word (from the subject or the first line), its arguments, the rest."""
        body = self.password_and_body[1]
        subject = _TAG.sub(" ", _REPLY_PREFIX.sub("", self.mail.subject)).split()
        if subject and (found := by_words(subject)) is not None:
            return found[0], tuple(subject[found[1]:]), body
        line, rest = command_line(body)
        words = line.split()
        if words and (found := by_words(words)) is not None:
            return found[0], tuple(words[found[1]:]), rest
        return DEFAULT, (), body

    @cached_property
    def plan(self) -> tuple[Step, ...]:
        """Every command of the mail, in the order they run (issue 16): the first one
        (subject or first line); lines that are a command of their own among orders or
        after the first (``ALONE``: STATO, AIUTO, ATTENDI...); and the orders, when the
        mail holds any. Requests to wait run first, so the orders' confirmation says what
        happens next; what only reads the game (STATO) runs after the orders."""
        first, words, text = self.command
        if first is not DEFAULT and first.name not in ALONE:
            return (Step(first, words, text),)  # VOTO, PREFERENZE, GM commands read the rest
        more, rest = alone_lines(text)
        steps = [] if first is DEFAULT else [Step(first, words, "")]
        steps += [Step(c, w, "") for c, w in more]
        if first is DEFAULT and not more:
            steps.append(Step(DEFAULT, (), rest))
        elif self.game is not None and self._has_orders(rest):
            steps.append(Step(DEFAULT, (), rest))
        return tuple(sorted(steps, key=_stage))

    def _has_orders(self, text: str) -> bool:
        report = parse_orders(self.table.board, text, lang=self.known_game.language,
                              classify=line_kinds)
        return not all(line.status == IGNORED for line in report.lines)

    @cached_property
    def help_only(self) -> bool:
        """AIUTO/HELP and nothing else: answered to anyone, without a password."""
        if self.command[0].name != "help" or any(ref.alias for ref in self.refs):
            return False  # press to a nation's alias is press, whatever its first word
        return self.game is None or all(s.command.name == "help" for s in self.plan)

    @cached_property
    def is_gm(self) -> bool:
        game = self.known_game
        return self.mail.from_address == game.gm_address.lower() and check_secret(
            self.password_and_body[0], game.gm_password, game.gm_password_hash
        )

    @cached_property
    def as_gm(self) -> bool:
        """The GM's own commands, STATUS and HELP: who the GM is as a player is not asked."""
        return self.is_gm and all(s.command.gm_only or s.command.name in ("status", "help")
                                  for s in self.plan)

    @property
    def problem(self) -> str | None:
        """Why the sender is not proved (R-MAIL-2), or None."""
        return None if self.as_gm else self.caller.problem


@dataclass(frozen=True)
class Rule:
    name: str
    check: Callable[[Arrival], Handled | None]  # None: not this rule's mail, go on


# -- the rules, in the order they run ----------------------------------------------------


def _own_copy(a: Arrival) -> Handled | None:
    """The copy of a mail the referee sent: it confirms that mail went out."""
    if not own_copy(a.mail, a.referee, a.sep):
        return None
    sent = a.office.confirm_receipt(a.mail.receipt)
    if sent is None:
        return Handled(InboundStatus.COPY, "copy of a sent mail")
    outbox_id, game_id = sent
    return Handled(InboundStatus.COPY, f"copy of outbox {outbox_id}: confirmed sent", game_id)


def _no_sender(a: Arrival) -> Handled | None:
    """Nobody to answer, but not a robot either: the operator looks at it."""
    if a.silent != NO_SENDER:
        return None
    lang = a.config.server.language
    a.office.alert(f"mail:{a.mail_id}:no-sender", operator_of(a.config), lang,
                   say(lang, "alert.no_sender"),
                   f"Subject: {a.mail.subject}\n\n{a.mail.body[:2000]}", None)
    return Handled(InboundStatus.QUARANTINED, NO_SENDER)


def _robot(a: Arrival) -> Handled | None:
    """Auto-replies, lists, loops, bounces: never answered. Only a delivery report can be
    a bounce, so other robots are not parsed again."""
    if a.silent is None:
        return None
    told = _tell_bounce(a) if a.mail.content_type == "multipart/report" else ""
    return Handled(InboundStatus.IGNORED, f"{a.silent}; {told}" if told else a.silent)


def _rate_limit(a: Arrival) -> Handled | None:
    if a.limiter.allow(a.mail.from_address, a.now):
        return None
    return Handled(InboundStatus.IGNORED, "rate limited")


def _help(a: Arrival) -> Handled | None:
    """AIUTO/HELP answers anyone, registered or not, with or without a password, in the
    sender's language (issue 16)."""
    if not a.help_only:
        return None
    send_help_to(a.office, a.mail, a.mail_id, a.game, a.lang,
                 is_gm=a.game is not None and a.is_gm, problem=None, commands=COMMANDS)
    return Handled(InboundStatus.PROCESSED, "help", a.game.id if a.game else None)


def _unknown_game(a: Arrival) -> Handled | None:
    if a.game is not None:
        return None
    note = a.refuse(a.lang, "unknown_game", None,
                    referee_game=_example_address(a.referee, a.sep, a.lang))
    return Handled(InboundStatus.PROCESSED, note)


def _too_big(a: Arrival) -> Handled | None:
    limit = a.config.server.limits.max_mail_bytes
    if not (a.mail.truncated or a.mail.size > limit):
        return None
    note = a.refuse(a.lang, "too_big", a.known_game.id, size=a.mail.size // 1024,
                    limit=limit // 1024)
    return Handled(InboundStatus.PROCESSED, note, a.known_game.id)


def _press(a: Arrival) -> Handled | None:
    """Press through the relay (issue 7, R-MAIL-3): mail to a nation's alias."""
    relay = [ref for ref in a.refs if ref.alias]
    if not relay:
        return None
    game = a.known_game
    proved: list[Caller] = []

    def prove(password: str | None) -> str | None:
        """The sender, proved by the password the letter's own text carries."""
        proved.append(identify(a.table, replace(a.credentials, password=password)))
        return proved[-1].problem

    letter = read_letter(a.mail, a.raw, game, relay, a.referee, a.sep, prove)
    reply = relay_press(a.table, proved[-1], a.mail_id, letter)
    return Handled(InboundStatus.PROCESSED, reply.note, game.id)


def _gm_only(a: Arrival) -> Handled | None:
    command = a.command[0]
    if not command.gm_only or a.is_gm:
        return None
    note = a.refuse(a.lang, "gm_only", a.known_game.id, command=command.name.upper())
    return Handled(InboundStatus.PROCESSED, note, a.known_game.id)


def _unauthenticated(a: Arrival) -> Handled | None:
    """No password, a wrong one, or an address not registered (R-MAIL-2)."""
    problem = a.problem
    if problem is None:
        return None
    game = a.known_game
    note = a.refuse(a.lang, problem, game.id, game=game.id)
    if problem == "wrong_password":
        a.table.tell_gm(f"mail:{a.mail_id}:gm-alert", say(game.language, "alert.wrong_password"),
                        f"{a.mail.from_address} ({game.id}): {a.mail.subject}")
    return Handled(InboundStatus.PROCESSED, note, game.id)


def _copied(a: Arrival) -> Handled | None:
    """Orders go to the referee alone (R-MAIL-1): a copy to another player is refused."""
    if a.as_gm or not a.caller.registered:
        return None  # the GM's own commands, STATUS and HELP
    game = a.known_game
    others = set(a.table.addresses()) - {a.mail.from_address}
    copied = sorted(r for r in a.mail.recipients if r in others)
    if not copied:
        return None
    note = a.refuse(a.lang, "copied", game.id, copied=", ".join(copied))
    a.table.tell_gm(f"mail:{a.mail_id}:gm-alert", "R-MAIL-1",
                    f"{a.mail.from_address} -> {', '.join(copied)}: {a.mail.subject}")
    return Handled(InboundStatus.PROCESSED, note, game.id)


def _unknown_word(a: Arrival) -> Handled | None:
    """A lone upper-case word where a command goes, and no orders anywhere: help."""
    body = a.password_and_body[1]
    first = _first_word(command_line(body)[0])
    if a.command[0] is not DEFAULT or not (len(first) > 2 and first.isalpha() and first.isupper()):
        return None
    game = a.known_game
    report = parse_orders(a.table.board, body, lang=game.language, classify=line_kinds)
    if not all(line.status == IGNORED for line in report.lines):
        return None
    send_help(_request(a), reason_text("unknown_command", a.lang, command=first))
    return Handled(InboundStatus.PROCESSED, f"unknown command {first!r}", game.id)


def _run_command(a: Arrival) -> Handled:
    """Every command of the mail, each answered by its own mail with its own subject."""
    notes = [step.command.run(_request(a, step)) for step in a.plan]
    return Handled(InboundStatus.PROCESSED, "; ".join(notes), a.known_game.id)


RULES: tuple[Rule, ...] = (
    Rule("own-copy", _own_copy),
    Rule("no-sender", _no_sender),
    Rule("robot", _robot),
    Rule("rate-limit", _rate_limit),
    Rule("help", _help),
    Rule("unknown-game", _unknown_game),
    Rule("too-big", _too_big),
    Rule("press", _press),
    Rule("gm-only", _gm_only),
    Rule("unauthenticated", _unauthenticated),
    Rule("copied", _copied),
    Rule("unknown-word", _unknown_word),
    Rule("command", _run_command),
)


def route(a: Arrival, rules: tuple[Rule, ...] = RULES) -> tuple[Rule, Handled]:
    """The first rule that decides, and what it decided."""
    for rule in rules:
        done = rule.check(a)
        if done is not None:
            return rule, done
    raise AssertionError("the last rule always decides")


# -- helpers -----------------------------------------------------------------------------


def _request(a: Arrival, step: Step | None = None) -> Request:
    _command, words, text = a.command
    if step is not None:
        words, text = step.words, step.text
    return Request(a.office, a.known_game, a.mail, a.mail_id, a.caller, words, text, a.is_gm,
                   COMMANDS)


def _stage(step: Step) -> int:
    return 0 if step.command.name in FIRST else 1 if step.command is DEFAULT else 2


def alone_lines(text: str) -> tuple[list[tuple[Command, tuple[str, ...]]], str]:
    """The lines of ``text`` that are a command on their own (``ALONE``: the command's
    words and at most two more), and the text without them. Quoted lines are left."""
    found: list[tuple[Command, tuple[str, ...]]] = []
    kept = []
    for line in text.split("\n"):
        words = line.split()
        hit = by_words(words) if words and not line.lstrip().startswith(">") else None
        if hit is not None and hit[0].name in ALONE and len(words) <= hit[1] + 2:
            found.append((hit[0], tuple(words[hit[1]:])))
            continue
        kept.append(line)
    return found, "\n".join(kept)


def _tell_bounce(a: Arrival) -> str:
    """A report that one of the referee's mails did not arrive: the GM of every game the
    address plays in hears of it (the operator, for a GM's own address), once a day per
    address. Returns a note for the log ("" when it was no such report)."""
    bounce = read_bounce(a.raw, a.referee)
    if bounce is None:
        return ""
    day, told = a.now.date().isoformat(), []
    for address in bounce.recipients:
        details = f"{address}: {bounce.subject}\n{bounce.status}"
        for game_id in a.office.games_of(address):
            game = next((g for g in a.config.games if g.id == game_id), None)
            if game is None:
                continue
            table = a.office.table(game.id)
            power = table.power_at(address) or "-"
            a.office.alert(f"bounce:{game.id}:{address}:{day}", game.gm_address, game.language,
                           say(game.language, "alert.not_delivered"), f"{power} {details}", game.id)
            told.append(f"{game.id}/{power}")
        if any(g.gm_address.lower() == address for g in a.config.games):
            lang = a.config.server.language
            a.office.alert(f"bounce:gm:{address}:{day}", operator_of(a.config), lang,
                           say(lang, "alert.not_delivered"), f"GM {details}", None)
            told.append("gm")
    return f"bounce of {len(bounce.recipients)} address(es), told: {', '.join(told) or '-'}"


def command_line(body: str) -> tuple[str, str]:
    """The first line that is not empty, quoted or a PARTITA/GAME line; and the body
    without it."""
    lines = body.split("\n")
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or stripped.startswith(">") or _GAME_LINE.match(stripped):
            continue
        return stripped, "\n".join(lines[:i] + lines[i + 1 :])
    return "", body


def _first_word(line: str) -> str:
    words = line.split()
    return words[0].strip(".:,;!") if words else ""


def _example_address(referee: str, sep: str, lang: str) -> str:
    local, _, host = referee.partition("@")
    return f"{local}{sep}{say(lang, 'help.game_placeholder')}@{host}" if sep else referee
