"""R-LATE-3, lateness only through the bank, at the service level with the time passed in:
after a movement deadline, sending or changing orders costs the sender the late days (each
day or part of a day) not yet paid, also when their orders were in on time; a sender whose
bank or per-turn maximum is spent is refused, even while the phase waits for someone else,
and the orders on file stand. Retreats and winter take nothing after their deadline
(R-RET-4, R-ADJU-4)."""

from __future__ import annotations

from datetime import timedelta

from service_helpers import FALL_1901, SPRING_1901, START, Driver, game_table, make_config

from arbitro.service import Referee, gm
from arbitro.service.identity import game_master, trusted
from arbitro.service.submit import submit_orders
from arbitro.store import PhaseStatus


def lateness(d: Driver, seq: int) -> dict[str, int]:
    with d.store.begin() as uow:
        return next(dict(p.lateness) for p in uow.phases.history(d.game_id) if p.seq == seq)


def send(d: Driver, orders: dict[str, list[str]], now, skip: tuple[str, ...] = ()) -> None:
    for power, lines in orders.items():
        if power not in skip:
            d.order(power, "\n".join(lines), now)


def refusal_mail(d: Driver, address: str):
    return [m for m in d.outbox("refused:") if m.recipients == [address]][-1]


def test_a_spent_bank_refuses_orders_while_the_phase_waits_for_another(store):
    game = "ritardo"
    referee = Referee(store, make_config(game_table(game, lateness_bank_days=1, reminders=[])))
    d = Driver(referee, store, game)
    referee.tick(START)

    # S1901M: Turkey is late one day and pays its whole bank (R-LATE-2).
    spring = d.phase()
    send(d, SPRING_1901, START + timedelta(hours=1), skip=("TURKEY",))
    assert referee.tick(spring.deadline + timedelta(minutes=1)) == [f"{game}:late"]
    reply = d.order("TURKEY", "\n".join(SPRING_1901["TURKEY"]), spring.deadline + timedelta(hours=2))
    assert lateness(d, spring.seq) == {"TURKEY": 1}  # the day was paid when it opened
    confirm = d.outbox("confirm:")[-1]
    assert "1" in confirm.body and ("già pagato" in confirm.body or "already paid" in confirm.body)
    assert reply.status == "ok"
    assert referee.tick(spring.deadline + timedelta(hours=2)) == [f"{game}:processed"]

    # F1901M: everyone on time but Russia; the phase waits a day for Russia.
    fall = d.phase()
    assert fall.code == "F1901M"
    send(d, FALL_1901, fall.opened_at + timedelta(hours=1), skip=("RUSSIA",))
    assert referee.tick(fall.deadline + timedelta(minutes=1)) == [f"{game}:late"]
    assert lateness(d, fall.seq) == {"RUSSIA": 1}

    # Turkey, bank spent, may not change its on-time orders while the phase waits.
    turkey = d.holders()["TURKEY"]
    late = fall.deadline + timedelta(hours=3)
    with referee.table(game, late) as table:
        refused = submit_orders(table, trusted(table, turkey), "F ANK - BLA\nA CON - BUL\nA SMY - ARM")
    assert refused.status == "refused" and refused.reason == "late_bank_spent"
    assert len(refused.on_file) == 3 and any("Bul" in o or "BUL" in o for o in refused.on_file)
    mail = refusal_mail(d, turkey)
    assert ("hai esaurito il bonus ritardo" in mail.body and "restano validi" in mail.body
            and "giorni usati: 1 su 1" in mail.body) or (
        "bonus for the game is spent" in mail.body and "stand" in mail.body
        and "days used: 1 of 1" in mail.body), mail.body

    # England, on time and with its bank whole, may change its orders: it costs a day.
    england = d.order("ENGLAND", "F NTH - NWY\nF NWG H\nA YOR - EDI", late)
    assert england.status == "ok"
    assert lateness(d, fall.seq) == {"RUSSIA": 1, "ENGLAND": 1}
    again = d.order("ENGLAND", "\n".join(FALL_1901["ENGLAND"]), late + timedelta(hours=1))
    assert again.status == "ok" and lateness(d, fall.seq)["ENGLAND"] == 1  # same day, paid

    d.order("RUSSIA", "\n".join(FALL_1901["RUSSIA"]), late)
    assert referee.tick(late + timedelta(hours=1)) == [f"{game}:processed"]
    with store.begin() as uow:
        results = next(p.results for p in uow.phases.history(game) if p.seq == fall.seq)
    turkish = sorted(r["order"] for r in results["results"] if r["power"] == "TURKEY")
    assert turkish == ["A CON - BUL", "A SMY H", "F ANK H"]  # the orders on file stood


def test_a_missing_player_without_bank_is_refused_and_a_spent_turn_too(store):
    """A player who cannot pay may not send orders at all after the deadline; on time
    orders changed on a late day cost a day; a turn's maximum spent refuses too."""
    game = "turno"
    referee = Referee(store, make_config(game_table(game, lateness_bank_days=1,
                                                    lateness_max_per_turn=1, reminders=[])))
    d = Driver(referee, store, game)
    referee.tick(START)
    spring = d.phase()
    send(d, SPRING_1901, START + timedelta(hours=1), skip=("TURKEY", "RUSSIA", "ITALY"))
    assert referee.tick(spring.deadline + timedelta(minutes=1)) == [f"{game}:late"]
    day1 = spring.deadline + timedelta(hours=5)
    # Russia and Turkey paid the first day when it opened; Italy too.
    assert lateness(d, spring.seq) == {"ITALY": 1, "RUSSIA": 1, "TURKEY": 1}
    d.order("TURKEY", "\n".join(SPRING_1901["TURKEY"]), day1)
    # France sent on time: changing on a late day costs a day (its bank: 1).
    d.order("FRANCE", "A PAR - PIC\nA MAR - SPA\nF BRE - MAO", day1)
    assert lateness(d, spring.seq)["FRANCE"] == 1
    # The first late day is over and its step has not run yet: it is day 2 for everyone,
    # past the per-turn maximum of 1 (Turkey) and past France's bank.
    day2 = spring.deadline + timedelta(days=1, minutes=30)
    with referee.table(game, day2) as table:
        turkey = submit_orders(table, trusted(table, d.holders()["TURKEY"]), "F ANK - BLA")
    assert turkey.reason == "late_bank_spent"
    with referee.table(game, day2) as table:
        france = submit_orders(table, trusted(table, d.holders()["FRANCE"]), "A PAR - BUR")
    assert france.reason == "late_bank_spent"
    assert d.phase().status is PhaseStatus.LATE
    # Nobody still missing can pay the second day: the phase is played; Russia and Italy
    # are ONP, the orders on file stand.
    assert referee.tick(day2) == [f"{game}:processed"]
    with store.begin() as uow:
        doc = next(p.results for p in uow.phases.history(game) if p.seq == spring.seq)
    assert doc["nmr"] == {"ITALY": "first", "RUSSIA": "first"}
    assert "A PAR - PIC" in [r["order"] for r in doc["results"]]
    assert "F ANK - BLA" not in [r["order"] for r in doc["results"]]


def test_the_per_turn_maximum_refuses_a_late_change(store):
    game = "massimo"
    referee = Referee(store, make_config(game_table(game, lateness_max_per_turn=1, reminders=[])))
    d = Driver(referee, store, game)
    referee.tick(START)
    spring = d.phase()
    send(d, SPRING_1901, START + timedelta(hours=1), skip=("RUSSIA",))
    assert referee.tick(spring.deadline + timedelta(minutes=1)) == [f"{game}:late"]
    italy = d.holders()["ITALY"]
    late = spring.deadline + timedelta(days=1, hours=1)  # day 2, its step still to come
    with referee.table(game, late) as table:
        reply = submit_orders(table, trusted(table, italy), "A VEN H\nA ROM H\nF NAP H")
    assert reply.reason == "late_turn_spent"
    body = refusal_mail(d, italy).body
    assert "massimo di ritardo concesso in un turno" in body or "most lateness allowed in one turn" in body
    assert lateness(d, spring.seq) == {"RUSSIA": 1}


def test_retreats_and_winter_take_nothing_after_their_deadline(store):
    game = "ritirata"
    referee = Referee(store, make_config(game_table(game, reminders=[])))
    d = Driver(referee, store, game)
    referee.tick(START)
    now = START + timedelta(hours=1)
    send(d, SPRING_1901, now)
    referee.tick(now)
    send(d, FALL_1901, now)
    assert referee.tick(now) == [f"{game}:processed"]
    retreat = d.phase()
    assert retreat.code == "F1901R"
    france = d.holders()["FRANCE"]
    after = retreat.deadline + timedelta(minutes=1)
    with referee.table(game, after) as table:
        reply = submit_orders(table, trusted(table, france), "A BUR - PAR")
    assert reply.reason == "late_closed"
    body = refusal_mail(d, france).body
    assert "ritirate e aggiustamenti invernali" in body or "retreats and winter adjustments" in body
    assert referee.tick(after) == [f"{game}:processed"]
    winter = d.phase()
    assert winter.code == "W1901A"
    with referee.table(game, winter.deadline + timedelta(seconds=1)) as table:
        assert submit_orders(table, trusted(table, france), "F BRE B").reason == "late_closed"
    with referee.table(game, winter.deadline) as table:
        assert submit_orders(table, trusted(table, france), "F BRE B").status == "ok"


def test_power_names_in_new_italian_wording_take_their_articles(store):
    referee = Referee(store, make_config(game_table("articoli")))
    with referee.table("articoli", START) as table:
        assert table.power_the("ITALY", "it", "a") == "all'Italia"
        assert table.power_the("FRANCE", "it") == "la Francia"
        assert table.power_the("ENGLAND", "it", "per") == "per l'Inghilterra"
        assert table.power_the("TURKEY", "it", "di") == "della Turchia"
        assert table.power_the("FRANCE", "en", "a") == "France"


def test_a_pause_makes_nobody_late(store):
    """Orders sent while the GM has paused the game cost nothing, also past the old
    deadline; the resume gives a fresh deadline, on time again."""
    game = "pausa"
    referee = Referee(store, make_config(game_table(game, reminders=[])))
    d = Driver(referee, store, game)
    referee.tick(START)
    spring = d.phase()
    send(d, SPRING_1901, START + timedelta(hours=1), skip=("RUSSIA",))
    assert referee.tick(spring.deadline + timedelta(minutes=1)) == [f"{game}:late"]
    with referee.table(game, spring.deadline + timedelta(hours=1)) as table:
        assert gm.pause(table, game_master(table.config)).ok
    d.order("ITALY", "A VEN H\nA ROM H\nF NAP H", spring.deadline + timedelta(days=2))
    assert lateness(d, spring.seq) == {"RUSSIA": 1}
    now = spring.deadline + timedelta(days=3)
    with referee.table(game, now) as table:
        assert gm.resume(table, game_master(table.config)).ok
    phase = d.phase()
    assert phase.status is PhaseStatus.OPEN and phase.deadline > now
    d.order("ENGLAND", "F LON H", now + timedelta(hours=1))
    assert lateness(d, spring.seq) == {"RUSSIA": 1}
