"""The door into the service: ``Referee.table(game, now)``, one unit of work on one game,
and the procedures that take it (``procedure(table, caller, ...) -> Reply``).

The CLI, the mail commands, the daemon's steps and the tests all open tables; the table
reads the game once and forgets what its own writes made stale."""

from __future__ import annotations

from datetime import timedelta

from service_helpers import START, Driver, game_table, make_config

from arbitro.service import Referee, gm
from arbitro.service.identity import game_master, trusted
from arbitro.service.referee import step
from arbitro.service.status import status_reply
from arbitro.service.submit import submit_orders
from arbitro.store import GameStatus


def test_the_table_does_every_procedure_in_one_transaction(store):
    game_id = "banco"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    with referee.table(game_id, START - timedelta(days=1)) as table:
        assert step(table) == "created"
        assert gm.status_text(table) is not None
        assert gm.start(table, game_master(table.config)).ok  # by the GM before the configured start
    assert d.game().status is GameStatus.ACTIVE
    holders = d.holders()
    now = START + timedelta(hours=1)
    with referee.table(game_id, now) as table:
        france = trusted(table, holders["FRANCE"])
        assert submit_orders(table, france, "A PAR - BUR").status == "ok"
        assert status_reply(table, france).on_file
        assert gm.pause(table, game_master(table.config, "test")).ok
        refused = gm.pause(table, game_master(table.config, "test"))  # a refusal is a reply
        assert not refused.ok and refused.key == "gm.not_active"
    with referee.table(game_id, now) as table:
        gm_caller = game_master(table.config)
        assert gm.resume(table, gm_caller).ok and gm.extend(table, gm_caller, timedelta(days=1)).ok
        assert gm.process_now(table, gm_caller).ok
        assert gm.rollback(table, gm_caller).ok


def test_a_game_the_config_no_longer_lists_is_refused_at_the_table(store):
    referee = Referee(store, make_config(game_table("altra")))
    with referee.table("sparita", START) as table:
        assert step(table) is None and gm.status_text(table) is None
        reply = gm.eject(table, game_master(referee.config), "FRANCE")
        assert not reply.ok and reply.key == "gm.no_game"
        stranger = trusted(table, "p0@sparita.example")
        assert submit_orders(table, stranger, "A PAR H").reason == "unknown_game"


def test_what_the_table_read_is_read_again_after_its_own_writes(store):
    """The phase, the holders, the orders on file are read once per unit of work; the
    table's writes forget what they changed, so a procedure never acts on a stale copy."""
    game_id = "memoria"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    referee.tick(START)
    holders = d.holders()
    with referee.table(game_id, START + timedelta(hours=1)) as table:
        spring = table.phase
        assert spring is not None and table.phase is spring  # kept
        france = trusted(table, holders["FRANCE"])
        assert "FRANCE" not in table.orders_on_file
        submit_orders(table, france, "A PAR - BUR")
        assert "FRANCE" in table.orders_on_file  # filed through the table: read again
        gm.process_now(table, game_master(table.config))
        assert table.phase is not None and table.phase.code == "F1901M"  # the next one
        assert table.position.phase.season == "F"
