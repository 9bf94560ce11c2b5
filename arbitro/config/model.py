"""The validated configuration: frozen values, passed explicitly (never a global)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path

from ..words import languages
from .holidays import is_holiday

LANGUAGES = languages()  # one per catalog (arbitro/words/locale)
ASSIGNMENTS = ("lot", "preferences")  # R-END-3
PRESS_MODES = ("white", "grey", "none", "al_buio")  # al_buio: gunboat, R-MAIL-3
# Results in the classic judge layout (reports/judge.py): not, as a text attachment, or inline.
JUDGE_RESULTS = ("off", "attachment", "inline")
END_CONDITIONS = ("centres", "temporale")  # R-END-1, R-END-2
DEFAULTS = ("italian", "standard")
MAP_NAMES = ("codes", "full")  # full: whole province names where they fit (arbitro/render)
MAP_PALETTES = ("standard", "colourblind")
TLS_MODES = ("ssl", "starttls", "none")
AUTH_MODES = ("password", "oauth2")
OAUTH2_PROVIDERS = ("google", "microsoft", "custom")


@dataclass(frozen=True)
class OAuth2Config:
    """How a mailbox logs in with OAuth2 (XOAUTH2): the provider's endpoints (a preset's or
    the file's), the registered client, and where the refresh token lives: ``token_file``
    (0600, written by ``arbitro oauth login``) or the environment variable ``token_env``."""

    provider: str  # one of OAUTH2_PROVIDERS
    client_id: str
    client_secret: str = field(repr=False)  # "" for public clients (Microsoft)
    token_url: str
    device_url: str  # "" = the provider offers no device flow for mail (Google)
    auth_url: str  # "" = no browser flow
    scope: str
    token_file: Path | None
    token_env: str  # "" when token_file is given

    @property
    def token_place(self) -> str:
        """Where the refresh token lives, for messages and for sharing one token source."""
        return str(self.token_file) if self.token_file else f"${self.token_env}"


@dataclass(frozen=True)
class ImapConfig:
    host: str
    port: int
    user: str
    password: str = field(repr=False)
    tls: str
    folder: str  # where players' mails arrive
    processed_folder: str
    quarantine_folder: str
    poll_seconds: int  # polling interval when the server has no IDLE
    sent_folder: str = "arbitro/sent"  # copies of the referee's own mails (receipts)
    auth: str = "password"  # one of AUTH_MODES
    oauth2: OAuth2Config | None = None  # set when auth == "oauth2"
    # While waiting, ask the server this often (NOOP) instead of IDLE: Dovecot announces a
    # new mail in IDLE only half a second after it came. None: 25 ms for a server on this
    # machine or a private network, 0 (IDLE) for any other (see MailboxClient.check_ms).
    check_ms: int | None = None


@dataclass(frozen=True)
class SmtpConfig:
    host: str
    port: int
    user: str
    password: str = field(repr=False)
    tls: str
    # Each mail is also sent (envelope only) to this address, the referee's own mailbox:
    # the copy proves the server took it (arbitro/mail/outbound/outbox.py). "" = no copies.
    receipt_address: str = ""
    receipt_wait: timedelta = timedelta(minutes=10)  # no copy by then: send again
    # DNS failures, timeouts and 4xx replies are retried this long from the first failure;
    # then the mail fails for good and the GM is told.
    give_up_after: timedelta = timedelta(days=1)
    auth: str = "password"  # one of AUTH_MODES
    oauth2: OAuth2Config | None = None  # set when auth == "oauth2"


@dataclass(frozen=True)
class LimitsConfig:
    max_mail_bytes: int  # larger inbound mails are refused unread
    mails_per_sender_per_hour: int  # beyond this a sender is ignored for the hour
    outbound_per_minute: int  # SMTP send rate


@dataclass(frozen=True)
class ServerConfig:
    database_url: str
    referee_address: str
    plus_separator: str  # "" = no plus-addressing
    gm_notify_address: str | None  # operator address for quarantines and alarms
    timezone: str
    language: str
    imap: ImapConfig | None
    smtp: SmtpConfig | None
    limits: LimitsConfig


@dataclass(frozen=True)
class DeadlineSpec:
    """How long a phase lasts: a plain duration ("3d", "36h"), or "Nd@HH:MM": at HH:MM
    local time on the N-th calendar day after the phase opens."""

    text: str
    duration: timedelta  # used when at is None
    days: int  # used when at is set
    at: time | None


@dataclass(frozen=True)
class Deadlines:
    movement: DeadlineSpec
    retreat: DeadlineSpec
    adjustment: DeadlineSpec
    first_movement: DeadlineSpec  # the first Spring, often longer for diplomacy


@dataclass(frozen=True)
class DaysOff:
    weekdays: frozenset[int]  # 0 = Monday
    dates: frozenset[date]
    holidays: frozenset[str] = frozenset()  # presets of arbitro/config/holidays.py

    def __contains__(self, day: date) -> bool:
        return day.weekday() in self.weekdays or day in self.dates or is_holiday(day, self.holidays)


@dataclass(frozen=True)
class AbsenceOptions:
    """Announced absences (issue 17; njudge/DPjudge SET ABSENCE): off unless the GM
    enables them, the Italian rules' lateness days serve instead."""

    enabled: bool = False
    days_per_year: int = 14  # absent days a player may announce per calendar year
    longest_days: int = 7  # the longest single absence
    notice_days: int = 1  # the first absent day at least this many days after the mail
    name_absent: bool = False  # the deadline notice names who is away


@dataclass(frozen=True)
class EndCondition:
    condition: str  # "centres" | "temporale"
    centres: int | None  # None = the variant's own threshold (R-END-1)
    date: date | None  # temporale end date (R-END-2)


@dataclass(frozen=True)
class PlayerConfig:
    address: str  # lower-case
    name: str
    language: str
    password: str | None = field(repr=False)  # plain, hashed when the game is created
    password_hash: str | None = field(repr=False)
    preferences: tuple[str, ...]  # power keys, first choice first; () = none


@dataclass(frozen=True)
class PressOptions:
    """Per-game rules of the press relay (issue 7, R-MAIL-3); see docs/PRESS.md."""

    in_retreats: bool = True  # press allowed while a retreat phase is open
    in_adjustments: bool = True  # ... while a build/disband phase is open
    images: bool = False  # images survive the relay (metadata stripped)
    delay: timedelta = timedelta(0)  # most random delay added before delivery
    publish_at_end: bool = False  # every relayed message mailed to all at the end
    alias_language: str = "it"  # nation aliases shown as arbitro+game-francia / -france
    receipts: bool = True  # the sender is told where the message went


@dataclass(frozen=True)
class VoteOptions:
    """Secret votes to end a game (issue 17): draws and concessions."""

    enabled: bool = True  # PATTA / CONCEDO / RITIRO VOTO accepted
    named_draws: bool = False  # a draw among named powers; False = all survivors (DIAS) only


@dataclass(frozen=True)
class GameConfig:
    id: str
    name: str
    variant: str
    language: str
    timezone: str
    start: datetime | None  # aware; None = when the GM starts it
    assignment: str
    players: tuple[PlayerConfig, ...]
    deadlines: Deadlines
    days_off: DaysOff
    reminders: tuple[timedelta, ...]  # before each deadline, longest first
    lateness_bank_days: int  # R-LATE-1
    lateness_max_per_turn: int  # R-LATE-1
    press: str
    end: EndCondition
    defaults: str
    strict_support: bool
    infer_single_coast: bool
    gm_address: str
    gm_password: str | None = field(repr=False)
    gm_password_hash: str | None = field(repr=False)
    mailing_list: str | None  # replacement calls (R-ONP-4); None = the GM gets them
    # Whether anyone may OSSERVA/OBSERVE the game: its results mails, nothing private.
    observers: bool = False
    press_options: PressOptions = field(default_factory=PressOptions)
    map_names: str = "codes"
    map_palette: str = "standard"
    absences: AbsenceOptions = field(default_factory=AbsenceOptions)
    vote_options: VoteOptions = field(default_factory=VoteOptions)
    # "standard", or a house's rules (arbitro/diplomacy/rulesets.py): "forum_ru" brings the
    # Russian forum's rules and its map overlay (``variant`` is then "forum_ru").
    rules: str = "standard"
    # How a support to hold is cut: "attack" (any attack, the rulebook) or "dislodging"
    # (only by dislodging the supporter); None: as ``rules`` says ("dislodging" under
    # "forum_ru"). docs/RULE_CHOICES.md quotes the Russian seed's two readings.
    hold_support_cut: str | None = None
    # The referee builds what a power leaves unbuilt (R-ADJU-2); None: as ``rules`` and
    # ``defaults`` say (off under "forum_ru", where builds are the player's choice).
    automatic_builds: bool | None = None

    judge_results: str = "off"  # JUDGE_RESULTS: results also in the classic judge layout

    # A phase is processed before its deadline once every power that plays has complete
    # orders and nobody asked to wait (ATTENDI/WAIT); off: always at the deadline.
    early_processing: bool = True
    # Which game's rules: the registry key of the service's per-kind seam
    # (arbitro/service/kinds/). Every game so far is Diplomacy.
    kind: str = "diplomacy"


@dataclass(frozen=True)
class SiteConfig:
    """The static web archive of the games (arbitro/site): where it is written and the
    address it is published at ("" = not published: mails quote no link)."""

    folder: Path
    base_url: str = ""

    def url(self, path: str) -> str | None:
        """The public address of a file of the archive, or None when it is not published."""
        return f"{self.base_url}/{path}" if self.base_url else None


@dataclass(frozen=True)
class Config:
    path: Path
    server: ServerConfig
    games: tuple[GameConfig, ...]
    site: SiteConfig | None = None  # None: no archive is written

    def game(self, game_id: str) -> GameConfig:
        for game in self.games:
            if game.id == game_id:
                return game
        raise KeyError(game_id)
