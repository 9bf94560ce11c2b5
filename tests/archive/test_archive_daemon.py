"""The daemon keeps the archive: written after the steps of a tick, in a task of its own;
a folder it cannot write is logged and tried again, and never stops the referee."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from pathlib import Path

import pytest
from service.service_helpers import START, game_table, make_config
from site_game import config_with_site

from arbitro.daemon import Daemon


async def _until(check, what: str, timeout: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(timeout / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not reached: {what}")


def _config(tmp_path: Path, folder: Path):  # type: ignore[no-untyped-def]
    config = make_config(game_table("dmn"))
    server = replace(config.server, database_url=f"sqlite:///{tmp_path / 'd.sqlite3'}")
    return config_with_site(replace(config, server=server), folder)


def test_the_daemon_writes_the_archive_and_survives_a_folder_it_cannot_write(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the archive should be")
    folder = tmp_path / "site"

    async def go() -> None:
        daemon = Daemon(_config(tmp_path, blocked), clock=lambda: START, tick_seconds=3600)
        await daemon.start()
        try:
            await _until(lambda: "dmn:started" in daemon.steps, "the game started")
            await _until(lambda: "web archive not written" in caplog.text, "the failure logged")
            assert daemon.running
        finally:
            await daemon.stop()
        daemon = Daemon(_config(tmp_path, folder), clock=lambda: START, tick_seconds=3600)
        await daemon.start()
        try:
            await _until(lambda: (folder / "dmn" / "index.html").exists(), "the archive")
        finally:
            await daemon.stop()

    with caplog.at_level(logging.ERROR, logger="arbitro.daemon"):
        asyncio.run(asyncio.wait_for(go(), 90))
    page = (folder / "dmn" / "index.html").read_text(encoding="utf-8")
    assert "Primavera 1901, movimenti" in page  # the phase being played, and its deadline
