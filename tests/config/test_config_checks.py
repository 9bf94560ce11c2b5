"""check-config looks at what a GM meant, not only at the file's shape (issue 20, finding 2).

The file of the finding — a start in the past, ``gm_password = "change me"``, an IMAP
section without a password — loaded fine and `check-config` said OK; run as given the game
opened, fell behind and processed five powers in civil disorder within a second.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.config import load_config
from arbitro.config.checks import Level, has_errors, review

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
REAL_SERVERS = """
[server]
referee_address = "arbitro@diplomazia.it"
timezone = "Europe/Rome"

[server.imap]
host = "imap.diplomazia.it"
user = "arbitro@diplomazia.it"
{imap_password}

[server.smtp]
host = "smtp.diplomazia.it"
user = "arbitro@diplomazia.it"
password = "Smtp-pass-2026"
"""
GAME = """
[[game]]
id = "g1"
gm_address = "gm@diplomazia.it"
gm_password = "{gm_password}"
{extra}
"""

THE_FINDING = REAL_SERVERS.format(imap_password="") + GAME.format(
    gm_password="change me", extra="start = 2025-03-01T20:00:00")


def _review(tmp_path: Path, text: str) -> list[tuple[str, str, str]]:
    path = tmp_path / "arbitro.toml"
    path.write_text(text, encoding="utf-8")
    return [(f.level.value, f.where, f.message) for f in review(load_config(path, {}), NOW)]


def _good(**kw: str) -> str:
    game = {"gm_password": "Gm-secret-2026", "extra": "", **kw}
    return REAL_SERVERS.format(imap_password='password = "Imap-pass-2026"') + GAME.format(**game)


def test_the_finding_is_three_errors(tmp_path: Path) -> None:
    found = _review(tmp_path, THE_FINDING)
    errors = {where for level, where, _ in found if level == "error"}
    assert errors == {"server.imap.password", "game g1: gm_password", "game g1: start"}
    start = next(m for _, w, m in found if w == "game g1: start")
    assert "2025-03-01 20:00 Europe/Rome" in start and "first deadline" in start


def test_a_careful_file_has_nothing_to_say(tmp_path: Path) -> None:
    assert _review(tmp_path, _good()) == []


def test_a_start_just_past_is_a_warning_a_start_past_its_first_deadline_an_error(tmp_path: Path) -> None:
    # The first movement lasts 3 days: an hour ago is still playable, a week ago is not.
    hour = _review(tmp_path, _good(extra="start = 2026-12-01T12:00:00"))  # 11:00 UTC
    week = _review(tmp_path, _good(extra="start = 2026-11-24T12:00:00"))
    assert [lvl for lvl, where, _ in hour if where == "game g1: start"] == ["warning"]
    assert [lvl for lvl, where, _ in week if where == "game g1: start"] == ["error"]
    assert _review(tmp_path, _good(extra="start = 2026-12-08T20:00:00")) == []


def test_a_started_game_is_not_reproached_its_start(tmp_path: Path) -> None:
    path = tmp_path / "arbitro.toml"
    path.write_text(_good(extra="start = 2025-03-01T20:00:00"), encoding="utf-8")
    config = load_config(path, {})
    assert has_errors(review(config, NOW))
    assert not has_errors(review(config, NOW, started=frozenset({"g1"})))


@pytest.mark.parametrize("password", ["change me", "CHANGEME", "password", "segreto", "1234"])
def test_placeholder_passwords_are_errors(tmp_path: Path, password: str) -> None:
    found = _review(tmp_path, _good(gm_password=password))
    assert ("error", "game g1: gm_password") in [(lvl, w) for lvl, w, _ in found]


def test_a_short_password_is_a_warning(tmp_path: Path) -> None:
    text = _good() + '\n[[game.players]]\naddress = "p@x.it"\npassword = "abc12"\n'
    found = _review(tmp_path, text)
    assert [(lvl, w) for lvl, w, _ in found] == [("warning", "game g1: player p@x.it: password")]


def test_mail_credentials(tmp_path: Path) -> None:
    no_smtp_pw = _good().replace('password = "Smtp-pass-2026"', "")
    found = _review(tmp_path, no_smtp_pw)
    assert [(lvl, w) for lvl, w, _ in found] == [("error", "server.smtp.password")]
    placeholder = _good().replace("imap.diplomazia.it", "imap.example.org")
    assert ("error", "server.imap.host") in [(lvl, w) for lvl, w, _ in _review(tmp_path, placeholder)]


def test_a_game_in_another_zone_names_both_times(tmp_path: Path) -> None:
    text = _good(extra='timezone = "America/New_York"\n[game.deadlines]\nmovement = "2d@20:00"')
    found = _review(tmp_path, text)
    assert [(lvl, w) for lvl, w, _ in found] == [("warning", "game g1: timezone")]
    assert "20:00 America/New_York are 02:00 Europe/Rome" in found[0][2]


def test_on_a_local_trial_placeholders_only_warn(tmp_path: Path) -> None:
    local = THE_FINDING.replace("imap.diplomazia.it", "127.0.0.1").replace("smtp.diplomazia.it", "127.0.0.1")
    found = _review(tmp_path, local)
    assert ("warning", "game g1: gm_password") in [(lvl, w) for lvl, w, _ in found]


def test_check_config_exits_non_zero_on_the_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "arbitro.toml"
    path.write_text(THE_FINDING, encoding="utf-8")
    assert main(["check-config", str(path)]) == 1
    err = capsys.readouterr().err
    assert "3 errors" in err and "error: game g1: start" in err
    path.write_text(_good(), encoding="utf-8")
    assert main(["check-config", str(path)]) == 0
    assert not (tmp_path / "arbitro.sqlite3").exists()  # looking for started games creates nothing


def test_the_example_has_no_errors() -> None:
    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    found = review(load_config(example, {}), NOW)
    assert not has_errors(found)
    assert {f.level for f in found} <= {Level.WARNING}


def test_check_config_reads_the_started_games_from_the_store(tmp_path: Path) -> None:
    from arbitro.store import open_store
    from arbitro.store.peek import stored_game_ids

    path = tmp_path / "arbitro.toml"
    path.write_text(_good(extra="start = 2025-03-01T20:00:00"), encoding="utf-8")
    assert main(["check-config", str(path)]) == 1
    url = load_config(path, {}).server.database_url
    store = open_store(url)
    with store.begin() as uow:
        uow.games.create("g1", name="g1", variant="standard", language="it", settings={}, now=NOW)
    store.close()
    assert stored_game_ids(url) == frozenset({"g1"})
    assert main(["check-config", str(path)]) == 0
