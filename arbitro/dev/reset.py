"""``arbitro dev reset``: the demo starts over. It takes the data folder's lease first (the
one a running ``arbitro dev`` holds), so it never pulls the store from under a live dev."""

from __future__ import annotations

import shutil
from pathlib import Path

from ..daemon import StoreBusy
from ..store.lease import lease_for
from .demo import DATABASE_FILE, MAIL_DIR, STATE_FILE

# SQLite's own side files go with the database.
_SQLITE_SIDES = ("", "-wal", "-shm", "-journal")


def reset_demo(data_dir: Path) -> list[Path]:
    """Remove the demo's game, mailboxes and state; the paths removed. Raises StoreBusy
    while an ``arbitro dev`` (or ``dev servers``) runs on the folder."""
    data_dir = data_dir.resolve()
    if not data_dir.exists():
        return []
    lease = lease_for(f"sqlite:///{data_dir / DATABASE_FILE}")
    if not lease.acquire():
        raise StoreBusy(lease.where, lease.holder())
    removed: list[Path] = []
    try:
        for side in _SQLITE_SIDES:
            path = data_dir / f"{DATABASE_FILE}{side}"
            if path.exists():
                path.unlink()
                removed.append(path)
        state = data_dir / STATE_FILE
        if state.exists():
            state.unlink()
            removed.append(state)
        mail = data_dir / MAIL_DIR
        if mail.exists():
            shutil.rmtree(mail)
            removed.append(mail)
    finally:
        lease.release()
    return removed
