"""The archive keeps what did not change (issue 30 Build 5): a rebuild writes a phase's
map and page again only when the hash of their inputs changed or the file is gone, and the
result is the archive a rebuild from nothing writes; the end-of-game animation is made of
the frames stored with each map."""

from __future__ import annotations

import hashlib
import io
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest
from archive_files import broken_links, every_file
from PIL import Image
from service.service_helpers import START, game_table, make_config
from site_game import config_with_site, play_years

from arbitro.reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP, phase_page
from arbitro.service import Referee
from arbitro.site import build_site
from arbitro.site.writer import FRAMES
from arbitro.store import GameStatus, PhaseStatus, Store

END = date(2025, 3, 20)  # a temporale end: the game is over after its first year


@pytest.fixture
def GAME(request: pytest.FixtureRequest) -> str:
    return "reuse" + hashlib.sha1(request.node.name.encode()).hexdigest()[:8]


def _finished_game(store: Store, folder: Path, game_id: str, **options: object):
    table = game_table(game_id, end={"condition": "temporale", "date": END}, **options)
    config = config_with_site(make_config(table), folder)
    referee = Referee(store, config)
    now = play_years(referee, store, game_id, START, 1)
    referee.tick(max(now, datetime(2025, 3, 20, tzinfo=START.tzinfo)) + timedelta(days=1))
    with store.begin() as uow:
        assert uow.games.require(game_id).status is GameStatus.FINISHED
        codes = [p.code for p in uow.phases.history(game_id) if p.status is PhaseStatus.PROCESSED]
    return config, codes


def _state(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _unzipped(files: dict[str, bytes]) -> dict[str, bytes]:
    """Every file and zip member but the zip itself (its members carry file times)."""
    return {k: v for k, v in files.items() if not k.endswith(DOSSIER_ZIP)}


def test_a_rebuild_keeps_every_file_whose_inputs_did_not_change(store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    config, codes = _finished_game(store, folder, GAME)
    first = build_site(folder, config, store)
    assert f"{GAME}/{DOSSIER_ANIMATION}" in first.files and first.map_seconds > 0
    before = _state(folder)

    again = build_site(folder, config, store)
    assert [f for f in again.files if f.startswith(f"{GAME}/")] == []  # nothing to write
    assert again.kept >= 4 * len(codes) + 2 and again.map_seconds == 0
    assert _state(folder) == before  # not a byte, not a file time

    fresh = tmp_path / "fresh"  # from nothing: the same archive
    build_site(fresh, config, store, redraw=True)
    assert _unzipped(every_file(fresh)) == _unzipped(every_file(folder))
    assert not broken_links(folder)


def test_what_changed_is_written_again_and_only_that(store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    config, codes = _finished_game(store, folder, GAME)
    build_site(folder, config, store)
    base = folder / GAME
    # a map gone: that map (its PNG, SVG and frame) comes back, nothing else is written
    lost = base / "maps" / phase_page(codes[1]).replace(".html", ".png")
    lost.unlink()
    (base / "stale.html").write_text("left over", encoding="utf-8")  # not the archive's
    done = build_site(folder, config, store)
    stem = phase_page(codes[1]).replace(".html", "")
    # (the same bytes as before: the dossier, made of the same files, stays as it is)
    assert sorted(done.files) == sorted([f"{GAME}/maps/{stem}.png", f"{GAME}/maps/{stem}.svg",
                                         f"{GAME}/{FRAMES}/{stem}.gif"])
    assert lost.is_file() and not (base / "stale.html").exists()
    # the GM changes the maps' names: every map is drawn again, no phase page is
    game = dict(game_table(GAME, end={"condition": "temporale", "date": END}), map_names="full")
    config = replace(make_config(game), site=config.site)
    done = build_site(folder, config, store)
    maps = {f for f in done.files if "/maps/" in f and f.endswith(".svg")}
    assert len(maps) == len(codes)
    assert not [f for f in done.files if f.endswith(".html") and "/maps/" not in f
                and not f.endswith("/index.html")]


def test_the_animation_is_made_of_the_frames_stored_with_the_maps(store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    config, codes = _finished_game(store, folder, GAME)
    build_site(folder, config, store)
    base = folder / GAME
    frames = [base / FRAMES / phase_page(c).replace(".html", ".gif") for c in codes]
    with Image.open(base / DOSSIER_ANIMATION) as gif:
        assert gif.n_frames == len(codes)
        for i, path in enumerate(frames):
            gif.seek(i)
            with Image.open(path) as one:
                assert one.size == gif.size
                assert one.convert("RGB").tobytes() == gif.convert("RGB").tobytes()
    # a frame replaced by hand: the next animation shows it, so it reads the frames
    marked = io.BytesIO()
    Image.new("P", Image.open(frames[0]).size, 5).save(marked, format="GIF")
    frames[0].write_bytes(marked.getvalue())
    (base / DOSSIER_ANIMATION).unlink()
    build_site(folder, config, store)
    with Image.open(base / DOSSIER_ANIMATION) as gif:
        gif.seek(0)
        colours = gif.convert("RGB").getcolors()
        assert colours is not None and len(colours) == 1
