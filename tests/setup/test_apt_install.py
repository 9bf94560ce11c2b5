"""scripts/apt-install.sh waits for another package manager instead of failing at once.

A fresh machine often runs an unattended upgrade at boot: apt's lock is held for minutes
and a plain ``apt-get install`` fails at once. The script waits for the lock (the POSIX
record lock dpkg takes), then installs; apt-get itself is replaced by ``echo`` here, as
installing packages is not what is tested.
"""

from __future__ import annotations

import fcntl
import subprocess
import time
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "apt-install.sh"


def _run(lock: Path, wait: int) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "APT_LOCKS": str(lock), "APT_GET": "echo",
           "APT_LOCK_WAIT": str(wait)}
    return subprocess.run(["bash", str(SCRIPT), "dovecot-imapd"], env=env, capture_output=True,
                          text=True, timeout=60)


def test_waits_for_a_held_lock_then_installs(tmp_path: Path) -> None:
    lock = tmp_path / "lock-frontend"
    lock.touch()
    holder = subprocess.Popen(
        ["python3", "-c", "import fcntl, sys, time\n"
         "fh = open(sys.argv[1], 'r+b'); fcntl.lockf(fh, fcntl.LOCK_EX)\n"
         "print('held', flush=True); time.sleep(2)", str(lock)],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    started = time.monotonic()
    out = _run(lock, wait=30)
    waited = time.monotonic() - started
    holder.wait(timeout=10)
    assert out.returncode == 0, out.stderr
    assert "waiting for another package manager" in out.stderr
    assert waited >= 1.0  # it did not run apt-get while the lock was held
    assert "install -y" in out.stdout or "update" in out.stdout


def test_gives_up_with_a_clear_line_when_the_lock_stays(tmp_path: Path) -> None:
    lock = tmp_path / "lock"
    lock.touch()
    with lock.open("r+b") as fh:
        fcntl.lockf(fh, fcntl.LOCK_EX)
        out = _run(lock, wait=2)
    assert out.returncode == 1
    assert f"{lock} still held after 2s" in out.stderr
    assert out.stdout == ""  # apt-get never ran


def test_free_lock_installs_at_once(tmp_path: Path) -> None:
    lock = tmp_path / "lock"
    lock.touch()
    out = _run(lock, wait=30)
    assert out.returncode == 0
    assert "waiting" not in out.stderr
    assert "dovecot-imapd" in out.stdout


def test_missing_lock_files_are_free(tmp_path: Path) -> None:
    out = _run(tmp_path / "absent", wait=1)
    assert out.returncode == 0 and "dovecot-imapd" in out.stdout
