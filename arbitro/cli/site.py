"""``arbitro site build --config FILE``: the static web archive written again from the store."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from .config_file import EXIT_BAD_CONFIG, read_config



def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "site",
        help="the games' static web archive: `arbitro site build` writes it again",
        description="Write the static web archive of every game in the store (HTML, CSS, "
        "maps, the centre chart, the end-of-game dossier) into the [site] folder of the "
        "config, or into --out. The daemon keeps it up to date after every phase; this "
        "goes over it all again (after an upgrade, or a lost folder): each phase's map and "
        "page are written again when what they are made of changed (the game, or arbitro's "
        "code, words and maps), the others kept; files that are not the archive's go.",
    )
    sub = parser.add_subparsers(dest="site_command", metavar="build", required=True)
    build = sub.add_parser("build", help="write the whole archive again from the store")
    build.add_argument("--config", required=True, metavar="FILE", help="the TOML config")
    build.add_argument("--out", type=Path, default=None, metavar="FOLDER",
                       help="where to write it (default: [site] folder of the config)")
    build.add_argument("--redraw", action="store_true",
                       help="write every file again, even those whose inputs did not change")
    return parser


def run(args: argparse.Namespace) -> int:
    config = read_config(args.config, "arbitro site")
    if config is None:
        return EXIT_BAD_CONFIG
    folder = args.out or (config.site.folder if config.site else None)
    if folder is None:
        print(f"arbitro site: {args.config} has no [site] section: give its folder there "
              "or use --out FOLDER", file=sys.stderr)
        return EXIT_BAD_CONFIG
    from ..site import build_site
    from ..store import open_store

    started = time.perf_counter()
    store = open_store(config.server.database_url)
    try:
        written = build_site(folder, config, store, redraw=args.redraw)
    finally:
        store.close()
    print(f"arbitro site: {len(written.games)} game(s), {len(written.files)} file(s) written, "
          f"{written.kept} kept as they were, in {folder} ({time.perf_counter() - started:.1f} s)")
    if config.site and config.site.base_url:
        print(f"published at {config.site.base_url}/index.html")
    return 0
