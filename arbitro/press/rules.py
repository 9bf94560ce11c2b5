"""The press relay's rules (issue 7, R-MAIL-3): whether one letter may be relayed, to whom,
named or anonymous, and what is left of it once cleaned. Values in (the letter, the game's
options, the ``Seats`` the service read), a ``Press`` or a ``Refusal`` out; every rule is
checked before anything is queued, so a refused letter leaks nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..config import GameConfig
from ..diplomacy.board import Board
from ..words import say
from . import aliases
from .clean import clean_body, clean_subject, identity_needles
from .letter import Image, Letter

MAX_TEXT = 20_000  # characters of cleaned text
_ANON_WORDS = frozenset({"anonimo", "anonima", "anonymous", "anon"})
SILENCED = frozenset({"eliminated", "civil_disorder"})  # nations that neither write nor read


class Refusal(Exception):
    """A rule the letter breaks: the reason code and its values."""

    def __init__(self, code: str, gm_alert: bool = False, **values: object) -> None:
        super().__init__(code)
        self.code = code
        self.gm_alert = gm_alert
        self.values = values


@dataclass(frozen=True)
class Seats:
    """What the relay needs to know of the game, as the service read it."""

    player: str | None  # the sender's registered address, None if not an active player
    player_name: str
    power: str | None  # the nation the sender plays
    started: bool  # no longer forming
    finished: bool
    phase: str | None  # the phase being played
    standings: Mapping[str, str]  # nation -> its standing ("playing", "civil_disorder", ...)
    held: frozenset[str]  # nations an active player holds
    answers_press: bool  # the letter replies to press delivered to the sender's nation
    other_names: tuple[str, ...]  # every other player's registered name


@dataclass(frozen=True)
class Press:
    """A message that passed every rule, ready to be queued."""

    power: str
    targets: tuple[str, ...]  # power keys, sorted
    broadcast: bool
    anonymous: bool
    subject: str
    text: str
    images: tuple[Image, ...]
    dropped: int
    phase: str | None


def judge(letter: Letter, game: GameConfig, board: Board, seats: Seats) -> Press:
    """The press ``letter`` makes, or the first rule it breaks (``Refusal``)."""
    if any(g != game.id for g in letter.games):
        raise Refusal("other_game")
    if game.press == "none":
        raise Refusal("press_none", game=game.id)
    options = game.press_options
    if seats.player is None:
        raise Refusal("not_player", game=game.id)
    problem = letter.identity_problem
    if problem == "no_password" and not seats.answers_press:
        raise Refusal("no_password")
    if problem == "wrong_password":
        raise Refusal("wrong_password", gm_alert=True)
    if problem not in (None, "no_password"):
        raise Refusal(problem, game=game.id)

    if not seats.started:
        raise Refusal("not_started", game=game.id)
    if seats.finished:
        raise Refusal("game_over", game=game.id)
    code = seats.phase
    if code and code.endswith("R") and not options.in_retreats:
        raise Refusal("no_retreat_press", phase=code)
    if code and code.endswith("A") and not options.in_adjustments:
        raise Refusal("no_adjustment_press", phase=code)
    power = seats.power
    if power is None:
        raise Refusal("no_power", game=game.id)
    if seats.standings.get(power) in SILENCED:
        raise Refusal("silenced", power=power, state=seats.standings[power])

    if game.press == "al_buio" and letter.outside:
        raise Refusal("direct_contact", gm_alert=True, copied=", ".join(sorted(letter.outside)))

    readers = frozenset(p for p in seats.held if seats.standings.get(p) not in SILENCED)
    targets, broadcast = _targets(board, letter.aliases, readers, power, options.alias_language)
    anonymous, subject, text = _anonymity(letter.subject, letter.text)
    if anonymous and game.press != "grey":
        raise Refusal("anonymous_not_allowed", game=game.id)

    removed = say(game.language, "press.removed")
    needles = _needles(letter, seats)
    text = clean_body(text, needles, removed)
    subject = clean_subject(subject, needles, removed)
    if not text.strip() and not letter.images:
        raise Refusal("empty")
    if len(text) > MAX_TEXT:
        raise Refusal("too_long", size=len(text), limit=MAX_TEXT)
    return Press(power, targets, broadcast, anonymous, subject, text, letter.images,
                 letter.dropped, code)


def _targets(board: Board, alias_names: tuple[str, ...], readers: frozenset[str], power: str,
             lang: str) -> tuple[tuple[str, ...], bool]:
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
        targets = set(readers) - {power}
        if not targets:
            raise Refusal("no_recipient", powers=[])
        return tuple(sorted(targets)), True
    wanted.discard(power)
    if not wanted:
        raise Refusal("to_self")
    missing = sorted(wanted - readers)
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


def _needles(letter: Letter, seats: Seats) -> tuple[str, ...]:
    """Everything that names the sender: registered and written names and addresses,
    including those in Sender/Reply-To tricks; other players' full names too."""
    names = [letter.sender_name, seats.player_name]
    addresses = [letter.sender, seats.player or "", *letter.addresses]
    # Other display names (Sender, Reply-To...) go whole, not word by word: they often
    # hold ordinary words ("Mario (privato)").
    whole = [*seats.other_names, *letter.header_names]
    return identity_needles(names, addresses, whole)
