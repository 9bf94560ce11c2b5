"""A small static HTTP server for the archive on loopback (``arbitro dev``): the standard
library's, in a thread of its own. For the world, use a real web server (docs/DEPLOY.md)."""

from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass  # one line per request would drown the referee's log


class ArchiveServer:
    """Serves ``folder`` on ``host:port`` (0 = any free port) until ``stop``."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", port: int = 0) -> None:
        Path(folder).mkdir(parents=True, exist_ok=True)
        handler = functools.partial(_Quiet, directory=str(folder))
        self.httpd = ThreadingHTTPServer((host, port), handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="archive-http",
                                       daemon=True)

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        return f"http://{host!s}:{port}/"

    def start(self) -> ArchiveServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)
