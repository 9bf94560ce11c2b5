"""A wrong clock (issue 25 finding 10: a clock four days ahead charged late days that
stayed after the clock was right). The daemon checks the wall clock against a steady one;
a jump is held, told to the GM, and ends by the GM's word or by the clock coming back."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from player_mail import player_mail
from service.service_helpers import START, game_table, make_config
from sqlalchemy import select

from arbitro.config import Config
from arbitro.daemon import Daemon
from arbitro.daemon.clock import CheckedClock, Jump
from arbitro.mail.intake.memory import MemoryMailbox
from arbitro.store import PhaseStatus, open_store
from arbitro.store.lease import Fence, clock_hold, confirm_clock, hold_clock, release_clock
from arbitro.store.models import OrderSubmission, OutboxMessage, Phase

ROOT = Path(__file__).resolve().parents[2]
GAME = "orologio"


class Clocks:
    """A wall clock the test sets, and a steady one that only moves forward."""

    def __init__(self, wall: datetime) -> None:
        self.now = wall
        self.seconds = 1000.0

    def wall(self) -> datetime:
        return self.now

    def steady(self) -> float:
        return self.seconds

    def passes(self, **delta: float) -> None:
        """Time passes: both clocks move."""
        step = timedelta(**delta)
        self.now += step
        self.seconds += step.total_seconds()


def test_the_wall_clock_is_followed_while_it_agrees_and_held_when_it_jumps() -> None:
    c = Clocks(START)
    clock = CheckedClock(c.wall, c.steady, tolerance=timedelta(seconds=60))
    assert clock() == START and not clock.held
    c.passes(hours=1)
    c.now += timedelta(seconds=30)  # NTP's slewing, well within the tolerance
    assert clock() == START + timedelta(hours=1, seconds=30) and not clock.held
    c.now += timedelta(days=4)  # the jump
    held = START + timedelta(hours=1, seconds=30)
    assert clock() == held and clock.held
    assert clock.jump == Jump(held + timedelta(days=4), held)
    c.passes(minutes=10)  # held time goes on by the steady clock alone
    assert clock() == held + timedelta(minutes=10)
    c.now -= timedelta(days=4)  # the jump undone
    assert clock() == held + timedelta(minutes=10) and not clock.held
    c.now -= timedelta(hours=3)  # a jump back is held too
    assert clock() == held + timedelta(minutes=10) and clock.held
    assert clock.confirm() is not None  # the GM's word: the wall clock is right
    assert clock() == c.now and not clock.held


def test_a_jump_held_by_the_last_daemon_is_held_again() -> None:
    c = Clocks(START + timedelta(days=4))
    clock = CheckedClock(c.wall, c.steady)
    clock.hold(Jump(START + timedelta(days=4), START))
    assert clock() == START and clock.held
    c.passes(hours=2)
    assert clock() == START + timedelta(hours=2)


def config_for(db: Path) -> Config:
    config = make_config(game_table(GAME, start=START, reminders=[],
                                    lateness_bank_days=3))
    server = config.server.__class__(**{**config.server.__dict__,
                                        "database_url": f"sqlite:///{db}",
                                        "gm_notify_address": "operator@example.org"})
    return Config(config.path, server, config.games)


def run(coro) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(coro, 60))


async def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "condition not reached"
        await asyncio.sleep(0.02)


def _alerts(daemon: Daemon) -> list[str]:
    assert daemon.store is not None
    with daemon.store.begin() as uow:
        return [m.idempotency_key.split(":")[0] for m in uow.session.scalars(select(OutboxMessage))
                if m.idempotency_key.startswith("clock-")]


def _first_phase(daemon: Daemon) -> tuple[PhaseStatus, dict[str, int], int | None]:
    assert daemon.store is not None
    with daemon.store.begin() as uow:
        phase = uow.session.scalars(select(Phase).where(Phase.seq == 1)).one()
        return phase.status, dict(phase.lateness), phase.late_days


def test_a_clock_four_days_ahead_charges_nothing_and_processes_nothing(tmp_path: Path) -> None:
    config = config_for(tmp_path / "clock.sqlite3")
    c = Clocks(START + timedelta(hours=1))
    box = MemoryMailbox()

    async def go() -> None:
        daemon = Daemon(config, clock=c.wall, steady=c.steady, render_map=None,
                        tick_seconds=3600, mailbox=box, imap_wait=5, lease_seconds=0.05)
        await daemon.start()
        await until(lambda: f"{GAME}:started" in daemon.steps)
        opened = _first_phase(daemon)
        assert daemon.store is not None
        with daemon.store.begin() as uow:
            france = uow.assignments.current(GAME)["FRANCE"].address
        c.now += timedelta(days=4)  # past the deadline (3 days) by the wall clock only
        assert await daemon.tick() == []
        await until(lambda: _alerts(daemon) == ["clock-jumped"])
        assert clock_hold(daemon.store) is not None
        # A mail read meanwhile counts at the daemon's time, not the jumped one.
        box.deliver(player_mail(france, f"arbitro+{GAME}@example.org",
                                "PASSWORD pw" + france[1] + "\nA PAR - BUR"),
                    arrived=c.now - timedelta(seconds=1))
        await until(lambda: len(box.folder("processed")) == 1)
        with daemon.store.begin() as uow:
            (order,) = uow.session.scalars(select(OrderSubmission)).all()
            assert order.received_at < START + timedelta(days=1)
        assert _first_phase(daemon) == opened  # no late day opened, nothing charged
        c.now -= timedelta(days=4)  # the clock set right: the jump undone
        c.passes(minutes=1)
        await until(lambda: _alerts(daemon) == ["clock-jumped", "clock-undone"])
        assert await daemon.tick() == []
        assert _first_phase(daemon) == opened and clock_hold(daemon.store) is None
        await daemon.stop()

    run(go())


def test_the_gms_word_ends_the_hold_and_the_passed_deadline_is_kept(tmp_path: Path) -> None:
    config = config_for(tmp_path / "clock.sqlite3")
    c = Clocks(START + timedelta(hours=1))

    async def go() -> None:
        daemon = Daemon(config, clock=c.wall, steady=c.steady, render_map=None,
                        tick_seconds=3600, lease_seconds=0.05)
        await daemon.start()
        await until(lambda: f"{GAME}:started" in daemon.steps)
        c.now += timedelta(days=4)  # the machine was suspended four days, say
        assert await daemon.tick() == []
        await until(lambda: _alerts(daemon) == ["clock-jumped"])
        other = open_store(config.server.database_url)  # the GM's command, another process
        try:
            assert confirm_clock(other) is not None
        finally:
            other.close()
        await until(lambda: _alerts(daemon) == ["clock-jumped", "clock-confirmed"])
        await daemon.tick()  # the GM's time: the deadline passed a day and more ago
        await until(lambda: f"{GAME}:late" in daemon.steps)
        await daemon.stop()

    run(go())


def test_arbitro_clock_shows_the_hold_and_confirm_is_the_gms_word(tmp_path: Path) -> None:
    db = tmp_path / "clock.sqlite3"
    config = tmp_path / "arbitro.toml"
    config.write_text(f'[server]\ndatabase_url = "sqlite:///{db}"\n'
                      'referee_address = "arbitro@example.org"\n')
    store = open_store(f"sqlite:///{db}")
    try:
        Fence().take(store, "a daemon", START)
        hold_clock(store, START + timedelta(days=4), START)

        def clock(*args: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run([sys.executable, "-m", "arbitro", "clock", "--config",
                                   str(config), *args], capture_output=True, text=True,
                                  cwd=ROOT, timeout=60, check=False)

        shown = clock()
        assert shown.returncode == 0, shown.stderr
        assert "held:" in shown.stdout and "2025-03-05" in shown.stdout and "confirm" in shown.stdout
        hold = clock_hold(store)
        assert hold is not None and not hold.confirmed  # showing changes nothing
        confirmed = clock("confirm")
        assert confirmed.returncode == 0 and "confirmed" in confirmed.stdout
        hold = clock_hold(store)
        assert hold is not None and hold.confirmed  # the daemon reads it within a second
        release_clock(store)
        assert clock("confirm").returncode == 1  # nothing held: nothing to confirm
    finally:
        store.close()
