"""The dev archive's port in a real browser (issue 29.14): headless Chromium opens the
archive served on ``arbitro dev``'s default port, and refuses 10080 (the old default, on
Chromium's and Firefox's list of ports they never open) before it even connects."""

from __future__ import annotations

import socket
from pathlib import Path

from browser import chromium

from arbitro.dev.ports import DEFAULT_SITE_PORT
from arbitro.site import ArchiveServer


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def test_chromium_opens_the_default_port_and_refuses_10080(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html><head><title>archivio di prova</title></head>"
                                         "<body>ok</body></html>", encoding="utf-8")
    server = None
    if _free(DEFAULT_SITE_PORT):  # else another arbitro dev serves there: still no refusal
        server = ArchiveServer(tmp_path, "127.0.0.1", DEFAULT_SITE_PORT).start()
    try:
        with chromium() as driver:
            driver.get("http://127.0.0.1:10080/index.html")
            assert "ERR_UNSAFE_PORT" in driver.page_source
            driver.get(f"http://127.0.0.1:{DEFAULT_SITE_PORT}/index.html")
            assert "ERR_UNSAFE_PORT" not in driver.page_source
            if server is not None:
                assert driver.title == "archivio di prova"
    finally:
        if server is not None:
            server.stop()
