"""Issue 5 acceptance: a standard game played year by year with an injected clock.

Lateness only on movement phases (R-LATE-2, R-RET-4, R-ADJU-4), first ONP mutual supports
(R-ONP-1), ballots and majority orders at the second ONP (R-ONP-2/3), the one-week
suspension with a replacement call and the extra week once a replacement joins (R-ONP-4),
and the temporale end with the most centres winning (R-END-2).
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from service_helpers import BOARD, START, Driver, game_table, make_config

from arbitro.diplomacy.defaults import mutual_supports
from arbitro.diplomacy.legal_orders import random_orders, unit_moves
from arbitro.diplomacy.orders import Hold, format_order
from arbitro.service import Referee, gm
from arbitro.service.identity import game_master, trusted
from arbitro.service.ballots import submit_ballot
from arbitro.service.submit import submit_orders
from arbitro.store import GameStatus, PhaseStatus, PlayerStatus, PowerStatus

GAME = "milano"


def play_phase(d: Driver, now, rng: random.Random, silent: frozenset[str] = frozenset()) -> str:
    """Every power that must order sends random legal orders except ``silent``; then tick."""
    phase = d.phase()
    position = d.position()
    holders = d.holders()
    powers = d.powers()
    for power, orders in sorted(random_orders(BOARD, position, rng).items()):
        if power in silent or power not in holders or powers[power].status is not PowerStatus.PLAYING:
            continue
        d.order(power, orders or "WAIVE", now)
    d.referee.tick(now)
    return phase.code


def late_days(d: Driver, seq: int) -> dict[str, int]:
    with d.store.begin() as uow:
        return next(dict(p.lateness) for p in uow.phases.history(GAME) if p.seq == seq)


def results_of(d: Driver, seq: int) -> dict:
    with d.store.begin() as uow:
        return next(p.results for p in uow.phases.history(GAME) if p.seq == seq)


def test_whole_game_lateness_onp_suspension_replacement_temporale(store):
    config = make_config(game_table(GAME, end={"condition": "temporale", "date": "2026-01-01"}))
    referee = Referee(store, config)
    d = Driver(referee, store, GAME)
    rng = random.Random(5)

    # Before the start the game exists, forming; at the start nations are drawn.
    assert referee.tick(START - timedelta(hours=1)) == [f"{GAME}:created"]
    assert d.game().status is GameStatus.FORMING
    assert referee.next_wakeup(START - timedelta(hours=1)) == START
    assert referee.tick(START) == [f"{GAME}:started"]
    assert sorted(d.holders()) == sorted(BOARD.powers)
    assert len(d.outbox("welcome:")) == 7
    phase = d.phase()
    assert phase.code == "S1901M" and phase.deadline == START + timedelta(days=3)

    # S1901M: Italy is late two days (R-LATE-2); a reminder goes to Italy only.
    now = START + timedelta(hours=1)
    play_phase(d, now, rng, silent=frozenset({"ITALY"}))
    assert referee.next_wakeup(now) == phase.deadline - timedelta(hours=24)
    referee.tick(phase.deadline - timedelta(hours=23))
    reminders = d.outbox("reminder:")
    assert [m.recipients for m in reminders] == [[d.holders()["ITALY"]]]
    assert referee.tick(phase.deadline + timedelta(minutes=1)) == [f"{GAME}:late"]
    assert referee.tick(phase.deadline + timedelta(days=1, minutes=1)) == [f"{GAME}:late"]
    assert d.phase().status is PhaseStatus.LATE
    assert d.phase().deadline == phase.deadline + timedelta(days=2)
    now = phase.deadline + timedelta(days=1, hours=2)
    d.order("ITALY", random_orders(BOARD, d.position(), rng)["ITALY"], now)
    assert referee.tick(now) == [f"{GAME}:processed"]
    assert late_days(d, 1) == {"ITALY": 2}
    assert len(d.outbox("late:")) == 2 * 8  # every player and the GM, each late day

    # Until F1901M: retreats (if any) are played by everyone.
    while d.phase().code != "F1901M":
        now += timedelta(hours=1)
        play_phase(d, now, rng)

    # F1901M: Italy silent for its whole per-turn maximum, then first ONP (R-ONP-1).
    now += timedelta(hours=1)
    f1901 = d.phase()
    position = d.position()
    play_phase(d, now, rng, silent=frozenset({"ITALY"}))
    for day in range(3):
        assert referee.tick(f1901.deadline + timedelta(days=day, minutes=1)) == [f"{GAME}:late"]
    now = f1901.deadline + timedelta(days=3, minutes=1)
    assert referee.tick(now)[0] == f"{GAME}:processed"
    assert late_days(d, f1901.seq) == {"ITALY": 3}
    doc = results_of(d, f1901.seq)
    assert doc["nmr"] == {"ITALY": "first"}
    italian = sorted(r["order"] for r in doc["results"] if r["power"] == "ITALY")
    assert italian == sorted(format_order(o) for o in mutual_supports(BOARD, position, "ITALY"))
    assert all(r["source"] == "default" for r in doc["results"] if r["power"] == "ITALY")
    assert d.powers()["ITALY"].onp_streak == 1
    onp = d.outbox(f"onp:{GAME}:{f1901.seq}:ITALY")
    assert len(onp) == 7  # the owner is told, the other six are invited to vote

    # Retreats and winter: nobody can be late (R-RET-4, R-ADJU-4); defaults at the deadline.
    while d.phase().code != "S1902M":
        phase = d.phase()
        now += timedelta(hours=1)
        play_phase(d, now, rng, silent=frozenset(BOARD.powers))
        if d.phase().seq == phase.seq:
            assert referee.tick(phase.deadline + timedelta(minutes=1)) == [f"{GAME}:processed"]
        assert late_days(d, phase.seq) == {}
        now = max(now, phase.deadline + timedelta(minutes=1))

    # S1902M: the others vote for Italy (R-ONP-2); Italy silent again = abandonment (R-ONP-3).
    s1902 = d.phase()
    position = d.position()
    holders = d.holders()
    unit = min(position.units_of("ITALY"), key=lambda u: u.location)
    voted = unit_moves(BOARD, position, unit)[0]
    ballot = format_order(voted)
    now += timedelta(hours=1)
    for voter in ("FRANCE", "GERMANY"):
        with referee.table(GAME, now) as table:
            reply = submit_ballot(table, trusted(table, holders[voter]), "ITALY", ballot)
        assert reply.status == "ok", reply
    minority = format_order(Hold("ITALY", unit.kind, unit.location))
    with referee.table(GAME, now) as table:
        assert submit_ballot(table, trusted(table, holders["AUSTRIA"]), "ITALY", minority).status == "ok"
    with referee.table(GAME, now) as table:
        assert submit_ballot(table, trusted(table, holders["ITALY"]), "ITALY", ballot).reason == "own_power"
    with referee.table(GAME, now) as table:
        assert submit_ballot(table, trusted(table, holders["ITALY"]), "FRANCE", "A PAR H").reason == "no_ballot_for_power"
    play_phase(d, now, rng, silent=frozenset({"ITALY"}))
    assert sum(late_days(d, p.seq).get("ITALY", 0) for p in [f1901]) == 3
    for day in range(3):  # 2 + 3 used, 5 left in the bank: a full turn again
        assert referee.tick(s1902.deadline + timedelta(days=day, minutes=1)) == [f"{GAME}:late"]
    centres = set(position.centres_of("ITALY"))
    assert len(centres) >= 3 and len(centres & BOARD.powers["ITALY"].home_centres) >= 2
    now = s1902.deadline + timedelta(days=3, minutes=1)
    assert referee.tick(now)[0] == f"{GAME}:processed"
    doc = results_of(d, s1902.seq)
    assert doc["nmr"] == {"ITALY": "abandoned"}
    by_unit = {r["order"]: r for r in doc["results"] if r["power"] == "ITALY"}
    assert ballot in by_unit and by_unit[ballot]["source"] == "ballot"

    # R-ONP-4: suspended a week, a replacement call to the mailing list.
    game = d.game()
    assert game.status is GameStatus.PAUSED and game.resume_at == now + timedelta(days=7)
    assert d.powers()["ITALY"].status is PowerStatus.ABANDONED
    calls = d.outbox("replacement_call:")
    assert [m.recipients for m in calls] == [["lista@example.org"]]
    old_italy = holders["ITALY"]
    with referee.table(GAME, now) as table:
        assert submit_orders(table, trusted(table, old_italy), "A Rom XXX").reason == "not_player"
    assert referee.tick(now + timedelta(days=3)) == []

    # A replacement joins: one more week, then the game resumes with a fresh deadline.
    with referee.table(GAME, now + timedelta(days=3)) as table:
        reply = gm.replace(table, game_master(table.config), "ITALY", "nuovo@milano.example", name="Nuovo")
    assert reply.ok, reply
    resume_at = now + timedelta(days=14)
    assert d.game().resume_at == resume_at
    assert referee.tick(now + timedelta(days=7, minutes=1)) == []
    assert referee.next_wakeup(now + timedelta(days=8)) == resume_at
    assert referee.tick(resume_at)[0] == f"{GAME}:resumed"
    assert d.game().status is GameStatus.ACTIVE
    assert d.holders()["ITALY"] == "nuovo@milano.example"
    assert d.powers()["ITALY"].status is PowerStatus.PLAYING
    assert d.phase().deadline == resume_at + timedelta(days=1 if d.phase().code[-1] != "M" else 3)
    with store.begin() as uow:
        assert uow.players.by_address(GAME, old_italy).status is PlayerStatus.EJECTED
        assert [e.action for e in uow.audit.list(GAME)] == ["replace"]

    # Year by year to 1905, everyone ordering.
    now = resume_at
    while d.phase().code != "S1905M":
        now += timedelta(hours=6)
        assert play_phase(d, now, rng) != d.phase().code
    assert d.game().status is GameStatus.ACTIVE

    # Temporale end (R-END-2): the power with most centres on the end date wins.
    position = d.position()
    counts = {p: len(position.centres_of(p)) for p in BOARD.powers}
    best = max(counts.values())
    leaders = sorted(p for p, n in counts.items() if n == best)
    end = datetime(2026, 1, 1, 0, 0, tzinfo=ZoneInfo("Europe/Rome"))
    assert referee.next_wakeup(now) < end  # the S1905M reminder and deadline come first
    assert referee.tick(end) == [f"{GAME}:ended"]
    game = d.game()
    assert game.status is GameStatus.FINISHED
    assert game.result["reason"] == "temporale"
    if len(leaders) == 1:
        assert game.result["winner"] == leaders[0]
    else:
        assert game.result["winner"] is None and game.result["tied"] == leaders
    ends = d.outbox("game_end:")
    assert len(ends) == 8
    body = next(m.body for m in ends if m.recipients == [d.holders()["FRANCE"]])
    assert BOARD.powers["FRANCE"].name_it in body or BOARD.powers["FRANCE"].name_en in body
    # The ballots are published only now (R-ONP-5).
    assert all("Austria" not in m.body or "vote of" not in m.body for m in d.outbox("results:"))
    assert any(", voto d" in m.body or "vote of" in m.body for m in ends)
