"""Reading a written archive back: every file (zip members too), every link of its pages."""

from __future__ import annotations

import io
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit


def every_file(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by its path, and every member of every zip in it
    ("game/archive.zip!game/index.html"): compressed bytes would hide a leak."""
    out: dict[str, bytes] = {}
    for path in sorted(folder.rglob("*")):
        if not path.is_file():
            continue
        name = str(path.relative_to(folder))
        data = path.read_bytes()
        out[name] = data
        if path.suffix == ".zip":
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                for member in zf.namelist():
                    out[f"{name}!{member}"] = zf.read(member)
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.links.append(value)


def links_of(html: str) -> list[str]:
    parser = _Links()
    parser.feed(html)
    return parser.links


def broken_links(folder: Path) -> list[str]:
    """Every relative link of every page that leads to no file."""
    bad = []
    for page in folder.rglob("*.html"):
        for link in links_of(page.read_text(encoding="utf-8")):
            target = urlsplit(link)
            if target.scheme or target.netloc:
                bad.append(f"{page.relative_to(folder)}: {link} leaves the archive")
                continue
            if not (page.parent / target.path).resolve().is_file():
                bad.append(f"{page.relative_to(folder)}: {link}")
    return bad
