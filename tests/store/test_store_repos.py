"""Repositories round-trip on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy.exc import IntegrityError, StatementError

from arbitro.store import (
    GameStatus,
    InboundStatus,
    NotFound,
    PhaseStatus,
    PlayerStatus,
    PowerStatus,
    Store,
)

POWERS = ["AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"]
POSITION = {
    "phase": "S1901M",
    "units": {"ITALY": ["A ROM", "A VEN", "F NAP"]},
    "centres": {"ITALY": ["NAP", "ROM", "VEN"]},
    "dislodged": [],
}


def _game(store: Store, now: datetime, game_id: str = "milano1") -> None:
    with store.begin() as uow:
        uow.games.create(
            game_id,
            name="Milano",
            variant="standard",
            language="it",
            settings={"press": "white", "deadlines": {"movement": "3d"}},
            now=now,
        )
        uow.powers.init(game_id, POWERS, now)


def test_game_round_trip(store: Store, now: datetime) -> None:
    _game(store, now)
    later = now + timedelta(days=2)
    with store.begin() as uow:
        game = uow.games.lock("milano1")
        uow.games.set_status(game, GameStatus.ACTIVE, now)
        uow.games.set_status(game, GameStatus.PAUSED, later, resume_at=later + timedelta(days=7))
    with store.begin() as uow:
        game = uow.games.require("milano1")
        assert (game.name, game.variant, game.language) == ("Milano", "standard", "it")
        assert game.settings == {"press": "white", "deadlines": {"movement": "3d"}}
        assert game.status is GameStatus.PAUSED
        assert game.started_at == now and game.started_at.tzinfo is not None
        assert game.resume_at == later + timedelta(days=7)
        assert [g.id for g in uow.games.list(GameStatus.PAUSED)] == ["milano1"]
        assert uow.games.list(GameStatus.ACTIVE) == []
        uow.games.finish(game, {"winner": "ITALY"}, later)
    with store.begin() as uow:
        game = uow.games.require("milano1")
        assert game.status is GameStatus.FINISHED and game.result == {"winner": "ITALY"}
        assert game.finished_at == later and game.resume_at is None
        with pytest.raises(NotFound):
            uow.games.require("nope")


def test_times_are_stored_as_utc_instants(store: Store) -> None:
    rome = timezone(timedelta(hours=1))
    created = datetime(2025, 3, 1, 20, 0, tzinfo=rome)
    with store.begin() as uow:
        uow.games.create("g", name="g", variant="standard", language="it", settings={}, now=created)
    with store.begin() as uow:
        stored = uow.games.require("g").created_at
    assert stored == created and stored.utcoffset() == timedelta(0)


def test_naive_datetimes_are_refused(store: Store) -> None:
    with pytest.raises(StatementError, match="naive datetime"), store.begin() as uow:
        uow.games.create(
            "g",
            name="g",
            variant="standard",
            language="it",
            settings={},
            now=datetime(2025, 3, 1, 20, 0),
        )


def test_a_failed_unit_of_work_leaves_nothing(store: Store, now: datetime) -> None:
    with pytest.raises(RuntimeError), store.begin() as uow:
        uow.games.create("g", name="g", variant="standard", language="it", settings={}, now=now)
        uow.outbox.enqueue("k", recipients=["a@x.org"], subject="s", body="b", now=now)
        raise RuntimeError("crash between two steps")
    with store.begin() as uow:
        assert uow.games.get("g") is None and uow.outbox.by_key("k") is None


def test_players_tokens_and_passwords(store: Store, now: datetime) -> None:
    _game(store, now)
    _game(store, now, "roma2")
    with store.begin() as uow:
        mario = uow.players.add(
            "milano1",
            " Mario.Rossi@Example.org ",
            name="Mario",
            language="it",
            password="segreto",
            now=now,
        )
        uow.players.add("roma2", "mario.rossi@example.org", language="en", password="x", now=now)
        token = mario.reply_token
    with store.begin() as uow:
        found = uow.players.by_address("milano1", "MARIO.ROSSI@example.org")
        assert found is not None and found.address == "mario.rossi@example.org"
        assert found.password_hash != "segreto"
        assert uow.players.check_password(found, "segreto")
        assert not uow.players.check_password(found, "Segreto")
        by_token = uow.players.by_token(token)
        assert by_token is not None and by_token.id == found.id
        assert [p.game_id for p in uow.players.games_of("mario.rossi@example.org")] == [
            "milano1",
            "roma2",
        ]
        new_token = uow.players.new_token(found)
        uow.players.set_status(found, PlayerStatus.EJECTED, now)
    with store.begin() as uow:
        assert uow.players.by_token(token) is None
        assert new_token != token and uow.players.by_token(new_token) is not None
        assert uow.players.list("milano1", PlayerStatus.ACTIVE) == []
        assert uow.players.games_of("mario.rossi@example.org")[0].game_id == "roma2"


def test_same_address_twice_in_a_game_is_refused(store: Store, now: datetime) -> None:
    _game(store, now)
    with pytest.raises(IntegrityError), store.begin() as uow:
        uow.players.add("milano1", "a@x.org", language="it", password="1", now=now)
        uow.players.add("milano1", "A@x.org", language="it", password="2", now=now)


def test_assignments_replacement_and_history(store: Store, now: datetime) -> None:
    _game(store, now)
    later = now + timedelta(days=30)
    with store.begin() as uow:
        anna = uow.players.add("milano1", "anna@x.org", language="it", password="a", now=now)
        bruno = uow.players.add("milano1", "bruno@x.org", language="it", password="b", now=now)
        uow.assignments.assign("milano1", "ITALY", anna.id, reason="lot", now=now)
        uow.assignments.assign("milano1", "FRANCE", bruno.id, reason="lot", now=now)
    with store.begin() as uow:
        carla = uow.players.add("milano1", "carla@x.org", language="en", password="c", now=later)
        uow.assignments.assign("milano1", "ITALY", carla.id, reason="replacement", now=later)
        uow.assignments.release("milano1", "FRANCE", later)
    with store.begin() as uow:
        current = uow.assignments.current("milano1")
        assert {p: pl.address for p, pl in current.items()} == {"ITALY": "carla@x.org"}
        anna = uow.players.by_address("milano1", "anna@x.org")
        assert anna is not None and uow.assignments.power_of(anna) is None
        carla = uow.players.by_address("milano1", "carla@x.org")
        assert carla is not None and uow.assignments.power_of(carla) == "ITALY"
        history = [(a.power, a.reason, a.ended_at) for a in uow.assignments.history("milano1")]
        assert history == [
            ("ITALY", "lot", later),
            ("FRANCE", "lot", later),
            ("ITALY", "replacement", None),
        ]


def test_preferences_replace_and_read_back(store: Store, now: datetime) -> None:
    _game(store, now)
    with store.begin() as uow:
        anna = uow.players.add("milano1", "anna@x.org", language="it", password="a", now=now)
        uow.preferences.set(anna, POWERS)
        uow.preferences.set(anna, list(reversed(POWERS)))
        with pytest.raises(ValueError):
            uow.preferences.set(anna, ["ITALY", "ITALY"])
        anna_id = anna.id
    with store.begin() as uow:
        assert uow.preferences.all("milano1") == {anna_id: list(reversed(POWERS))}


def test_power_state(store: Store, now: datetime) -> None:
    _game(store, now)
    with store.begin() as uow:
        uow.powers.update("milano1", "TURKEY", now, onp_streak=2, status=PowerStatus.ABANDONED)
    with store.begin() as uow:
        powers = uow.powers.all("milano1")
        assert list(powers) == POWERS
        assert (powers["TURKEY"].onp_streak, powers["TURKEY"].status) == (2, PowerStatus.ABANDONED)
        assert (powers["ITALY"].onp_streak, powers["ITALY"].status) == (0, PowerStatus.PLAYING)
        with pytest.raises(NotFound):
            uow.powers.get("milano1", "ATLANTIS")


def test_phases_lateness_results_and_roll_back(store: Store, now: datetime) -> None:
    _game(store, now)
    deadline = now + timedelta(days=3)
    with store.begin() as uow:
        spring = uow.phases.open("milano1", "S1901M", POSITION, now=now, deadline=deadline)
        assert spring.seq == 1
    with store.begin() as uow:
        assert uow.phases.due(deadline - timedelta(seconds=1)) == []
        (due,) = uow.phases.due(deadline)
        uow.phases.set_deadline(due, deadline + timedelta(days=1), PhaseStatus.LATE)
        uow.phases.add_lateness(due, "ITALY")
        assert uow.phases.add_lateness(due, "ITALY") == 2
        uow.phases.add_lateness(due, "TURKEY", 1)
        after = dict(POSITION, phase="F1901M")
        uow.phases.record_result(
            due,
            results={"ITALY": ["A VEN - TRI: moves"]},
            position_after=after,
            now=deadline + timedelta(days=1),
        )
        fall = uow.phases.open("milano1", "F1901M", after, now=deadline, deadline=None)
        uow.phases.add_lateness(fall, "ITALY")
    with store.begin() as uow:
        spring, fall = uow.phases.history("milano1")
        assert (spring.code, spring.status, fall.code, fall.seq) == (
            "S1901M",
            PhaseStatus.PROCESSED,
            "F1901M",
            2,
        )
        assert spring.position_before == POSITION and spring.position_after["phase"] == "F1901M"
        assert spring.results == {"ITALY": ["A VEN - TRI: moves"]}
        assert spring.original_deadline == deadline != spring.deadline
        assert uow.phases.lateness_used("milano1") == {"ITALY": 3, "TURKEY": 1}
        current = uow.phases.current("milano1")
        assert current is not None and current.code == "F1901M"
        reopened = uow.phases.roll_back("milano1")
        assert reopened.code == "S1901M"
    with store.begin() as uow:
        current = uow.phases.current("milano1")
        assert current is not None and current.code == "S1901M" and current.results is None
        assert [p.code for p in uow.phases.history("milano1", include_rolled_back=True)] == [
            "S1901M",
            "F1901M",
        ]
        assert uow.phases.lateness_used("milano1") == {"ITALY": 2, "TURKEY": 1}
        again = uow.phases.open("milano1", "F1901M", POSITION, now=now, deadline=None)
        assert again.seq == 3  # sequence numbers are never reused


def test_orders_last_set_wins_and_history_is_kept(store: Store, now: datetime) -> None:
    _game(store, now)
    with store.begin() as uow:
        phase = uow.phases.open("milano1", "S1901M", POSITION, now=now, deadline=None)
        mail, _ = uow.inbound.claim(now=now, uidvalidity=7, uid=1, message_id="<a@x>")
        uow.orders.submit(
            phase.id,
            "ITALY",
            text="A Ven - Tri",
            parsed=[{"order": "A VEN - TRI"}],
            received_at=now,
            source_mail_id=mail.id,
        )
        uow.orders.submit(
            phase.id, "FRANCE", text="A Par - Bur", parsed=["A PAR - BUR"], received_at=now
        )
        uow.orders.submit(
            phase.id,
            "ITALY",
            text="A Ven XXX",
            parsed=["A VEN H"],
            received_at=now + timedelta(hours=1),
        )
        phase_id, mail_id = phase.id, mail.id
    with store.begin() as uow:
        current = uow.orders.current(phase_id)
        assert sorted(current) == ["FRANCE", "ITALY"]
        assert current["ITALY"].text == "A Ven XXX" and current["ITALY"].parsed == ["A VEN H"]
        history = uow.orders.history(phase_id, "ITALY")
        assert [(o.text, o.superseded, o.source_mail_id) for o in history] == [
            ("A Ven - Tri", True, mail_id),
            ("A Ven XXX", False, None),
        ]


def test_ballots_supersede_per_voter_and_are_listed_for_publication(
    store: Store, now: datetime
) -> None:
    _game(store, now)
    with store.begin() as uow:
        spring = uow.phases.open("milano1", "S1901M", POSITION, now=now, deadline=None)
        uow.ballots.cast(
            spring.id,
            voter_power="FRANCE",
            for_power="ITALY",
            orders=["A VEN - TRI"],
            received_at=now,
        )
        uow.ballots.cast(
            spring.id, voter_power="FRANCE", for_power="ITALY", orders=["A VEN H"], received_at=now
        )
        uow.ballots.cast(
            spring.id,
            voter_power="AUSTRIA",
            for_power="ITALY",
            orders=["A VEN - TYR"],
            received_at=now,
        )
        uow.ballots.cast(
            spring.id,
            voter_power="AUSTRIA",
            for_power="TURKEY",
            orders=["A CON H"],
            received_at=now,
        )
        spring_id = spring.id
    with store.begin() as uow:
        italy = uow.ballots.current(spring_id, "ITALY")
        assert [(b.voter_power, b.orders) for b in italy] == [
            ("AUSTRIA", ["A VEN - TYR"]),
            ("FRANCE", ["A VEN H"]),
        ]
        assert len(uow.ballots.of_game("milano1")) == 3


def test_inbound_mail_is_claimed_once(store: Store, now: datetime) -> None:
    with store.begin() as uow:
        first, new = uow.inbound.claim(
            now=now,
            uidvalidity=42,
            uid=7,
            message_id="<m1@x>",
            sender="a@x.org",
            subject="ordini",
            raw=b"raw mail",
        )
        assert new
        again, new_again = uow.inbound.claim(now=now, uidvalidity=42, uid=7, message_id="<m1@x>")
        assert (again.id, new_again) == (first.id, False)
        # same Message-ID seen in another folder / after a UIDVALIDITY change
        moved, new_moved = uow.inbound.claim(
            now=now, folder="Other", uidvalidity=1, uid=1, message_id="<m1@x>"
        )
        assert (moved.id, new_moved) == (first.id, False)
        # same UID under a new UIDVALIDITY is another mail
        other, new_other = uow.inbound.claim(now=now, uidvalidity=43, uid=7, message_id=None)
        assert new_other and other.id != first.id
        uow.inbound.mark(first, InboundStatus.QUARANTINED, now, note="KeyError in parser")
        uow.inbound.mark(other, InboundStatus.PROCESSED, now)
        first_id, other_id = first.id, other.id
    with store.begin() as uow:
        quarantined = uow.inbound.by_status(InboundStatus.QUARANTINED)
        assert [(m.id, m.raw, m.note) for m in quarantined] == [
            (first_id, b"raw mail", "KeyError in parser")
        ]
        assert uow.inbound.get(other_id).raw is None
        _, new_after_commit = uow.inbound.claim(now=now, uidvalidity=43, uid=7)
        assert not new_after_commit


def test_audit_log(store: Store, now: datetime) -> None:
    _game(store, now)
    with store.begin() as uow:
        uow.audit.record(
            "extend", actor="gm@x.org", now=now, game_id="milano1", details={"hours": 24}
        )
        uow.audit.record(
            "pause", actor="cli:root", now=now + timedelta(minutes=1), game_id="milano1"
        )
        uow.audit.record("reload", actor="cli:root", now=now)
    with store.begin() as uow:
        entries = uow.audit.list("milano1")
        assert [(e.action, e.actor, e.details) for e in entries] == [
            ("extend", "gm@x.org", {"hours": 24}),
            ("pause", "cli:root", {}),
        ]
        assert len(uow.audit.list()) == 3
