"""Writing the archive into its folder, step by step: after a phase only what changed is
written (the new phase's map and page, its neighbour's "next" link, the game's page and
chart, the index); ``build`` goes over every game again from the store and keeps every
file whose inputs did not change.

Layout (the phase pages' names never change, so mails can quote them)::

    <folder>/index.html, site.css
    <folder>/<game>/index.html            the game: phases, powers and players
    <folder>/<game>/1902-spring-movement.html, ...
    <folder>/<game>/maps/1902-spring-movement.svg (and .png), ...
    <folder>/<game>/centres.html, centres.svg
    <folder>/<game>/press.html            only once the press is published
    <folder>/<game>/archive.zip, maps.gif the end-of-game dossier
    <folder>/<game>/.frames/1902-spring-movement.gif   each map as the animation's frame

Each file is written beside its place and renamed over it: a web server never serves
half a page. ``<game>/.archive.json`` remembers the state the game was written from and,
for every file, the hash of its inputs (``inputs``): a file is written again only when
that hash changes or the file is gone (issue 30 Build 5).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..config import Config
from ..diplomacy.board import Board
from ..diplomacy.outcome import PhaseOutcome
from ..diplomacy.position import Position
from ..render import to_svg
from ..render.kinds import MapKind
from ..render.model import Drawing
from ..render.options import MapOptions
from ..render.raster import encode_png, to_image
from ..reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP, phase_page
from ..store import GameStatus, Store
from ..variants import load_board
from . import pages
from .chart import chart_svg
from .dossier import dossier_zip, frame, splice
from .inputs import map_hash, page_hash
from .record import BoardLoader, GameRecord, read_game, summary

MANIFEST = ".archive.json"
FRAMES = ".frames"
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


def frame_file(code: str) -> str:
    """A phase's frame of the end-of-game animation, in the game's folder (hidden)."""
    return f"{FRAMES}/{Path(phase_page(code)).stem}.gif"


@dataclass
class Written:
    """What one sync did: the files written (paths from the archive's root), the games
    gone over, the files kept because their inputs had not changed, and the seconds spent
    on maps (drawing, PNG, SVG, the animation's frame)."""

    files: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    kept: int = 0
    map_seconds: float = 0.0


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


def _digest(data: bytes | str) -> str:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return hashlib.blake2b(raw, digest_size=20).hexdigest()


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
    def sync(self, store: Store, *, force: bool = False, redraw: bool = False,
             clean: bool = False) -> Written:
        """Bring the folder up to the store: every game whose state changed (all with
        ``force``), then the index. A file is kept when the hash of its inputs is the
        one its game's manifest remembers, unless ``redraw``; ``clean`` also removes
        whatever else lies in those games' folders."""
        with self._lock:
            done = Written()
            changed: list[tuple[GameRecord, str, dict[str, Any]]] = []
            index = self.folder / "index.html"
            summaries = []
            with store.begin() as uow:
                marks = uow.games.marks()  # a few queries for all the games
                manifests = {g: {} if redraw else self._manifest(g) for g in marks}
                todo = [g for g, sig in marks.items()
                        if force or manifests[g].get("signature") != sig]
                if todo or force or not index.exists():
                    games = uow.games.list()
                    summaries = [summary(uow, game) for game in games]
                    for game in games:
                        if game.id in todo:
                            record = read_game(uow, self.config, self.boards, game)
                            changed.append((record, marks[game.id], manifests[game.id]))
            self._write_style(done)
            for record, sig, manifest in changed:
                self._write_game(record, sig, manifest, done, clean)
                done.games.append(record.id)
            if done.games or force or not index.exists():
                html = pages.index_page(summaries, self.config.server.language, self.boards)
                self._put(index, html, done, "index.html")
            return done

    def _write_style(self, done: Written) -> None:
        for name in pages.STATIC:
            self._put(self.folder / name, pages.static_file(name), done, name)

    def _put(self, path: Path, data: bytes | str, done: Written, name: str) -> bool:
        """Write ``data`` unless the file already holds it; True if written."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        try:
            if path.read_bytes() == raw:
                done.kept += 1
                return False
        except OSError:
            pass
        _write(path, raw)
        done.files.append(name)
        return True

    def _manifest(self, game_id: str) -> dict[str, Any]:
        try:
            data = json.loads((self.folder / game_id / MANIFEST).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    # -- one game -----------------------------------------------------------------------
    def _write_game(self, record: GameRecord, sig: str, manifest: dict[str, Any],
                    done: Written, clean: bool) -> None:
        base = self.folder / record.id
        lang = record.lang
        old: dict[str, str] = dict(manifest.get("files") or {})
        files: dict[str, str] = {}  # every file of the game's folder now -> its inputs' hash

        def fresh(names: list[str], wanted: str) -> bool:
            return all(old.get(n) == wanted and (base / n).is_file() for n in names)

        for i, phase in enumerate(record.phases):
            code = phase.code
            maps = [pages.map_file(code), pages.map_file(code, "svg"), frame_file(code)]
            wanted = map_hash(record, i, MAP_WIDTH)
            if fresh(maps, wanted):
                done.kept += len(maps)
            else:
                started = time.perf_counter()
                drawing = self.painter(record.board, phase.before, phase.played.outcome, lang,
                                       record.map_options)
                image = to_image(drawing)
                _write(base / maps[0], encode_png(image, drawing))
                _write(base / maps[1], to_svg(drawing))
                _write(base / maps[2], frame(image))
                done.map_seconds += time.perf_counter() - started
                done.files += [f"{record.id}/{n}" for n in maps]
            files.update(dict.fromkeys(maps, wanted))
            page = phase_page(code)
            wanted = page_hash(record, i)
            if fresh([page], wanted):
                done.kept += 1
            else:
                _write(base / page, pages.phase_html(record, i, lang))
                done.files.append(f"{record.id}/{page}")
            files[page] = wanted
        whole: dict[str, str | bytes] = {
            "index.html": pages.game_page(record, lang),
            "centres.svg": chart_svg(record, lang),
            "centres.html": pages.chart_page(record, lang),
        }
        if record.press_entries is not None:
            whole["press.html"] = pages.press_page(record, lang)
        for name, data in whole.items():
            self._put(base / name, data, done, f"{record.id}/{name}")
            files[name] = _digest(data)
        dossier = ""
        if record.status is GameStatus.FINISHED and record.phases:
            dossier = self._dossier(record, files, manifest.get("dossier"), done)
            files[DOSSIER_ANIMATION] = files[DOSSIER_ZIP] = dossier
        # what the game's folder held and holds no more: a rolled-back phase's page and
        # maps, the press page of a press unpublished, a dossier of a game resumed
        gone = set(old) - set(files)
        gone |= {n for n in ("press.html", DOSSIER_ZIP, DOSSIER_ANIMATION) if n not in files}
        if clean:
            gone |= {str(p.relative_to(base)) for p in base.rglob("*")
                     if p.is_file() and p.name != MANIFEST} - set(files)
        for name in gone:
            (base / name).unlink(missing_ok=True)
        record_of = json.dumps({"signature": sig, "files": files, "dossier": dossier}, indent=1,
                               sort_keys=True)
        self._put(base / MANIFEST, record_of, Written(), MANIFEST)  # bookkeeping: not counted

    def _dossier(self, record: GameRecord, files: dict[str, str], old: object,
                 done: Written) -> str:
        """The animation from the stored frames and the zip of the folder, each written
        only when something in the folder changed; the hash of their inputs."""
        base = self.folder / record.id
        index = pages.index_page([record.summary], self.config.server.language, self.boards)
        game = pages.game_page(record, record.lang, in_dossier=True)
        static = [pages.static_file(name) for name in pages.STATIC]
        wanted = _digest(json.dumps([sorted(files.items()), index, game, static]))
        if old == wanted and (base / DOSSIER_ANIMATION).is_file() and (base / DOSSIER_ZIP).is_file():
            done.kept += 2
            return wanted
        frames = [(base / frame_file(p.code)).read_bytes() for p in record.phases]
        _write(base / DOSSIER_ANIMATION, splice(frames))
        _write(base / DOSSIER_ZIP, dossier_zip(self.folder, record.id, index, game))
        done.files += [f"{record.id}/{DOSSIER_ANIMATION}", f"{record.id}/{DOSSIER_ZIP}"]
        return wanted


def build_site(folder: Path, config: Config, store: Store, *, clean: bool = True,
               redraw: bool = False, boards: BoardLoader = load_board,
               painter: MapPainter = paint_map) -> Written:
    """The whole archive gone over again from the store (``arbitro site build``): every
    game's pages and maps whose inputs changed are written, the others kept; ``clean``
    removes whatever else lies in the games' folders, so nothing stale stays; ``redraw``
    writes every file again whatever its manifest says."""
    return SiteWriter(Path(folder), config, boards=boards, painter=painter).sync(
        store, force=True, redraw=redraw, clean=clean)
