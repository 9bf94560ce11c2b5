"""The one door into the service: ``Referee.desk(game, now)``, one transaction for one game.

The CLI, the mail commands, the daemon's steps and the tests all call the desk; the
procedures' modules are the desk's implementation and nobody outside the service imports
them."""

from __future__ import annotations

import ast
from datetime import timedelta
from pathlib import Path

from service_helpers import START, Driver, game_table, make_config

import arbitro
from arbitro.service import Referee
from arbitro.store import GameStatus

PACKAGE = Path(arbitro.__file__).parent
TESTS = Path(__file__).parents[1]
# The procedures' bodies: only the desk (and the service itself) calls them.
BEHIND_THE_DESK = {f"arbitro.service.{name}" for name in ("submit", "gm", "status", "lifecycle", "clock")}
BEHIND_THE_DESK |= {f"arbitro.service.{name}" for name in (  # issue 16
    "past_phases", "summary", "games_list", "account", "observers")}


def _imports(path: Path) -> set[str]:
    """Absolute module names ``path`` imports (relative imports resolved under arbitro/)."""
    found: set[str] = set()
    here = list(path.relative_to(PACKAGE.parent).with_suffix("").parts) if PACKAGE in path.parents else []
    package = here if path.name == "__init__.py" else here[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, node.module] if node.module else base)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_nobody_outside_the_service_goes_behind_the_desk():
    outside = [p for p in PACKAGE.rglob("*.py") if (PACKAGE / "service") not in p.parents]
    outside += list(TESTS.rglob("*.py"))
    bad = sorted(f"{p}: {m}" for p in outside for m in _imports(p) & BEHIND_THE_DESK)
    assert not bad, "\n".join(bad)


def test_the_desk_does_every_procedure_in_one_transaction(store):
    game_id = "banco"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    with referee.desk(game_id, START - timedelta(days=1)) as desk:
        assert desk.step() == "created"
        assert desk.gm_status() is not None
        assert desk.gm_start().ok  # by the GM before the configured start
    assert d.game().status is GameStatus.ACTIVE
    holders = d.holders()
    now = START + timedelta(hours=1)
    with referee.desk(game_id, now) as desk:
        assert desk.submit_orders(holders["FRANCE"], "A PAR - BUR").status == "ok"
        assert desk.status(holders["FRANCE"]).on_file
        assert desk.gm_pause(actor="test").ok
        refused = desk.gm_pause(actor="test")  # a refusal is a reply, not an exception
        assert not refused.ok and refused.key == "gm.not_active"
    with referee.desk(game_id, now) as desk:
        assert desk.gm_resume().ok and desk.gm_extend(timedelta(days=1)).ok
        assert desk.gm_process().ok
        assert desk.gm_rollback().ok


def test_a_game_the_config_no_longer_lists_is_refused_at_the_desk(store):
    referee = Referee(store, make_config(game_table("altra")))
    with referee.desk("sparita", START) as desk:
        assert desk.step() is None and desk.gm_status() is None
        reply = desk.gm_eject("FRANCE")
        assert not reply.ok and reply.key == "gm.no_game"
        assert desk.submit_orders("p0@sparita.example", "A PAR H").reason == "unknown_game"
