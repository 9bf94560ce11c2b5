"""``arbitro site build``: the whole archive written again from the database the config
names, into its [site] folder or --out; without either, a clear refusal."""

from __future__ import annotations

from pathlib import Path

import pytest
from archive_files import broken_links
from e2e.harness import toml_text
from service.service_helpers import START, game_table
from site_game import play_years

from arbitro.cli import main
from arbitro.config import load_config
from arbitro.service import Referee
from arbitro.store import open_store


def _config_file(tmp_path: Path, site: dict[str, str] | None) -> Path:
    data: dict[str, object] = {
        "server": {"database_url": f"sqlite:///{tmp_path / 'cli.sqlite3'}",
                   "referee_address": "arbitro@example.org"},
        "game": [game_table("cli")],
    }
    if site is not None:
        data["site"] = site
    path = tmp_path / "arbitro.toml"
    path.write_text(toml_text(data), encoding="utf-8")
    return path


def test_site_build_writes_the_archive_from_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _config_file(tmp_path, {"folder": "www", "base_url": "https://giochi.example"})
    config = load_config(path, {})
    store = open_store(config.server.database_url)
    play_years(Referee(store, config), store, "cli", START, 1)
    store.close()
    (tmp_path / "www" / "cli").mkdir(parents=True)
    (tmp_path / "www" / "cli" / "1899-spring-movement.html").write_text("stale")
    assert main(["site", "build", "--config", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 game(s)" in out and "https://giochi.example/index.html" in out
    site = tmp_path / "www"
    assert (site / "cli" / "1901-spring-movement.html").exists()
    assert not (site / "cli" / "1899-spring-movement.html").exists()  # rebuilt from scratch
    assert not broken_links(site)
    assert main(["site", "build", "--config", str(path), "--out", str(tmp_path / "other")]) == 0
    assert (tmp_path / "other" / "cli" / "index.html").exists()


def test_site_build_without_a_folder_says_where_to_give_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _config_file(tmp_path, None)
    assert main(["site", "build", "--config", str(path)]) == 2
    assert "[site]" in capsys.readouterr().err
