"""The web archive: seconds to write one phase's pages (what the daemon does after each
phase), to rebuild a whole game's archive from the store, and to make the end-of-game
animation.

    python3 bench/site.py [--years 20] [--database-url sqlite:///...] [--runs 3]

A 7-player game is played through the service's door with random legal orders
(tests/archive/site_game.py); the archive is synced after every phase, as the daemon does,
each sync timed, and split into the map (drawing it, and writing it as PNG, SVG and the
animation's frame: ``Written.map_seconds``) and the rest (reading the store, HTML, chart,
index). Then ``build_site`` (what ``arbitro site build`` runs) ``--runs`` times over the
folder as the syncs left it (every file's inputs unchanged: what a rebuild after an
upgrade of nothing costs), once with ``redraw`` (everything written again, as a rebuild
from nothing), and the dossier: the animation spliced from the stored frames, beside the
animation made from the maps (the way before), and the zip.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "archive")]

from service.service_helpers import START, game_table, make_config  # noqa: E402
from site_game import config_with_site, play_years  # noqa: E402

from arbitro.reports.links import phase_page  # noqa: E402
from arbitro.service import Referee  # noqa: E402
from arbitro.site import SiteWriter, build_site  # noqa: E402
from arbitro.site.dossier import animation, dossier_zip, splice  # noqa: E402
from arbitro.site.writer import frame_file  # noqa: E402
from arbitro.store import open_store  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--years", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        config = config_with_site(make_config(game_table("bench")), folder)
        store = open_store(url)
        referee = Referee(store, config)
        writer = SiteWriter(folder, config)
        syncs: list[float] = []
        map_times: list[float] = []

        def after_phase(_: object) -> None:
            t = time.perf_counter()
            done = writer.sync(store)
            syncs.append(time.perf_counter() - t)
            map_times.append(done.map_seconds)

        t = time.perf_counter()
        play_years(referee, store, "bench", START, args.years, seed=1901, after_phase=after_phase)
        played = time.perf_counter() - t - sum(syncs)
        with store.begin() as uow:
            phases = [p for p in uow.phases.history("bench") if p.results is not None]
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"game: {len(phases)} phases played ({phases[0].code} to {phases[-1].code}) "
              f"in {played:.1f} s through the service")
        print(f"one phase's pages (sync after each phase): median {statistics.median(syncs):.3f} s, "
              f"max {max(syncs):.3f} s; of which the map (drawing, PNG, SVG, frame): median "
              f"{statistics.median(map_times):.3f} s")
        rebuilds, kept = [], 0
        for _ in range(args.runs):
            t = time.perf_counter()
            written = build_site(folder, config, store)
            rebuilds.append(time.perf_counter() - t)
            kept = written.kept
        t = time.perf_counter()
        redrawn = build_site(folder, config, store, redraw=True)
        t_redraw = time.perf_counter() - t
        print(f"rebuild, inputs unchanged ({len(written.files)} files written, {kept} kept, "
              f"{len(files)} files, {size / 1e6:.1f} MB): median {statistics.median(rebuilds):.3f} s "
              f"over {args.runs} runs, min {min(rebuilds):.3f} s")
        print(f"rebuild from nothing (--redraw, {len(redrawn.files)} files): {t_redraw:.1f} s "
              f"({t_redraw / len(phases) * 1000:.0f} ms a phase, maps {redrawn.map_seconds:.1f} s)")
        base = folder / "bench"
        frames = [(base / frame_file(p.code)).read_bytes() for p in phases]
        t = time.perf_counter()
        gif = splice(frames)
        t_splice = time.perf_counter() - t
        maps = [base / "maps" / phase_page(p.code).replace(".html", ".png") for p in phases]
        t = time.perf_counter()
        old_way = animation(maps)
        t_maps = time.perf_counter() - t
        t = time.perf_counter()
        archive = dossier_zip(folder, "bench", "<html></html>", "<html></html>")
        t_zip = time.perf_counter() - t
        print(f"end-of-game dossier: the animation of {len(frames)} maps from the stored frames "
              f"{t_splice * 1000:.0f} ms ({len(gif) / 1e6:.1f} MB; made from the maps instead: "
              f"{t_maps:.1f} s), zip {t_zip:.2f} s ({len(archive) / 1e6:.1f} MB)")
        assert len(old_way) > 0
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
