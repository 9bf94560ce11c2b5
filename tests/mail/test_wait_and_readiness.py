"""ATTENDI/WAIT, NON ATTENDERE/NOWAIT and the early-processing option through the mail
handler and the referee's clock (issue 16), in Italian and English; the winter
confirmation of builds over the allowance."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from player_mail import player_mail
from service.service_helpers import FALL_1901, SPRING_1901, START, Driver, game_table, make_config
from sqlalchemy import select

from arbitro.mail.intake.handler import MailHandler
from arbitro.service import Referee, gm
from arbitro.store import open_store
from arbitro.store.models import OutboxMessage

GAME = "attesa"
NOW = START + timedelta(hours=1)


def password_of(address: str) -> str:
    return f"pw{address[1]}"


def language_of(address: str) -> str:
    return "it" if int(address[1]) % 2 == 0 else "en"


def _setup(tmp_path: Path, **options: object):  # type: ignore[no-untyped-def]
    config = make_config(game_table(GAME, **{"reminders": [], **options}))
    store = open_store(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
    return store, referee, MailHandler(referee), holders


@pytest.fixture
def game(tmp_path: Path):  # type: ignore[no-untyped-def]
    store, referee, handler, holders = _setup(tmp_path)
    yield store, referee, handler, holders
    store.close()


def send(handler: MailHandler, address: str, body: str, subject: str = "ordini", when=NOW) -> None:  # type: ignore[no-untyped-def]
    raw = player_mail(address, f"arbitro+{GAME}@example.org",
                      f"PASSWORD {password_of(address)}\n{body}", subject=subject)
    assert handler.handle(raw, when) == "processed"


def replies(store, address: str) -> list[OutboxMessage]:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return [r for r in rows if address in r.recipients]


def phase_code(store) -> str:  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        return uow.phases.current(GAME).code


@pytest.mark.parametrize("lang", ["it", "en"])
def test_wait_holds_complete_orders_and_nowait_releases_them(game, lang: str) -> None:  # type: ignore[no-untyped-def]
    store, referee, handler, holders = game
    waiter = next(p for p, a in sorted(holders.items()) if language_of(a) == lang)
    address = holders[waiter]
    # ATTENDI alone first (the command word in the subject).
    send(handler, address, "", subject="ATTENDI" if lang == "it" else "WAIT")
    (reply,) = [m for m in replies(store, address) if m.idempotency_key.startswith("wait:")]
    assert ("Richiesta ATTENDI registrata: ", "Request WAIT recorded: ")[lang == "en"] in reply.subject
    assert ("vale solo per questa fase", "holds for this phase only")[lang == "en"] in reply.body
    for power, lines in SPRING_1901.items():
        send(handler, holders[power], "\n".join(lines))
    referee.tick(NOW)
    assert phase_code(store) == "S1901M"  # every order in, but one player waits
    with referee.table(GAME, NOW) as table:
        text = gm.status_text(table) or ""
    assert [line.split()[0] for line in text.splitlines() if "WAITS" in line] == [waiter]
    other = next(a for p, a in holders.items() if p != waiter)
    confirm = [m for m in replies(store, other) if m.idempotency_key.startswith("confirm:")][-1]
    assert ("Un giocatore ha chiesto di attendere", "A player asked to wait")[
        language_of(other) == "en"] in confirm.body
    # The same request twice changes nothing, and says so.
    send(handler, address, "ATTENDI" if lang == "it" else "WAIT", subject="x")
    last = [m for m in replies(store, address) if m.idempotency_key.startswith("wait:")][-1]
    assert ("nulla è cambiato", "nothing changed")[lang == "en"] in last.body
    # NON ATTENDERE (two words, on the first line) lets the phase run.
    send(handler, address, "NON ATTENDERE" if lang == "it" else "NOWAIT", subject="")
    off = [m for m in replies(store, address) if m.idempotency_key.startswith("nowait:")]
    assert len(off) == 1 and ("Richiesta ATTENDI tolta", "Request WAIT withdrawn")[lang == "en"] \
        in off[0].subject
    # A reply to that mail, with orders, does not ask to wait again by its subject.
    send(handler, address, "\n".join(SPRING_1901[waiter]), subject="Re: " + off[0].subject)
    with store.begin() as uow:
        assert uow.phases.current(GAME).waiting == []
    referee.tick(NOW)
    assert phase_code(store) == "F1901M"


def test_a_non_player_cannot_wait(game) -> None:  # type: ignore[no-untyped-def]
    store, _, handler, _ = game
    raw = player_mail("intruso@else.example", f"arbitro+{GAME}@example.org", "PASSWORD x",
                      subject="ATTENDI")
    handler.handle(raw, NOW)
    with store.begin() as uow:
        assert uow.phases.current(GAME).waiting == []
    (reply,) = replies(store, "intruso@else.example")
    assert "non risulta iscritto" in reply.body


def test_the_gm_may_turn_early_processing_off(tmp_path: Path) -> None:
    store, referee, handler, holders = _setup(tmp_path, early_processing=False)
    for power, lines in SPRING_1901.items():
        send(handler, holders[power], "\n".join(lines))
    referee.tick(NOW)
    assert phase_code(store) == "S1901M"
    address = holders["FRANCE"]
    confirm = [m for m in replies(store, address) if m.idempotency_key.startswith("confirm:")][-1]
    assert ("si elaborano sempre alla scadenza", "always processed at the deadline")[
        language_of(address) == "en"] in confirm.body
    with store.begin() as uow:
        deadline = uow.phases.current(GAME).deadline
    referee.tick(deadline + timedelta(minutes=1))
    assert phase_code(store) == "F1901M"
    store.close()


def test_builds_over_the_allowance_are_void_in_the_confirmation(game) -> None:  # type: ignore[no-untyped-def]
    store, referee, handler, holders = game
    d = Driver(referee, store, GAME)
    now = NOW
    for orders in (SPRING_1901, FALL_1901):
        for power, lines in orders.items():
            d.order(power, "\n".join(lines), now)
        referee.tick(now)
        now += timedelta(hours=1)
    while phase_code(store) != "W1901A":  # the retreat: France's army in Burgundy
        d.order("FRANCE", "A BUR - PAR", now)
        referee.tick(now)
    # Russia took Sweden and Rumania: two builds. The first two count; the others are void
    # and the confirmation says so, line by line, and that nothing more is owed.
    address = holders["RUSSIA"]
    lang = language_of(address)
    send(handler, address, "A MOS B\nA WAR B\nF STP/NC B\nRINUNCIO", when=now)
    confirm = [m for m in replies(store, address) if m.idempotency_key.startswith("confirm:")][-1]
    body = confirm.body
    assert ("NULLO: costruzione in eccesso", "VOID: one build too many")[lang == "en"] in body, body
    assert body.count(("NULLO: costruzione in eccesso", "VOID: one build too many")[lang == "en"]) == 2
    assert ("Ordini completi", "Orders complete")[lang == "en"] in body
    assert ("costruzioni da ordinare", "builds still to order")[lang == "en"] not in body
    assert ("2 ordini vanno oltre quanto ti spetta", "2 orders go beyond what you are allowed")[
        lang == "en"] in body


def test_a_reminder_tells_an_incomplete_power_what_it_still_owes(tmp_path: Path) -> None:
    store, referee, handler, holders = _setup(tmp_path, reminders=["24h"])
    france, england = holders["FRANCE"], holders["ENGLAND"]
    send(handler, france, "A PAR - BUR\nF BRE - MAO")
    send(handler, england, "\n".join(SPRING_1901["ENGLAND"]))
    with store.begin() as uow:
        deadline = uow.phases.current(GAME).deadline
    referee.tick(deadline - timedelta(hours=23))
    (reminder,) = [m for m in replies(store, france) if m.idempotency_key.startswith("reminder:")]
    en = language_of(france) == "en"
    assert ("i tuoi ordini sono incompleti", "your orders are incomplete")[en] in reminder.subject
    assert ("A Marsiglia (Mar)", "A Marseilles (MAR)")[en] in reminder.body
    assert not [m for m in replies(store, england) if m.idempotency_key.startswith("reminder:")]
    germany = holders["GERMANY"]  # sent nothing: the usual reminder
    (usual,) = [m for m in replies(store, germany) if m.idempotency_key.startswith("reminder:")]
    assert ("mancano i tuoi ordini", "your orders are missing")[language_of(germany) == "en"] \
        in usual.subject
    store.close()


def _hold_all_but(d: Driver, now, mover: str, orders: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Every power but ``mover`` holds every unit; ``mover`` sends ``orders``."""
    position = d.position()
    for power in sorted({u.power for u in position.units} - ({mover} if not orders else set())):
        lines = orders if power == mover else [f"{u.kind} {u.location} H" for u in position.units_of(power)]
        d.order(power, "\n".join(lines), now)


def test_finding_1_three_of_frances_six_units_ordered_is_not_processed_early(game) -> None:  # type: ignore[no-untyped-def]
    """The issue's case: France with six units orders three, everyone else is complete:
    the phase is not processed, the confirmation lists the three units without an order
    and says the orders are incomplete; with all six ordered it runs at once."""
    store, referee, handler, holders = game
    d = Driver(referee, store, GAME)
    now = NOW
    for orders in (["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
                   ["A BUR - BEL", "F MAO - POR", "A SPA H"],
                   ["A PAR B", "A MAR B", "F BRE B"]):
        _hold_all_but(d, now, "FRANCE", orders)
        referee.tick(now)
        now += timedelta(hours=1)
    assert phase_code(store) == "S1902M"
    assert len(d.position().units_of("FRANCE")) == 6
    _hold_all_but(d, now, "FRANCE", [])  # France's turn comes by mail
    france = holders["FRANCE"]
    en = language_of(france) == "en"
    send(handler, france, "A BEL - HOL\nF POR H\nA SPA - GAS", when=now)
    referee.tick(now)
    assert phase_code(store) == "S1902M"
    body = [m for m in replies(store, france) if m.idempotency_key.startswith("confirm:")][-1].body
    assert ("Ordini incompleti.", "Orders incomplete.")[en] in body
    missing = ("F Brest (Bre), A Marsiglia (Mar), A Parigi (Par)",
               "F Brest (BRE), A Marseilles (MAR), A Paris (PAR)")[en]
    assert missing in body, body
    assert ("Puoi rimandare gli ordini fino alla scadenza", "You may send orders again")[en] in body
    send(handler, france, "A BEL - HOL\nF POR H\nA SPA - GAS\nA PAR - PIC\nA MAR H\nF BRE - MAO",
         when=now)
    body = [m for m in replies(store, france) if m.idempotency_key.startswith("confirm:")][-1].body
    assert ("la fase sarà elaborata subito", "the phase will be processed right away")[en] in body
    referee.tick(now)
    assert phase_code(store) == "F1902M"
