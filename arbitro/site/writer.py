"""Writing the archive into its folder, step by step: after a phase only what changed is
written (the new phase's map and page, its neighbour's "next" link, the game's page and
chart, the index); ``build`` writes everything again from the store.

Layout (the phase pages' names never change, so mails can quote them)::

    <folder>/index.html, site.css
    <folder>/<game>/index.html            the game: phases, powers and players
    <folder>/<game>/1902-spring-movement.html, ...
    <folder>/<game>/maps/1902-spring-movement.svg (and .png), ...
    <folder>/<game>/centres.html, centres.svg
    <folder>/<game>/press.html            only once the press is published
    <folder>/<game>/archive.zip, maps.gif the end-of-game dossier

Each file is written beside its place and renamed over it: a web server never serves
half a page. ``<game>/.archive.json`` remembers what was written from which state.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import Config
from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render import to_png, to_svg
from ..render.kinds import MapKind
from ..render.options import MapOptions
from ..render.model import Drawing
from ..reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP, phase_page
from ..store import GameStatus, Store
from ..variants import load_board
from . import pages
from .chart import chart_svg
from .dossier import animation, dossier_zip
from .record import BoardLoader, GameRecord, read_game, summary

MANIFEST = ".archive.json"
MAP_WIDTH = 1200

# Draws a played phase: the board, the position it was played from, its outcome, a
# language, the game's map options (names, palette: the GM's, as in the mails).
MapPainter = Callable[[Board, Position, PhaseOutcome, str, MapOptions], Drawing]


def paint_map(board: Board, before: Position, outcome: PhaseOutcome, lang: str,
              options: MapOptions) -> Drawing:
    """One drawing per phase, written as SVG (crisp on phones, what the pages show) and as
    PNG (the fallback, and the frames of the end-of-game animation): the very drawing of
    the results mails in the game's language, when they drew it in this process."""
    from ..reports.maps import map_drawing

    return map_drawing(board, outcome, before, lang, options, MapKind.RESULTS, MAP_WIDTH)


@dataclass
class Written:
    """What one sync did: the files written (paths from the archive's root)."""

    files: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)


def _write(path: Path, data: bytes | str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.chmod(tmp, 0o644)  # served by any web server's user
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


class SiteWriter:
    """The archive of every game in a store, in ``folder``. One sync at a time."""

    def __init__(self, folder: Path, config: Config, *, boards: BoardLoader = load_board,
                 painter: MapPainter = paint_map) -> None:
        self.folder = Path(folder)
        self.config = config
        self.boards = boards
        self.painter = painter
        self._lock = threading.Lock()

    # -- the whole archive --------------------------------------------------------------
    def sync(self, store: Store, *, force: bool = False) -> Written:
        """Bring the folder up to the store: every game whose state changed (all with
        ``force``), then the index."""
        with self._lock:
            done = Written()
            changed: list[tuple[GameRecord, str, dict[str, Any]]] = []
            index = self.folder / "index.html"
            summaries = []
            with store.begin() as uow:
                marks = uow.games.marks()  # a few queries for all the games
                manifests = {g: {} if force else self._manifest(g) for g in marks}
                todo = [g for g, sig in marks.items() if manifests[g].get("signature") != sig]
                if todo or force or not index.exists():
                    games = uow.games.list()
                    summaries = [summary(uow, game) for game in games]
                    for game in games:
                        if game.id in todo:
                            record = read_game(uow, self.config, self.boards, game)
                            changed.append((record, marks[game.id], manifests[game.id]))
            self._write_style(done, force)
            for record, sig, manifest in changed:
                self._write_game(record, sig, manifest, done)
                done.games.append(record.id)
            if done.games or force or not index.exists():
                _write(index, pages.index_page(summaries, self.config.server.language, self.boards))
                done.files.append("index.html")
            return done

    def _write_style(self, done: Written, force: bool) -> None:
        for name in pages.STATIC:
            path = self.folder / name
            data = pages.static_file(name)
            if force or not path.exists() or path.read_text(encoding="utf-8") != data:
                _write(path, data)
                done.files.append(name)

    def _manifest(self, game_id: str) -> dict[str, Any]:
        try:
            data = json.loads((self.folder / game_id / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    # -- one game -----------------------------------------------------------------------
    def _write_game(self, record: GameRecord, sig: str, manifest: dict[str, Any],
                    done: Written) -> None:
        base = self.folder / record.id
        lang = record.lang
        old_maps: dict[str, str] = dict(manifest.get("maps") or {})
        old_pages: dict[str, str] = dict(manifest.get("pages") or {})
        maps: dict[str, str] = {}
        page_sigs: dict[str, str] = {}
        codes = [p.code for p in record.phases]
        for i, phase in enumerate(record.phases):
            code = phase.code
            opts = record.map_options
            map_sig = f"{phase.seq}|{phase.processed_at}|{opts.names}|{opts.palette}"
            map_path = base / pages.map_file(code)
            if old_maps.get(code) != map_sig or not map_path.exists():
                drawing = self.painter(record.board, phase.before, phase.played.outcome, lang, opts)
                _write(map_path, to_png(drawing))  # as the mails: speed over bytes
                _write(base / pages.map_file(code, "svg"), to_svg(drawing))
                done.files += [f"{record.id}/{pages.map_file(code)}",
                               f"{record.id}/{pages.map_file(code, 'svg')}"]
            maps[code] = map_sig
            neighbours = (codes[i - 1] if i else "", codes[i + 1] if i + 1 < len(codes) else "")
            page_sig = f"{map_sig}|{neighbours}|{record.name}"
            page_path = base / phase_page(code)
            if old_pages.get(code) != page_sig or not page_path.exists():
                _write(page_path, pages.phase_html(record, i, lang))
                done.files.append(f"{record.id}/{phase_page(code)}")
            page_sigs[code] = page_sig
        for code in set(old_pages) - set(page_sigs):  # rolled back: its page goes
            (base / phase_page(code)).unlink(missing_ok=True)
            (base / pages.map_file(code)).unlink(missing_ok=True)
            (base / pages.map_file(code, "svg")).unlink(missing_ok=True)
        files: dict[str, str | bytes] = {
            "index.html": pages.game_page(record, lang),
            "centres.svg": chart_svg(record, lang),
            "centres.html": pages.chart_page(record, lang),
        }
        if record.press_entries is not None:
            files["press.html"] = pages.press_page(record, lang)
        else:
            (base / "press.html").unlink(missing_ok=True)
        for name, data in files.items():
            _write(base / name, data)
            done.files.append(f"{record.id}/{name}")
        if record.status is GameStatus.FINISHED and record.phases:
            self._dossier(record, done)
        else:
            for name in (DOSSIER_ZIP, DOSSIER_ANIMATION):
                (base / name).unlink(missing_ok=True)
        _write(base / MANIFEST, json.dumps({"signature": sig, "maps": maps, "pages": page_sigs},
                                           indent=1, sort_keys=True))

    def _dossier(self, record: GameRecord, done: Written) -> None:
        base = self.folder / record.id
        maps = [base / pages.map_file(p.code) for p in record.phases]
        _write(base / DOSSIER_ANIMATION, animation(maps))
        index = pages.index_page([record.summary], self.config.server.language, self.boards)
        game = pages.game_page(record, record.lang, in_dossier=True)
        _write(base / DOSSIER_ZIP, dossier_zip(self.folder, record.id, index, game))
        done.files += [f"{record.id}/{DOSSIER_ANIMATION}", f"{record.id}/{DOSSIER_ZIP}"]


def build_site(folder: Path, config: Config, store: Store, *, clean: bool = True,
               boards: BoardLoader = load_board, painter: MapPainter = paint_map) -> Written:
    """The whole archive written again from the store (``arbitro site build``); ``clean``
    first empties the games' folders, so nothing stale stays."""
    folder = Path(folder)
    if clean and folder.exists():
        with store.begin() as uow:
            ids = [g.id for g in uow.games.list()]
        for game_id in ids:
            shutil.rmtree(folder / game_id, ignore_errors=True)
    return SiteWriter(folder, config, boards=boards, painter=painter).sync(store, force=True)
