"""One unit of work at one instant (``Office``), and one game locked in it (``Table``).

Every procedure on a game is ``procedure(table, caller, ...) -> Reply``: the table reads the
game, its configuration, the phase, the position, the orders on file and the holders once
and keeps them; what a procedure changes in them goes through the table's own methods,
which forget what they made stale. The table sends every mail of its game with the shared
context (the game's words, the reader's power, the phase, the deadline in the reader's
zone with its calendar event, the idempotency key carrying the rollback revision).

The ``Office`` is the same unit of work before (or beside) any game: the list of games,
the operator's notices, a stranger's language, the receipts of sent mail.

``Kind`` is the per-kind seam (docs/SERVICE.md, "One seam per game"): what the clock, the
lifecycle and the GM's operations ask of a game's rules. It is declared here, beside the
table its methods take; its implementations and their registry are ``service/kinds/``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, TypeVar
from zoneinfo import ZoneInfo

from ..config import Away, Config, GameConfig, deadline_after, working_deadline
from ..config.model import DeadlineSpec
from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..diplomacy.reading.lines import Classifier
from ..diplomacy.reading.reports import ParseReport
from ..diplomacy.rules import Rules
from ..render.kinds import MapKind
from ..render.options import MapOptions
from ..reports import RenderedMail, TemplateContext, when
from ..store import Attachment, PlayerStatus, UnitOfWork
from ..store.codec import (
    PowerBefore,
    phase_result_json,
    position_json,
    position_of,
    submission_json,
)
from ..store.models import Game, GamePower, OrderSubmission, Phase, Player
from .access import Caller
from .deadlines import DeadlineNote, calendar
from .mailer import Mailer, Outbox
from .reply import Reply

BoardLoader = Callable[[str], Board]
# A phase's map as PNG bytes: (board, outcome, the position it was played from, the
# reader's language, the game's map options, what the map is: its title says it);
# reports.maps.render_map_png.
RenderMap = Callable[[Board, PhaseOutcome, Position, str, MapOptions, MapKind], bytes]
T = TypeVar("T")


def new_draw_seed() -> str:
    """A secret seed for a nation draw (R-END-3): 32 random bytes, hex."""
    return secrets.token_hex(32)


@dataclass(frozen=True)
class Opening:
    """A game's first phase, as its kind opens it."""

    position: Position
    units: Mapping[str, tuple[str, ...]]  # each power's units, as the welcome mail lists them


class Kind(Protocol):
    """What the service asks of a game's rules (one implementation per game in
    ``service/kinds/``; Diplomacy's is ``kinds/diplomacy.py``). Phase codes are the kind's
    own; the service stores and compares them as text."""

    @property
    def name(self) -> str: ...

    # -- the game's powers and phases, in words --------------------------------------
    def powers(self, table: Table) -> tuple[str, ...]:
        """Every power of the game, sorted (nations to draw, rows to keep)."""
        ...

    def power_name(self, table: Table, power: str, lang: str) -> str:
        """A power's name in ``lang`` (a ``Noun`` where the language has articles)."""
        ...

    def phase_name(self, code: str, lang: str) -> str: ...

    # -- the clock ---------------------------------------------------------------------
    def opening(self, table: Table) -> Opening:
        """The first phase of the game (its position as stored)."""
        ...

    def deadline_rule(self, table: Table, code: str, first: bool) -> DeadlineSpec:
        """Which of the game's deadlines a phase takes (``first``: the game's first)."""
        ...

    def late_days(self, table: Table, code: str) -> bool:
        """Whether late days may be paid in a phase (R-LATE: Diplomacy's movement only)."""
        ...

    def due(self, table: Table) -> frozenset[str]:
        """The powers whose orders the current phase waits for at its deadline (lateness,
        reminders, the defaults). Diplomacy: every power with something to order;
        a game played one power at a time: that power."""
        ...

    def owing(self, table: Table) -> frozenset[str]:
        """The powers still playing, held by a player, whose orders on file are not yet
        complete: the phase runs early only when none is left."""
        ...

    def reminder(self, table: Table, power: str, lang: str) -> TemplateContext:
        """The reminder's words about the phase and what ``power`` still owes."""
        ...

    def orders(self, table: Table, caller: Caller, text: str, *, mail_id: int | None,
               classify: Classifier | None) -> Reply:
        """A mail of orders: filed until the deadline (Diplomacy), or run at once as the
        power's step (a game played a step per mail, R-AAE-PBEM-1/2)."""
        ...

    def process(self, table: Table) -> None:
        """Play the current phase with what is on file and the defaults for the rest,
        record it, mail the results, open the next phase or end the game."""
        ...

    # -- endings and seats ---------------------------------------------------------------
    def end_on_date(self, table: Table) -> None:
        """The game's end date has come (R-END-2 for Diplomacy)."""
        ...

    def end_by_vote(self, table: Table, winner: str | None, tied: Sequence[str], reason: str) -> None:
        """The votes on file are unanimous: the game ends where it stands."""
        ...

    def may_take_over(self, table: Table, power: str) -> bool:
        """Whether a replacement may take ``power`` over (R-ONP-4 for Diplomacy)."""
        ...


@dataclass
class Services:
    """The referee's lasting parts: what every unit of work uses."""

    config: Config
    boards: BoardLoader
    mailer: Mailer
    render_map: RenderMap | None
    kinds: Mapping[str, Kind] = field(default_factory=dict)
    # Where draw seeds come from; tests that compare two runs pass a fixed one.
    draw_seed: Callable[[], str] = new_draw_seed

    def game_config(self, game_id: str) -> GameConfig | None:
        """The game's configuration, or None when the config no longer lists it."""
        try:
            return self.config.game(game_id)
        except KeyError:
            return None


class Office:
    """One unit of work at one instant, before (or beside) any game."""

    def __init__(self, services: Services, uow: UnitOfWork, now: datetime) -> None:
        self.services = services
        self.uow = uow
        self.now = now
        self.outbox = Outbox(services.mailer, uow, now)
        self._tables: dict[str, Table] = {}

    @property
    def config(self) -> Config:
        return self.services.config

    def table(self, game_id: str) -> Table:
        """The game ``game_id`` in this unit of work (one table per game)."""
        if game_id not in self._tables:
            self._tables[game_id] = Table(self, game_id)
        return self._tables[game_id]

    def send(self, key: str, to: Sequence[str], template: str, lang: str,
             context: TemplateContext, game_id: str | None,
             attachments: Sequence[Attachment] = ()) -> RenderedMail | None:
        """One mail into the outbox, once per ``key``."""
        return self.outbox.send(key, to=to, template=template, lang=lang, context=context,
                                game_id=game_id, attachments=attachments)

    def alert(self, key: str, to: str | None, lang: str, what: str, details: str,
              game_id: str | None) -> None:
        """A ``gm_alert`` to ``to`` (a GM, the operator): something a person must look at;
        nothing when there is nobody to tell."""
        if to:
            self.outbox.send(key, to=[to], template="gm_alert", lang=lang,
                             context={"what": what, "details": details, "game_id": game_id},
                             game_id=game_id)

    def language_of(self, address: str, game_id: str | None = None) -> str | None:
        """A registered player's language: in ``game_id`` (any status), else in any game
        here (an active registration); None for an address nobody registered."""
        if game_id is not None:
            player = self.uow.players.by_address(game_id, address)
            if player is not None:
                return player.language
        found = next(iter(self.uow.players.games_of(address)), None)
        return found.language if found is not None else None

    def games_of(self, address: str) -> list[str]:
        """The games an address plays in (active registrations)."""
        return [p.game_id for p in self.uow.players.games_of(address)]

    def confirm_receipt(self, receipt: str) -> tuple[int, str | None] | None:
        """The copy of a sent mail came back: (outbox id, game) of the mail it confirms."""
        sent = self.uow.outbox.confirm(receipt, self.now)
        return (sent.id, sent.game_id) if sent is not None else None


def rules_of(config: GameConfig) -> Rules:
    """The rules a Diplomacy game is adjudicated by, as its configuration chose them."""
    return Rules(defaults=config.defaults, infer_single_coast=config.infer_single_coast,
                 strict_support=config.strict_support, ruleset=config.rules,
                 hold_support_cut=config.hold_support_cut, automatic_builds=config.automatic_builds)


class NotListed(LookupError):
    """The config no longer lists the game."""


class Table:
    """One game, locked, in one unit of work, at one instant."""

    def __init__(self, office: Office, game_id: str) -> None:
        self.office = office
        self.game_id = game_id
        self._memo: dict[str, Any] = {}

    # -- the unit of work ------------------------------------------------------------------
    @property
    def services(self) -> Services:
        return self.office.services

    @property
    def uow(self) -> UnitOfWork:
        return self.office.uow

    @property
    def now(self) -> datetime:
        return self.office.now

    @property
    def outbox(self) -> Outbox:
        return self.office.outbox

    def _get(self, name: str, read: Callable[[], T]) -> T:
        if name not in self._memo:
            self._memo[name] = read()
        return self._memo[name]  # type: ignore[no-any-return]

    def forget(self, *names: str) -> None:
        """Read these again on their next use (every write method calls it)."""
        for name in names or tuple(self._memo):
            self._memo.pop(name, None)

    # -- the configuration -----------------------------------------------------------------
    @property
    def listed(self) -> bool:
        return self._get("config", lambda: self.services.game_config(self.game_id)) is not None

    @property
    def config(self) -> GameConfig:
        found: GameConfig | None = self._get("config", lambda: self.services.game_config(self.game_id))
        if found is None:
            raise NotListed(self.game_id)
        return found

    @property
    def kind(self) -> Kind:
        return self.services.kinds[self.config.kind]

    @property
    def board(self) -> Board:
        """Diplomacy's board of the game (the kind reading it is Diplomacy's)."""
        return self._get("board", lambda: self.services.boards(self.config.variant))

    @property
    def rules(self) -> Rules:
        return rules_of(self.config)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.config.timezone)

    @property
    def map_options(self) -> MapOptions:
        """The GM's choices for the game's maps ([[game]] map_* keys)."""
        return MapOptions(names=self.config.map_names, palette=self.config.map_palette)

    # -- the game ---------------------------------------------------------------------------
    @property
    def exists(self) -> bool:
        """The config lists the game and it has been created."""
        return self.listed and self.found is not None

    @property
    def found(self) -> Game | None:
        """The game's row, locked for this unit of work (None before it is created)."""
        def read() -> Game | None:
            if self.uow.games.get(self.game_id) is None:
                return None
            return self.uow.games.lock(self.game_id)
        return self._get("game", read)

    @property
    def game(self) -> Game:
        game = self.found
        if game is None:
            raise LookupError(f"no game {self.game_id!r}")
        return game

    def create(self, **fields: Any) -> Game:
        self.forget("game")
        game = self.uow.games.create(self.game_id, now=self.now, **fields)
        self._memo["game"] = game
        return game

    @property
    def phase(self) -> Phase | None:
        """The phase being played (open or late)."""
        return self._get("phase", lambda: self.uow.phases.current(self.game_id))

    @property
    def latest(self) -> Phase | None:
        """The latest phase not rolled back, whatever its status."""
        return self.uow.phases.latest(self.game_id)

    def history(self) -> list[Phase]:
        return self.uow.phases.history(self.game_id)

    def position_of(self, phase: Phase) -> Position:
        """The position a phase is played from (Diplomacy's)."""
        return self._get(f"position:{phase.id}", lambda: position_of(self.board, phase.position_before))

    @property
    def position(self) -> Position:
        """The current phase's position."""
        phase = self.phase
        if phase is None:
            raise LookupError(f"{self.game_id}: no phase is being played")
        return self.position_of(phase)

    @property
    def powers(self) -> dict[str, GamePower]:
        return self._get("powers", lambda: self.uow.powers.all(self.game_id))

    @property
    def holders(self) -> dict[str, Player]:
        """power -> the player holding it, for powers that have one."""
        return self._get("holders", lambda: self.uow.assignments.current(self.game_id))

    def power_of(self, player: Player) -> str | None:
        return next((p for p, h in self.holders.items() if h.id == player.id), None)

    @property
    def players(self) -> list[Player]:
        """The active players."""
        return self._get("players", lambda: self.uow.players.list(self.game_id, PlayerStatus.ACTIVE))

    def player_at(self, address: str) -> Player | None:
        """The player registered at ``address`` (any status), if any."""
        return self.uow.players.by_address(self.game_id, address)

    def active_player(self, address: str) -> Player | None:
        player = self.player_at(address)
        return player if player is not None and player.status is PlayerStatus.ACTIVE else None

    def addresses(self) -> list[str]:
        """Every address registered in the game, whatever the player's status."""
        return [p.address for p in self.uow.players.list(self.game_id)]

    def power_at(self, address: str) -> str | None:
        """The power the active player at ``address`` holds, if any."""
        player = self.active_player(address)
        return self.power_of(player) if player is not None else None

    def is_observer(self, address: str) -> bool:
        return self.uow.observers.is_observer(self.game_id, address)

    @property
    def orders_on_file(self) -> dict[str, OrderSubmission]:
        """power -> the orders that count in the current phase."""
        phase = self.phase
        if phase is None:
            return {}
        return self._get(f"orders:{phase.id}", lambda: self.uow.orders.current(phase.id))

    def lateness_used(self) -> dict[str, int]:
        return self.uow.phases.lateness_used(self.game_id)

    @property
    def revision(self) -> int:
        """How many times the GM rolled this game back: part of every phase mail's key, so a
        phase played again after a rollback mails again instead of hitting the old key."""
        return self._get("revision", lambda: sum(
            1 for e in self.uow.audit.list(self.game_id) if e.action == "rollback"))

    # -- what changes what is kept ------------------------------------------------------------
    def open_phase(self, position: Position, deadline: datetime | None,
                   at: datetime | None = None) -> Phase:
        """The phase of ``position`` opens, with its deadline."""
        opened = self.uow.phases.open(self.game_id, str(position.phase), position_json(position),
                                      now=at or self.now, deadline=deadline)
        self.forget("phase")
        return opened

    def record_result(self, phase: Phase, outcome: PhaseOutcome, *, nmr: Mapping[str, str],
                      eliminated: Sequence[str], winner: str | None,
                      powers_before: Mapping[str, PowerBefore]) -> None:
        """``phase`` was played: its outcome and the service's decisions are kept."""
        doc = phase_result_json(phase.code, outcome, nmr=nmr, eliminated=eliminated, winner=winner,
                                powers_before=powers_before, lateness=phase.lateness)
        self.uow.phases.record_result(phase, results=doc, position_after=position_json(outcome.next),
                                      now=self.now)
        self.forget("phase")

    def roll_back(self) -> Phase:
        reopened = self.uow.phases.roll_back(self.game_id)
        self.forget("phase")
        return reopened

    def file_orders(self, power: str, *, text: str, report: ParseReport, player: Player,
                    mail_id: int | None) -> None:
        """A player's mail of orders, as the reader judged it, replaces the set on file."""
        phase = self.phase
        assert phase is not None
        self.uow.orders.submit(phase.id, power, text=text, parsed=submission_json(report),
                               received_at=self.now, player_id=player.id, source_mail_id=mail_id)
        self.forget(f"orders:{phase.id}")

    def assign(self, power: str, player: Player, reason: str, at: datetime | None = None) -> None:
        self.uow.assignments.assign(self.game_id, power, player.id, reason=reason, now=at or self.now)
        self.forget("holders")

    def release(self, power: str) -> None:
        self.uow.assignments.release(self.game_id, power, self.now)
        self.forget("holders")

    def add_player(self, address: str, **fields: Any) -> Player:
        player = self.uow.players.add(self.game_id, address, now=self.now, **fields)
        self.forget("players")
        return player

    def set_player_status(self, player: Player, status: PlayerStatus) -> None:
        self.uow.players.set_status(player, status, self.now)
        self.forget("players", "holders")

    def audit(self, action: str, actor: str, **details: Any) -> None:
        self.uow.audit.record(action, actor=actor, now=self.now, game_id=self.game_id,
                              details=details)
        if action == "rollback":
            self.forget("revision")

    # -- deadlines ------------------------------------------------------------------------------
    def zone_of(self, player: Player | None) -> str:
        """The zone the player reads deadlines in: their own (FUSO) or the game's."""
        return (player.timezone if player is not None else None) or self.config.timezone

    def zone_at(self, address: str) -> str:
        """The zone the player registered at ``address`` reads deadlines in."""
        return self.zone_of(self.player_at(address))

    def away(self) -> tuple[Away, ...]:
        """The absences of the game's active players, as the deadline computation takes them."""
        players = {p.id: p for p in self.players}
        return tuple(
            Away(a.first_day, a.last_day, ZoneInfo(self.zone_of(players[a.player_id])))
            for a in self.uow.absences.of_game(self.game_id) if a.player_id in players
        )

    def next_deadline(self, code: str, opened_at: datetime, first: bool = False) -> datetime:
        """A phase's deadline from its opening, past days off and absences."""
        spec = self.kind.deadline_rule(self, code, first)
        return deadline_after(spec, opened_at, self.tz, self.config.days_off, self.away())

    def later_deadline(self, moment: datetime) -> datetime:
        """``moment`` (a late day's end, a deadline an absence now covers) moved past days
        off and absences."""
        return working_deadline(moment, self.tz, self.config.days_off, self.away())

    def note(self, phase: Phase | None = None, *, deadline: datetime | None = None,
             cancelled: bool = False) -> DeadlineNote | None:
        """The calendar note of ``phase``'s deadline (the current phase's by default)."""
        phase = phase or self.phase
        if phase is None:
            return None
        return DeadlineNote(phase.seq, phase.code, deadline or phase.deadline, phase.opened_at,
                            cancelled=cancelled)

    # -- words ------------------------------------------------------------------------------------
    def words(self, lang: str) -> dict[str, Any]:
        """The context every mail of the game starts from."""
        return {
            "game": {"id": self.game.id, "name": self.game.name, "press": self.config.press,
                     "timezone": self.config.timezone},
            "tag": f"[{self.game_id}]",
        }

    def power_name(self, power: str | None, lang: str) -> str:
        return self.kind.power_name(self, power, lang) if power else "-"

    def power_the(self, power: str | None, lang: str, prep: str = "") -> str:
        """The power's name as a phrase: in Italian with its article, joined to ``prep``
        ("a", "di", "per"): "la Francia", "all'Italia", "per l'Inghilterra" (the article from
        the variant, arbitro/words/grammar.py); in English the bare name."""
        if power is None:
            return self.power_name(power, lang)
        return format(self.power_name(power, lang), prep or "il")

    def phase_name(self, code: str | None, lang: str) -> str:
        return self.kind.phase_name(code, lang) if code else "-"

    def when(self, moment: datetime | None, lang: str, reader: Player | None = None) -> str:
        """An absolute date and time with its zone named: the reader's own zone (FUSO /
        TIMEZONE), else the game's."""
        return when(moment, self.zone_of(reader), lang)

    def site_url(self, path: str) -> str | None:
        """The public address of a page of the web archive ([site] base_url), or None."""
        site = self.services.config.site
        return site.url(path) if site is not None else None

    # -- mail -------------------------------------------------------------------------------------
    def key(self, *parts: object) -> str:
        """An idempotency key for a game mail: "<what>:<game>:<parts...>", with the rollback
        revision when there was one."""
        base = ":".join(str(p) for p in (parts[0], self.game_id, *parts[1:]))
        return f"{base}:r{self.revision}" if self.revision else base

    def calendar(self, note: DeadlineNote | None, address: str, lang: str) -> tuple[Attachment, ...]:
        """The calendar event of ``note`` for one recipient (none without a deadline)."""
        return calendar(self.game.id, self.game.name, note, address, lang,
                        self.services.config.server.referee_address, self.now)

    def send(self, key: str, to: Sequence[str], template: str, lang: str,
             context: TemplateContext, attachments: Sequence[Attachment] = (),
             reply_token: str | None = None) -> RenderedMail | None:
        return self.outbox.send(key, to=to, template=template, lang=lang, context=context,
                                game_id=self.game_id, attachments=attachments,
                                reply_token=reply_token)

    def to_player(self, key: str, player: Player, template: str, context: TemplateContext,
                  attachments: Sequence[Attachment] = (), note: DeadlineNote | None = None,
                  ) -> RenderedMail | None:
        """One mail to a player, in their language, answerable by their reply token; with
        ``note``, the deadline's calendar event."""
        files = tuple(attachments) + self.calendar(note, player.address, player.language)
        return self.outbox.send(
            key, to=[player.address], template=template, lang=player.language,
            context={"player": {"name": player.name, "address": player.address}, **context},
            game_id=player.game_id, attachments=files, reply_token=player.reply_token,
        )

    def gm_copy(self, key: str, inner: RenderedMail, attachments: Sequence[Attachment] = ()) -> None:
        """The GM gets a copy of what players were sent, once per key."""
        self.send(key, [self.config.gm_address], "gm_copy", self.config.language,
                  {"inner_subject": inner.subject, "inner_body": inner.body}, attachments)

    def tell_gm(self, key: str, what: str, details: str) -> None:
        """A notice to the game's GM (``gm_alert``), in the game's language."""
        self.office.alert(key, self.config.gm_address, self.config.language, what, details,
                          self.game_id)

    def notify_all(self, base_key: Iterable[object], template: str,
                   extra: Callable[[Player | None, str], TemplateContext], *,
                   gm_copy: bool = True, note: DeadlineNote | None = None) -> None:
        """The same notice to every active player (each in their language) and a GM copy;
        with ``note`` each gets the deadline's calendar event. ``extra`` gets the reader
        (None for the GM) and the language."""
        parts = tuple(base_key)
        holders = {p.id: power for power, p in self.holders.items()}
        for player in self.players:
            lang = player.language
            context = {**self.words(lang), "power_name": self.power_name(holders.get(player.id), lang),
                       **extra(player, lang)}
            self.to_player(self.key(*parts, player.address), player, template, context, note=note)
        if gm_copy:
            lang = self.config.language
            context = {**self.words(lang), "power_name": "GM", **extra(None, lang)}
            inner = self.services.mailer.render(
                template, lang, {"player": {"name": "GM", "address": ""}, **context})
            self.gm_copy(self.key(*parts, "gm"), inner,
                         self.calendar(note, self.config.gm_address, lang))

    def mail_observers(self, key_for: Callable[[str], str], template: str,
                       context: Callable[[str], TemplateContext],
                       attachments: Callable[[str], Sequence[Attachment]] | None = None) -> None:
        """A mail every player reads (the results, the end) to every observer in their
        language, under their own key (a replayed step sends nothing twice); the
        attachments may depend on the reader's language (the map)."""
        for obs in self.uow.observers.active(self.game_id):
            k = key_for(obs.address)
            if self.outbox.has(k):
                continue
            files = attachments(obs.language) if attachments is not None else ()
            self.send(k, [obs.address], template, obs.language,
                      {"player": {"name": "", "address": obs.address}, **context(obs.language)},
                      files)

