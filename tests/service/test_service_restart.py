"""Killing the service between any two steps and starting again continues exactly where it
stopped: a game driven step by step, the store closed and reopened (with a new Referee) at
every boundary and once in the middle of a step, ends identical to an uninterrupted run."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from service_helpers import BOARD, START, dump_state, game_table, make_config

from arbitro.contract import position_from_json
from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.orders import format_order
from arbitro.service import Referee, gm
from arbitro.service.identity import game_master, trusted
from arbitro.service.submit import submit_orders
from arbitro.store import PowerStatus, open_store

GAME = "napoli"
CONFIG = make_config(game_table(GAME, lateness_max_per_turn=1))


class Crash(Exception):
    pass


def fake_map(crash_on: int | None) -> Callable[..., bytes]:
    calls = {"n": 0}

    def render(board: Any, outcome: Any, *rest: Any) -> bytes:
        calls["n"] += 1
        if calls["n"] == crash_on:
            raise Crash("killed while drawing the map")
        return f"PNG {outcome.next.phase}".encode()

    return render


def run(url: str, restart: bool) -> dict[str, Any]:
    render = fake_map(crash_on=2 if restart else None)
    box: dict[str, Any] = {}

    def reopen() -> Referee:
        if "store" in box:
            box["store"].close()
            box["opened"] = True
        # The schema is migrated on the first open; later opens skip the (idempotent,
        # separately tested) migration to keep the test quick.
        box["store"] = open_store(url, run_migrations="opened" not in box)
        # One seed for both runs: the draw (R-END-3) is random by design, not by crash.
        box["ref"] = Referee(box["store"], CONFIG, render_map=render, draw_seed=lambda: "5e" * 32)
        return box["ref"]

    ref = reopen()
    boundary = reopen if restart else (lambda: box["ref"])

    def tick(now: Any) -> None:
        nonlocal ref
        while True:
            try:
                what = ref.step(now)
            except Crash:
                ref = reopen()  # the step's transaction rolled back: nothing half-done
                continue
            ref = boundary()
            if what is None:
                return

    def orders(now: Any, seed: int, silent: frozenset[str] = frozenset()) -> None:
        nonlocal ref
        with box["store"].begin() as uow:
            phase = uow.phases.current(GAME)
            holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
            powers = uow.powers.all(GAME)
            position = position_from_json(BOARD, phase.position_before)
        for power, given in sorted(random_orders(BOARD, position, random.Random(seed)).items()):
            if power in silent or power not in holders or powers[power].status is not PowerStatus.PLAYING:
                continue
            text = "\n".join(format_order(o) for o in given) or "WAIVE"
            with ref.table(GAME, now) as table:
                assert submit_orders(table, trusted(table, holders[power]), text).status == "ok"
            ref = boundary()

    now = START
    tick(now)
    for turn in range(7):
        with box["store"].begin() as uow:
            phase = uow.phases.current(GAME)
            deadline = phase.deadline
        now += timedelta(hours=2)
        silent = frozenset({"TURKEY"}) if turn in (0, 2) else frozenset()
        orders(now, turn, silent)
        tick(now)
        if turn == 1:
            with ref.table(GAME, now) as table:
                assert gm.extend(table, game_master(table.config), timedelta(days=1)).ok
            ref = boundary()
        if turn == 4:
            with ref.table(GAME, now) as table:
                assert gm.rollback(table, game_master(table.config)).ok
            ref = boundary()
        if turn == 5:
            with ref.table(GAME, now) as table:
                assert gm.pause(table, game_master(table.config)).ok
            ref = boundary()
            now += timedelta(days=2)
            with ref.table(GAME, now) as table:
                assert gm.resume(table, game_master(table.config)).ok
            ref = boundary()
        with box["store"].begin() as uow:
            still = uow.phases.current(GAME)
        if still is not None and still.id == phase.id:
            now = max(now, deadline) + timedelta(minutes=1)
            tick(now)
            tick(now + timedelta(days=1, minutes=1))
            now += timedelta(days=1, minutes=2)
    state = dump_state(box["store"])
    box["store"].close()
    return state


def test_restart_at_every_step_gives_the_same_game(new_db):
    straight = run(new_db(), restart=False)
    restarted = run(new_db(), restart=True)
    assert len(straight["phases"]) >= 6
    assert straight["audit_log"] and straight["outbox"] and straight["outbox_attachments"]
    assert any(k["idempotency_key"].startswith("onp:") for k in straight["outbox"])
    for table in straight:
        assert restarted[table] == straight[table], table
