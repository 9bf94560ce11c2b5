"""The web archive: seconds to write one phase's pages (what the daemon does after each
phase) and to rebuild a whole 10-year game from the store.

    python3 bench/site.py [--years 10] [--database-url sqlite:///...] [--runs 3]

A 7-player game is played through the service's door with random legal orders
(tests/archive/site_game.py); the archive is synced after every phase, each sync timed,
then rebuilt from scratch ``--runs`` times. The per-phase figure is split into the map
(drawing + PNG) and the rest (reading the store, HTML, chart, index).
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

from arbitro.service import Referee  # noqa: E402
from arbitro.site import SiteWriter, build_site  # noqa: E402
from arbitro.reports.links import phase_page  # noqa: E402
from arbitro.site.dossier import animation, dossier_zip  # noqa: E402
from arbitro.site.writer import paint_map  # noqa: E402
from arbitro.store import open_store  # noqa: E402


def _code(stem: str, phases: list) -> str:
    return next(p.code for p in phases if phase_page(p.code) == f"{stem}.html")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--years", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "site"
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        config = config_with_site(make_config(game_table("bench")), folder)
        store = open_store(url)
        referee = Referee(store, config)
        map_times: list[float] = []

        def timed_paint(*a: object) -> object:
            t = time.perf_counter()
            drawing = paint_map(*a)  # type: ignore[arg-type]
            map_times.append(time.perf_counter() - t)
            return drawing

        writer = SiteWriter(folder, config, painter=timed_paint)  # type: ignore[arg-type]
        syncs: list[float] = []

        def after_phase(_: object) -> None:
            t = time.perf_counter()
            writer.sync(store)
            syncs.append(time.perf_counter() - t)

        t = time.perf_counter()
        play_years(referee, store, "bench", START, args.years, seed=1901, after_phase=after_phase)
        played = time.perf_counter() - t - sum(syncs)
        with store.begin() as uow:
            phases = [p for p in uow.phases.history("bench") if p.results is not None]
        files = [p for p in folder.rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files)
        print(f"game: {len(phases)} phases played ({phases[0].code} to {phases[-1].code}) "
              f"in {played:.1f} s through the service")
        print(f"one phase's pages (sync after each phase): median {statistics.median(syncs):.2f} s, "
              f"max {max(syncs):.2f} s; of which drawing the map: median "
              f"{statistics.median(map_times):.2f} s")
        rebuilds = []
        for _ in range(args.runs):
            t = time.perf_counter()
            written = build_site(folder, config, store)
            rebuilds.append(time.perf_counter() - t)
        maps = sorted((folder / "bench" / "maps").glob("*.png"),
                      key=lambda p: [q.code for q in phases].index(_code(p.stem, phases)))
        t = time.perf_counter()
        gif = animation(maps)
        t_gif = time.perf_counter() - t
        t = time.perf_counter()
        archive = dossier_zip(folder, "bench", "<html></html>", "<html></html>")
        t_zip = time.perf_counter() - t
        print(f"end-of-game dossier: animated GIF of {len(maps)} maps {t_gif:.1f} s "
              f"({len(gif) / 1e6:.1f} MB), zip {t_zip:.1f} s ({len(archive) / 1e6:.1f} MB)")
        print(f"full rebuild ({len(written.files)} files, {size / 1e6:.1f} MB, dossier "
              f"excluded: the game is not over): median {statistics.median(rebuilds):.1f} s "
              f"over {args.runs} runs ({statistics.median(rebuilds) / len(phases) * 1000:.0f} "
              "ms a phase)")
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
