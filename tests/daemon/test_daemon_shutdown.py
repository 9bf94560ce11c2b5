"""``arbitro run`` stops cleanly on SIGTERM and SIGINT, and refuses a bad config with exit 2."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

CONFIG = """\
[server]
database_url = "sqlite:///arbitro.sqlite3"
referee_address = "arbitro@example.org"

[[game]]
id = "quiet"
gm_address = "gm@example.org"
gm_password = "gm"
start = 2025-03-01T20:00:00
"""


def start(config: Path, log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "arbitro", "run", "--config", str(config)],
        cwd=ROOT, stdout=log.open("wb"), stderr=subprocess.STDOUT,
    )


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_clean_stop_on_signal(tmp_path: Path, sig: signal.Signals) -> None:
    config = tmp_path / "arbitro.toml"
    config.write_text(CONFIG)
    log = tmp_path / "log.txt"
    process = start(config, log)
    try:
        end = time.monotonic() + 20
        while "arbitro: started" not in log.read_text():
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < end, log.read_text()
            time.sleep(0.05)
        process.send_signal(sig)
        assert process.wait(20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    text = log.read_text()
    assert "arbitro: stopping" in text and "arbitro: stopped" in text
    assert "Traceback" not in text
    assert (tmp_path / "arbitro.sqlite3").exists()  # the store was opened (and migrated)


def test_a_bad_config_exits_2_with_the_problem(tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text('[server]\nreferee_address = "not an address"\n')
    done = subprocess.run([sys.executable, "-m", "arbitro", "run", "--config", str(config)],
                          check=False, cwd=ROOT, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 2
    assert "referee_address" in done.stderr and "not valid" in done.stderr
