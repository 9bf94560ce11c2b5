"""The config loader: the example is valid; broken files name the key and what is wrong."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from arbitro.cli import main
from arbitro.config import ConfigError, load_config
from arbitro.store import hash_password, verify_password
from arbitro.variants import load_board

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "config.example.toml"
MINIMAL = """
[server]
referee_address = "arbitro@example.org"

[[game]]
id = "g1"
gm_address = "gm@example.org"
gm_password = "pw"
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "arbitro.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(tmp_path: Path, text: str, environ: dict[str, str] | None = None) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(_write(tmp_path, text), environ or {})
    return [str(p) for p in caught.value.problems]


def test_the_example_is_valid_and_every_game_is_read() -> None:
    config = load_config(EXAMPLE, {})
    assert config.games and all(g.id for g in config.games)
    board = load_board(config.games[0].variant)
    for game in config.games:
        assert game.gm_address and game.deadlines.movement.text
        assert len(game.players) <= len(board.powers)


def test_defaults_of_a_minimal_config(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, MINIMAL), {})
    (game,) = config.games
    # R-LATE-1 defaults: a 10-day bank, at most 3 days a turn
    assert (game.lateness_bank_days, game.lateness_max_per_turn) == (10, 3)
    assert (game.assignment, game.press, game.defaults, game.end.condition) == (
        "lot",
        "white",
        "italian",
        "centres",
    )
    assert game.deadlines.first_movement == game.deadlines.movement
    assert game.reminders == (timedelta(hours=24), timedelta(hours=2))
    assert (game.name, game.language, game.timezone) == ("g1", "it", "Europe/Rome")
    assert config.server.imap is None and config.server.smtp is None
    # a relative SQLite path lives beside the config file, whatever the working directory
    assert config.server.database_url == f"sqlite:///{tmp_path.resolve() / 'arbitro.sqlite3'}"


def test_values_are_parsed(tmp_path: Path) -> None:
    stored = hash_password("gm secret")
    text = (
        MINIMAL.replace('gm_password = "pw"', f'gm_password_hash = "{stored}"')
        + """
timezone = "America/New_York"
start = 2025-03-01T20:00:00
assignment = "preferences"
reminders = ["2h", "1d12h", "2h"]
[game.deadlines]
movement = "2d@20:00"
retreat = "36h"
[game.days_off]
weekdays = ["domenica", "sat"]
dates = [2025-12-25, "2026-01-01"]
[game.end]
condition = "temporale"
date = 2026-06-30
[[game.players]]
address = "Anna@Example.org"
preferences = ["Italia", "fra", "GERMANY", "England", "Austria", "Russia", "TUR"]
"""
    )
    config = load_config(_write(tmp_path, text), {})
    (game,) = config.games
    assert game.start == datetime(2025, 3, 1, 20, tzinfo=ZoneInfo("America/New_York"))
    assert (game.deadlines.movement.days, game.deadlines.movement.at) == (
        2,
        datetime(2000, 1, 1, 20).time(),
    )
    assert game.deadlines.retreat.duration == timedelta(hours=36)
    assert game.reminders == (timedelta(hours=36), timedelta(hours=2))  # sorted, deduplicated
    assert game.days_off.weekdays == {5, 6}
    assert game.days_off.dates == {date(2025, 12, 25), date(2026, 1, 1)}
    assert (game.end.condition, game.end.date) == ("temporale", date(2026, 6, 30))
    (anna,) = game.players
    assert anna.address == "anna@example.org"
    assert anna.preferences == (
        "ITALY",
        "FRANCE",
        "GERMANY",
        "ENGLAND",
        "AUSTRIA",
        "RUSSIA",
        "TURKEY",
    )
    assert game.gm_password is None and verify_password("gm secret", game.gm_password_hash or "")


def test_passwords_from_the_environment(tmp_path: Path) -> None:
    text = MINIMAL.replace(
        "[[game]]",
        """[server.imap]
host = "imap.example.org"
user = "arbitro"
password_env = "IMAP_PW"

[[game]]""",
    )
    config = load_config(_write(tmp_path, text), {"IMAP_PW": "from-env"})
    assert config.server.imap is not None and config.server.imap.password == "from-env"
    assert "from-env" not in repr(config)  # secrets stay out of logs


def _with(section_line: str, extra: str) -> str:
    """MINIMAL with ``extra`` inserted after the line ``section_line``."""
    return MINIMAL.replace(section_line, f"{section_line}\n{extra}", 1)


GAME = "[[game]]"
SERVER = "[server]"
BROKEN = [
    ("no-server", MINIMAL.replace("[server]", "[servers]"), "server", "is required"),
    (
        "no-referee",
        MINIMAL.replace('referee_address = "arbitro@example.org"', ""),
        "server.referee_address",
        "is required",
    ),
    (
        "bad-referee",
        MINIMAL.replace("arbitro@example.org", "arbitro"),
        "server.referee_address",
        "not a mail address",
    ),
    ("server-typo", _with(SERVER, "langauge = 'it'"), "server.langauge", "unknown key"),
    (
        "server-timezone",
        _with(SERVER, "timezone = 'Europe/Milano'"),
        "server.timezone",
        "not a time zone",
    ),
    (
        "plus-separator",
        _with(SERVER, "plus_separator = '#'"),
        "server.plus_separator",
        "must be one of",
    ),
    (
        "imap-not-table",
        _with(SERVER, "imap = 'imap.example.org'"),
        "server.imap",
        "must be a table",
    ),
    (
        "imap-tls",
        MINIMAL.replace(GAME, "[server.imap]\nhost='h'\nuser='u'\ntls='tls1.3'\n" + GAME),
        "server.imap.tls",
        "must be one of",
    ),
    (
        "imap-port",
        MINIMAL.replace(GAME, "[server.imap]\nhost='h'\nuser='u'\nport=70000\n" + GAME),
        "server.imap.port",
        "at most 65535",
    ),
    (
        "imap-env-unset",
        MINIMAL.replace(GAME, "[server.imap]\nhost='h'\nuser='u'\npassword_env='NOPE'\n" + GAME),
        "server.imap.password_env",
        "NOPE is not set",
    ),
    (
        "smtp-no-host",
        MINIMAL.replace(GAME, "[server.smtp]\nport=25\n" + GAME),
        "server.smtp.host",
        "is required",
    ),
    (
        "mail-size",
        MINIMAL.replace(GAME, "[server.limits]\nmax_mail_size='2GB'\n" + GAME),
        "server.limits.max_mail_size",
        "not a size",
    ),
    ("game-not-array", MINIMAL.replace(GAME, "[game]"), "game", "array of tables"),
    ("game-id", MINIMAL.replace('id = "g1"', 'id = "Milano 1"'), "game[1].id", "lower-case"),
    (
        "game-id-twice",
        MINIMAL + MINIMAL.split(GAME)[1].join([GAME, ""]),
        "game[2].id",
        "used twice",
    ),
    ("game-typo", _with(GAME, "lateness_bank = 10"), "game[1].lateness_bank", "unknown key"),
    (
        "lateness-text",
        _with(GAME, "lateness_bank_days = '10'"),
        "game[1].lateness_bank_days",
        "must be a whole number",
    ),
    (
        "lateness-bool",
        _with(GAME, "lateness_bank_days = true"),
        "game[1].lateness_bank_days",
        "must be a whole number",
    ),
    (
        "lateness-negative",
        _with(GAME, "lateness_max_per_turn = -1"),
        "game[1].lateness_max_per_turn",
        "at least 0",
    ),
    ("assignment", _with(GAME, "assignment = 'draft'"), "game[1].assignment", "must be one of"),
    ("press", _with(GAME, "press = 'black'"), "game[1].press", "must be one of"),
    ("language", _with(GAME, "language = 'fr'"), "game[1].language", "must be one of"),
    ("defaults", _with(GAME, "defaults = 'french'"), "game[1].defaults", "must be one of"),
    (
        "strict-support",
        _with(GAME, "strict_support = 'yes'"),
        "game[1].strict_support",
        "true or false",
    ),
    ("variant", _with(GAME, "variant = 'atlantis'"), "game[1].variant", "unknown variant"),
    (
        "game-timezone",
        _with(GAME, "timezone = 'Mars/Olympus'"),
        "game[1].timezone",
        "not a time zone",
    ),
    ("start", _with(GAME, "start = 'next monday'"), "game[1].start", "not a date-time"),
    (
        "no-gm",
        MINIMAL.replace('gm_address = "gm@example.org"', ""),
        "game[1].gm_address",
        "is required",
    ),
    (
        "no-gm-password",
        MINIMAL.replace('gm_password = "pw"', ""),
        "game[1].gm_password",
        "is required",
    ),
    (
        "gm-hash",
        MINIMAL.replace('gm_password = "pw"', 'gm_password_hash = "md5:abc"'),
        "game[1].gm_password_hash",
        "not a password hash",
    ),
    (
        "mailing-list",
        _with(GAME, "mailing_list = 'list at example.org'"),
        "game[1].mailing_list",
        "not a mail address",
    ),
    (
        "reminder",
        _with(GAME, "reminders = ['24h', 'soon']"),
        "game[1].reminders[2]",
        "not a duration",
    ),
    (
        "movement",
        MINIMAL + "[game.deadlines]\nmovement = '3 days'\n",
        "game[1].deadlines.movement",
        "neither a duration",
    ),
    (
        "retreat-hour",
        MINIMAL + "[game.deadlines]\nretreat = '1d@25:00'\n",
        "game[1].deadlines.retreat",
        "not a time of day",
    ),
    (
        "zero-duration",
        MINIMAL + "[game.deadlines]\nadjustment = '0d'\n",
        "game[1].deadlines.adjustment",
        "neither a duration",
    ),
    (
        "deadline-typo",
        MINIMAL + "[game.deadlines]\nmovment = '3d'\n",
        "game[1].deadlines.movment",
        "unknown key",
    ),
    (
        "weekday",
        MINIMAL + "[game.days_off]\nweekdays = ['sun', 'funday']\n",
        "game[1].days_off.weekdays[2]",
        "not a weekday",
    ),
    (
        "every-day-off",
        MINIMAL + "[game.days_off]\nweekdays = ['mon','tue','wed','thu','fri','sat','sun']\n",
        "game[1].days_off.weekdays",
        "every day of the week",
    ),
    (
        "date-off",
        MINIMAL + "[game.days_off]\ndates = ['2025-13-01']\n",
        "game[1].days_off.dates[1]",
        "not a date",
    ),
    (
        "temporale-no-date",
        MINIMAL + "[game.end]\ncondition = 'temporale'\n",
        "game[1].end.date",
        "R-END-2",
    ),
    (
        "date-without-temporale",
        MINIMAL + "[game.end]\ndate = 2026-01-01\n",
        "game[1].end.date",
        "only used when",
    ),
    (
        "end-before-start",
        _with(GAME, "start = 2026-02-01T20:00:00")
        + "[game.end]\ncondition = 'temporale'\ndate = 2026-01-01\n",
        "game[1].end.date",
        "not after the start",
    ),
    (
        "end-condition",
        MINIMAL + "[game.end]\ncondition = 'points'\n",
        "game[1].end.condition",
        "must be one of",
    ),
    (
        "player-address",
        MINIMAL + "[[game.players]]\naddress = 'mario'\n",
        "game[1].players[1].address",
        "not a mail address",
    ),
    (
        "player-no-address",
        MINIMAL + "[[game.players]]\nname = 'Mario'\n",
        "game[1].players[1].address",
        "is required",
    ),
    (
        "player-twice",
        MINIMAL + "[[game.players]]\naddress = 'a@x.org'\n[[game.players]]\naddress = 'A@x.org'\n",
        "game[1].players[2].address",
        "listed twice",
    ),
    (
        "too-many-players",
        MINIMAL + "".join(f"[[game.players]]\naddress = 'p{i}@x.org'\n" for i in range(8)),
        "game[1].players",
        "8 players",
    ),
    (
        "both-passwords",
        MINIMAL + "[[game.players]]\naddress = 'a@x.org'\npassword = 'x'\n"
        f"password_hash = '{hash_password('x')}'\n",
        "game[1].players[1].password_hash",
        "not both",
    ),
    (
        "preferences-with-lot",
        MINIMAL + "[[game.players]]\naddress = 'a@x.org'\npreferences = ['ITALY']\n",
        "game[1].players[1].preferences",
        "only used with",
    ),
    (
        "preferences-partial",
        _with(GAME, "assignment = 'preferences'")
        + "[[game.players]]\naddress = 'a@x.org'\npreferences = ['ITALY', 'FRANCE']\n",
        "game[1].players[1].preferences",
        "every power exactly once",
    ),
    (
        "preferences-unknown",
        _with(GAME, "assignment = 'preferences'")
        + "[[game.players]]\naddress = 'a@x.org'\npreferences = ['Prussia']\n",
        "game[1].players[1].preferences[1]",
        "not a power",
    ),
    ("not-toml", "[server\nreferee_address = 1", "", "not valid TOML"),
]


@pytest.mark.parametrize("text,key,fragment", [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_configs_name_the_key(tmp_path: Path, text: str, key: str, fragment: str) -> None:
    problems = _problems(tmp_path, text)
    prefix = f"{tmp_path / 'arbitro.toml'}: {key}: " if key else f"{tmp_path / 'arbitro.toml'}: "
    matching = [p for p in problems if p.startswith(prefix) and fragment in p]
    assert matching, problems


def test_every_problem_is_reported_not_just_the_first(tmp_path: Path) -> None:
    text = (
        _with(GAME, "press = 'black'\nlanguage = 'fr'\nlateness_bank_days = -2").replace(
            "arbitro@example.org", "arbitro"
        )
        + "[game.deadlines]\nmovement = 'x'\n"
    )
    keys = {p.split(": ")[1] for p in _problems(tmp_path, text)}
    assert {
        "server.referee_address",
        "game[1].press",
        "game[1].language",
        "game[1].lateness_bank_days",
        "game[1].deadlines.movement",
    } <= keys


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "absent.toml")


def test_check_config_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check-config", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert all(game.id in out for game in load_config(EXAMPLE, {}).games)
    broken = _write(tmp_path, _with(GAME, "press = 'black'"))
    assert main(["check-config", str(broken)]) == 1
    err = capsys.readouterr().err
    assert f"{broken}: game[1].press: must be one of" in err


def test_check_config_as_a_process(tmp_path: Path) -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "arbitro", "check-config", str(EXAMPLE)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    broken = _write(tmp_path, _with(GAME, "lateness_bank = 3"))
    bad = subprocess.run(
        [sys.executable, "-m", "arbitro", "check-config", str(broken)],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert bad.returncode == 1 and "game[1].lateness_bank: unknown key" in bad.stderr


def test_server_time_zone_is_the_game_default(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, _with(SERVER, "timezone = 'UTC'\nlanguage = 'en'")))
    assert (config.games[0].timezone, config.games[0].language) == ("UTC", "en")
    assert config.games[0].start is None


def test_the_site_section_names_the_archive_folder_and_its_address(tmp_path: Path) -> None:
    assert load_config(_write(tmp_path, MINIMAL), {}).site is None  # no section: no archive
    text = MINIMAL.replace("[[game]]", '[site]\nfolder = "www/archivio"\n'
                           'base_url = "https://giochi.example/archivio/"\n\n[[game]]')
    site = load_config(_write(tmp_path, text), {}).site
    assert site is not None and site.folder == tmp_path / "www" / "archivio"
    assert site.url("g1/index.html") == "https://giochi.example/archivio/g1/index.html"
    text = MINIMAL.replace("[[game]]", '[site]\nfolder = "www"\n\n[[game]]')
    site = load_config(_write(tmp_path, text), {}).site
    assert site is not None and site.url("g1/index.html") is None  # not published: no links
    bad = MINIMAL.replace("[[game]]", '[site]\nbase_url = "giochi.example"\nfolder_ = "x"\n\n[[game]]')
    problems = _problems(tmp_path, bad)
    assert any("site.folder" in p and "required" in p for p in problems), problems
    assert any("site.base_url" in p and "http" in p for p in problems), problems
    assert any("site.folder_" in p and "unknown key" in p for p in problems), problems
