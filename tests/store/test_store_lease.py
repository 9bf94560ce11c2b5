"""One daemon per store (issue 25, findings 5 and 6): the SQLite lock belongs to the file,
not its path; the fence makes a daemon another has taken over from unable to commit."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import text

from arbitro.store import Store, open_store
from arbitro.store.lease import Fence, LeaseLost, lease_for


def _db(tmp_path: Path) -> Path:
    db = tmp_path / "data" / "arbitro.sqlite3"
    db.parent.mkdir()
    open_store(f"sqlite:///{db}").close()
    return db


def test_the_sqlite_lock_belongs_to_the_file_whatever_the_path(tmp_path: Path) -> None:
    db = _db(tmp_path)
    (tmp_path / "link.sqlite3").symlink_to(db)
    os.link(db, tmp_path / "hard.sqlite3")
    (tmp_path / "folder").symlink_to(db.parent)
    first = lease_for(f"sqlite:///{db}")
    assert first.acquire()
    try:
        for other in (tmp_path / "link.sqlite3", tmp_path / "hard.sqlite3",
                      tmp_path / "folder" / "arbitro.sqlite3", db):
            assert not lease_for(f"sqlite:///{other}").acquire(), other
    finally:
        first.release()
    again = lease_for(f"sqlite:///{tmp_path / 'hard.sqlite3'}")
    assert again.acquire()  # free once the first let go
    again.release()


def test_the_sqlite_lock_holds_across_a_bind_mount(tmp_path: Path) -> None:
    """A Docker volume mounting the database file at another path is a bind mount."""
    db = _db(tmp_path)
    target = tmp_path / "elsewhere.sqlite3"
    target.touch()
    mounted = subprocess.run(["mount", "--bind", str(db), str(target)], capture_output=True,
                             check=False)
    if mounted.returncode != 0:
        pytest.skip(f"no bind mount here: {mounted.stderr.decode().strip()}")
    try:
        assert os.stat(target).st_ino == os.stat(db).st_ino
        first = lease_for(f"sqlite:///{target}")
        assert first.acquire()
        try:
            assert not lease_for(f"sqlite:///{db}").acquire()
        finally:
            first.release()
    finally:
        subprocess.run(["umount", str(target)], check=True)


def test_the_refusal_names_the_holder_from_the_store(tmp_path: Path, now: datetime) -> None:
    db = _db(tmp_path)
    store = open_store(f"sqlite:///{db}")
    first = lease_for(f"sqlite:///{db}")
    try:
        assert first.acquire()
        Fence().take(store, "pid 12 on box since today", now)
        other = lease_for(f"sqlite:///{tmp_path / 'data' / '..' / 'data' / 'arbitro.sqlite3'}")
        assert not other.acquire()
        assert other.holder() == "pid 12 on box since today"
    finally:
        first.release()
        store.close()


def _fenced(url: str) -> tuple[Store, Fence]:
    store = open_store(url)
    fence = Fence()
    return store, fence


def test_a_daemon_taken_over_from_can_commit_nothing(db_url: str, now: datetime) -> None:
    old, old_fence = _fenced(db_url)
    new, new_fence = _fenced(db_url)
    try:
        assert old_fence.take(old, "old", now) is True  # nobody held it before
        old.guard = old_fence.assert_held
        with old.begin() as uow:
            uow.session.execute(text("SELECT 1"))
        assert new_fence.take(new, "new", now) is False  # the old one never let go
        new.guard = new_fence.assert_held
        with pytest.raises(LeaseLost), old.begin() as uow:
            uow.outbox.enqueue("late", recipients=["a@x.it"], subject="s", body="b", now=now)
        with new.begin() as uow:
            assert uow.outbox.by_key("late") is None  # nothing of the old one's got in
        old_fence.let_go(old)  # the old one cannot mark the new one's lease released
        new_fence.let_go(new)
        assert Fence().take(new, "third", now) is True  # the new one let go cleanly
    finally:
        old.close()
        new.close()


def test_a_takeover_waits_for_the_old_holders_transaction_under_way(
    db_url: str, now: datetime
) -> None:
    """The old daemon's transaction began before the takeover: it commits whole, then the
    takeover lands, and the old daemon's next transaction fails."""
    old, old_fence = _fenced(db_url)
    new, new_fence = _fenced(db_url)
    began, taken = threading.Event(), threading.Event()
    times: dict[str, float] = {}
    try:
        old_fence.take(old, "old", now)
        old.guard = old_fence.assert_held

        def takeover() -> None:
            began.wait(5)
            new_fence.take(new, "new", now)
            times["taken"] = time.monotonic()
            taken.set()

        thread = threading.Thread(target=takeover)
        thread.start()
        with old.begin() as uow:
            uow.outbox.enqueue("under way", recipients=["a@x.it"], subject="s", body="b", now=now)
            began.set()
            time.sleep(0.5)
            assert not taken.is_set()
            times["committed"] = time.monotonic()
        thread.join(10)
        assert taken.is_set() and times["taken"] >= times["committed"]
        with pytest.raises(LeaseLost), old.begin():
            pass
        with new.begin() as uow:
            assert uow.outbox.by_key("under way") is not None
    finally:
        old.close()
        new.close()
