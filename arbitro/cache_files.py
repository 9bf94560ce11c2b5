"""Files arbitro derives from its own sources and keeps between runs: the compiled
catalogs (words/catalog.py) and the parsed maps (variants.py).

Each is named by a checksum of its source, so a changed source is derived again and a
stale file is never read. Kept under ``$ARBITRO_CACHE_DIR``, else the user's cache folder
(``$XDG_CACHE_HOME`` or ``~/.cache``) in ``arbitro/``. A folder that cannot be written costs
only the time to derive the file again at the next start.
"""

from __future__ import annotations

import os
import zlib
from pathlib import Path


def cache_folder(kind: str) -> Path:
    """The folder for one kind of derived file (``catalogs``, ``maps``)."""
    own = os.environ.get("ARBITRO_CACHE_DIR")
    if own:
        return Path(own) / kind
    xdg = os.environ.get("XDG_CACHE_HOME")
    try:
        base = Path(xdg) if xdg else Path.home() / ".cache"
    except RuntimeError:  # no home directory
        import tempfile

        base = Path(tempfile.gettempdir())
    return base / "arbitro" / kind


def derived_path(kind: str, stem: str, source: bytes, suffix: str) -> Path:
    """Where the file derived from ``source`` is kept: named by the source's checksum."""
    return cache_folder(kind) / f"{stem}-{len(source)}-{zlib.crc32(source):08x}{suffix}"


def read_derived(path: Path) -> bytes | None:
    """The kept file, or None. Only a file of this user that no one else may write is
    read: a kept file is loaded as trusted data (marshal, compiled catalogs), so a cache
    folder shared with others, or left writable, is never trusted."""
    try:
        with path.open("rb") as fh:
            st = os.fstat(fh.fileno())
            if st.st_uid != os.getuid() or st.st_mode & 0o022:
                return None
            return fh.read()
    except OSError:
        return None


def store_derived(path: Path, data: bytes) -> None:
    """Write the file whole or not at all (another process may be reading it)."""
    import tempfile

    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, path)
        except OSError:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # read-only: derived again next time
