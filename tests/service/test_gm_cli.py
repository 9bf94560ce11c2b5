"""``arbitro gm``: GM operations from the command line, each leaving an audit record."""

from __future__ import annotations

from arbitro.cli import main
from arbitro.store import open_store

CONFIG = """
[server]
database_url = "sqlite:///{db}"
referee_address = "arbitro@example.org"

[[game]]
id = "cli1"
gm_address = "gm@example.org"
gm_password = "x"
[[game.players]]
address = "a@example.org"
password = "a"
[[game.players]]
address = "b@example.org"
password = "b"
"""


def test_gm_commands_start_extend_pause_resume_and_status(tmp_path, capsys):
    db = tmp_path / "gm.sqlite3"
    config = tmp_path / "arbitro.toml"
    config.write_text(CONFIG.format(db=db))
    base = ["gm", "--config", str(config), "--actor", "tester"]
    assert main([*base, "--now", "2025-03-01T20:00:00+00:00", "start", "cli1"]) == 0
    assert main([*base, "--now", "2025-03-01T21:00:00+00:00", "extend", "cli1", "2d"]) == 0
    assert main([*base, "--now", "2025-03-01T22:00:00+00:00", "pause", "cli1"]) == 0
    assert main([*base, "--now", "2025-03-01T22:00:00+00:00", "pause", "cli1"]) == 1  # already
    assert main([*base, "--now", "2025-03-02T22:00:00+00:00", "resume", "cli1"]) == 0
    assert main([*base, "--now", "2025-03-02T22:00:00+00:00", "eject", "cli1", "NOWHERE"]) == 1
    assert main([*base, "extend", "cli1", "soon"]) == 2
    capsys.readouterr()
    assert main([*base, "status", "cli1"]) == 0
    out = capsys.readouterr().out
    assert "cli1" in out and "S1901M" in out and "active" in out
    store = open_store(f"sqlite:///{db}")
    with store.begin() as uow:
        actions = [e.action for e in uow.audit.list("cli1")]
        assert actions == ["start", "extend", "pause", "resume"]
        assert all(e.actor == "tester" for e in uow.audit.list("cli1"))
    store.close()
