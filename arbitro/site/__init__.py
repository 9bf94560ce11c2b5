"""The static web archive of the games: plain HTML and CSS, written into a folder after
every phase (the daemon) or all at once (``arbitro site build``), served by any web server
(docs/DEPLOY.md) or by ``arbitro dev``. Reads the store; publishes nothing private (no
address, password or token; no player name in an anonymous game; press only once the GM
has published it)."""

from .record import GameRecord, read_game
from .serve import ArchiveServer
from .writer import SiteWriter, Written, build_site

__all__ = ["ArchiveServer", "GameRecord", "SiteWriter", "Written", "build_site", "read_game"]
