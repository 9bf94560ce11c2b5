"""The [[game]] sections of the config."""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

from ..diplomacy.board import Board
from ..diplomacy.names import name_index
from ..spelling.folding import fold
from ..diplomacy.rules import HOLD_SUPPORT_CUTS, Rules
from ..diplomacy.rulesets import RULESETS, STANDARD_RULESET, board_variant
from ..store.passwords import is_password_hash
from ..variants import UnknownVariant, load_board
from . import values
from .errors import Problem
from .model import (
    ASSIGNMENTS,
    DEFAULTS,
    END_CONDITIONS,
    JUDGE_RESULTS,
    LANGUAGES,
    MAP_NAMES,
    MAP_PALETTES,
    PRESS_MODES,
    DaysOff,
    Deadlines,
    DeadlineSpec,
    EndCondition,
    GameConfig,
    PlayerConfig,
    ServerConfig,
)
from .absences import read_absence_options
from .holidays import preset_names
from .press import read_press_options
from .reader import Table
from .votes import read_vote_options

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,31}$")
_FALLBACK_SPEC = DeadlineSpec("1d", timedelta(days=1), 0, None)


def read_game(t: Table, server: ServerConfig | None) -> GameConfig:
    game_id = t.text("id")
    if isinstance(game_id, str) and game_id and not GAME_ID.match(game_id):
        t.problem(
            "id",
            f"{game_id!r}: use 1-32 lower-case letters, digits, '-' or '_' "
            "(it appears in mail subjects and addresses)",
        )
    language_default = server.language if server else "it"
    language = t.text("language", language_default, choices=LANGUAGES)
    tz_name = t.text("timezone", server.timezone if server else "Europe/Rome")
    tz = _zone(t, tz_name)
    rules = t.text("rules", STANDARD_RULESET, choices=tuple(RULESETS)) or STANDARD_RULESET
    # A house's rules bring the house's map, an overlay of the standard map.
    variant = board_variant(rules, t.text("variant", "standard") or "standard")
    board = _board(t, variant)
    assignment = t.text("assignment", "lot", choices=ASSIGNMENTS)
    players = tuple(_player(p, language, board, assignment) for p in t.tables("players"))
    _check_players(t, players, board)
    start = t.convert("start", lambda v: values.moment(v, tz), None)
    end = _end(t.table("end"), t, start)
    gm_password, gm_hash = _password(t, "gm_password", required=True)
    defaults = t.text("defaults", "italian", choices=DEFAULTS) or "italian"
    italian = defaults == "italian"
    game = GameConfig(
        id=game_id or "",
        name=t.text("name", game_id or ""),
        variant=variant or "standard",
        language=language or "it",
        timezone=tz_name or "Europe/Rome",
        start=start,
        assignment=assignment or "lot",
        players=players,
        deadlines=_deadlines(t.table("deadlines"), t),
        days_off=_days_off(t.table("days_off"), t),
        reminders=_reminders(t),
        lateness_bank_days=t.integer("lateness_bank_days", 10, minimum=0),
        lateness_max_per_turn=t.integer("lateness_max_per_turn", 3, minimum=0),
        press=t.text("press", "white", choices=PRESS_MODES),
        end=end,
        defaults=defaults,
        # R-ORD-4 and R-ORD-5 follow ``defaults`` unless the GM sets them one by one.
        strict_support=t.boolean("strict_support", italian),
        infer_single_coast=t.boolean("infer_single_coast", _coast_inferred(rules, italian)),
        gm_address=t.convert("gm_address", values.address) or "",
        gm_password=gm_password,
        gm_password_hash=gm_hash,
        mailing_list=t.convert("mailing_list", values.address, None),
        judge_results=t.text("judge_results", "off", choices=JUDGE_RESULTS) or "off",

        observers=t.boolean("observers", False),
        press_options=read_press_options(t),
        map_names=t.text("map_names", "codes", choices=MAP_NAMES) or "codes",
        map_palette=t.text("map_palette", "standard", choices=MAP_PALETTES) or "standard",
        absences=read_absence_options(t),
        vote_options=read_vote_options(t),
        rules=rules,
        hold_support_cut=t.text("hold_support_cut", _hold_support_cut(rules), choices=HOLD_SUPPORT_CUTS),
        automatic_builds=t.boolean("automatic_builds", Rules(defaults, ruleset=rules).builds_automatic),

        early_processing=t.boolean("early_processing", True),
    )
    t.finish()
    return game


def _coast_inferred(rules: str, italian: bool) -> bool:
    """R-ORD-5's default: the house's rules may say (forum_ru does), else ``defaults``."""
    house = RULESETS[rules].infer_single_coast if rules in RULESETS else None
    return not italian if house is None else house


def _hold_support_cut(rules: str) -> str:
    """How the game's rules cut a support to hold when the GM does not say."""
    return Rules(ruleset=rules).hold_support_cut_rule


def _zone(t: Table, name: str | None) -> ZoneInfo:
    try:
        return values.zone(name or "Europe/Rome")
    except ValueError as exc:
        t.problem("timezone", str(exc))
        return ZoneInfo("UTC")


def _board(t: Table, variant: str | None) -> Board | None:
    if not variant:
        return None
    try:
        return load_board(variant)
    except UnknownVariant as exc:
        t.problem("variant", str(exc))
    except ValueError as exc:  # a broken map file: still a problem with this game
        t.problem("variant", f"cannot be loaded: {exc}")
    return None


def power_key(board: Board, text: str) -> str:
    """A power by its key, English or Italian name, or Italian code, in any case; or by
    any exact name the board's index knows (Russian in any grammatical case: "Франции")."""
    wanted = text.strip().casefold()
    for power in board.powers.values():
        names = (power.name, power.name_en, power.name_it, power.code_it)
        if wanted in (n.casefold() for n in names):
            return power.name
    found = name_index(board).power(fold(text.strip()))
    if found is not None:
        return found
    raise ValueError(f"{text!r} is not a power of {board.name}")


def _password(t: Table, name: str, *, required: bool) -> tuple[str | None, str | None]:
    """``name`` (plain) or ``name_hash`` (from arbitro.store.passwords), not both."""
    hash_key = f"{name}_hash"
    if t.has(name) and t.has(hash_key):
        t.problem(hash_key, f"give {name} or {hash_key}, not both")
    plain = t.text(name, None)
    hashed = t.text(hash_key, None)
    if hashed is not None and not is_password_hash(hashed):
        t.problem(hash_key, "is not a password hash (expected scrypt$N$r$p$salt$key)")
        hashed = None
    if required and plain is None and hashed is None and not (t.has(name) or t.has(hash_key)):
        t.problem(name, f"is required (or {hash_key})")
    return plain, hashed


def _player(
    t: Table, language: str | None, board: Board | None, assignment: str | None
) -> PlayerConfig:
    password, password_hash = _password(t, "password", required=False)
    preferences: list[str] = []
    if t.has("preferences"):
        if assignment != "preferences":
            t.problem("preferences", 'only used with assignment = "preferences"')
        if board is not None:
            preferences = t.items("preferences", lambda v: power_key(board, str(v))) or []
            if preferences and sorted(preferences) != sorted(_power_names(board)):
                t.problem(
                    "preferences",
                    "must rank every power exactly once (R-END-3): "
                    + ", ".join(_power_names(board)),
                )
        else:
            t.raw("preferences")
    player = PlayerConfig(
        address=t.convert("address", values.address) or "",
        name=t.text("name", "", allow_empty=True),
        language=t.text("language", language or "it", choices=LANGUAGES),
        password=password,
        password_hash=password_hash,
        preferences=tuple(preferences),
    )
    t.finish()
    return player


def _power_names(board: Board) -> list[str]:
    return sorted(board.powers)


def _check_players(t: Table, players: tuple[PlayerConfig, ...], board: Board | None) -> None:
    seen: set[str] = set()
    for i, player in enumerate(players, start=1):
        if player.address and player.address in seen:
            t.problems.append(
                Problem(t.file, t.key(f"players[{i}].address"), f"{player.address} is listed twice")
            )
        seen.add(player.address)
    if board is not None and len(players) > len(_power_names(board)):
        t.problem("players", f"{len(players)} players for {len(_power_names(board))} powers")


def _deadlines(d: Table | None, game: Table) -> Deadlines:
    d = d or Table({}, game.key("deadlines"), game.file, game.problems)
    movement = d.convert("movement", values.deadline_spec, values.deadline_spec("3d"))
    deadlines = Deadlines(
        movement=movement or _FALLBACK_SPEC,
        retreat=d.convert("retreat", values.deadline_spec, values.deadline_spec("1d"))
        or _FALLBACK_SPEC,
        adjustment=d.convert("adjustment", values.deadline_spec, values.deadline_spec("1d"))
        or _FALLBACK_SPEC,
        first_movement=d.convert("first_movement", values.deadline_spec, movement)
        or _FALLBACK_SPEC,
    )
    d.finish()
    return deadlines


def _days_off(d: Table | None, game: Table) -> DaysOff:
    d = d or Table({}, game.key("days_off"), game.file, game.problems)
    weekdays = frozenset(d.items("weekdays", values.weekday, []) or [])
    if len(weekdays) == 7:
        d.problem("weekdays", "every day of the week is a day off")
    holidays = d.raw("holidays", [])
    if isinstance(holidays, str):  # one preset: holidays = "italia"
        d.data = {**d.data, "holidays": [holidays]}
    presets = d.items("holidays", preset_names, []) or []
    days_off = DaysOff(
        weekdays=weekdays,
        dates=frozenset(d.items("dates", values.day, []) or []),
        holidays=frozenset(name for names in presets for name in names),
    )
    d.finish()
    return days_off


def _reminders(t: Table) -> tuple[timedelta, ...]:
    found = t.items("reminders", values.duration, [timedelta(hours=24), timedelta(hours=2)])
    return tuple(sorted(set(found or []), reverse=True))


def _end(e: Table | None, game: Table, start: object) -> EndCondition:
    e = e or Table({}, game.key("end"), game.file, game.problems)
    condition = e.text("condition", "centres", choices=END_CONDITIONS)
    centres = e.integer("centres", 0, minimum=0) or None
    end_date = e.convert("date", values.day, None)
    if condition == "temporale" and end_date is None and not e.has("date"):
        e.problem("date", 'is required when condition = "temporale" (R-END-2)')
    if condition == "centres" and e.has("date"):
        e.problem("date", 'only used when condition = "temporale"')
    start_day = getattr(start, "date", lambda: None)()
    if end_date is not None and start_day is not None and end_date <= start_day:
        e.problem("date", f"{end_date} is not after the start ({start_day})")
    e.finish()
    return EndCondition(condition=condition or "centres", centres=centres, date=end_date)
