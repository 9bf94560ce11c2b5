"""Civil disorder played by ballots (R-ONP-4/5), an 18-centre victory (R-END-1), and the
player-facing refusals of the service (R-ORD-7)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from service_helpers import BOARD, START, Driver, game_table, make_config
from test_service_game import play_phase

from arbitro.contract import position_to_json
from arbitro.diplomacy.legal_orders import unit_moves
from arbitro.diplomacy.orders import Move, format_order
from arbitro.diplomacy.position import Phase, Unit, make_position
from arbitro.reports.words import order_text
from arbitro.service import Referee
from arbitro.service.identity import trusted
from arbitro.service.ballots import submit_ballot
from arbitro.service.status import status_reply
from arbitro.service.submit import submit_orders
from arbitro.store import GameStatus, PowerStatus


def test_civil_disorder_played_by_ballots_published_at_the_end(store):
    game_id = "roma"
    config = make_config(game_table(game_id, lateness_bank_days=0,
                                    end={"condition": "temporale", "date": "2025-12-01"}))
    referee = Referee(store, config)
    d = Driver(referee, store, game_id)
    rng = random.Random(11)
    referee.tick(START)
    # England misses S1901M and F1901M: abandoned with 3 home centres -> suspension.
    now = START + timedelta(hours=1)
    while d.game().status is GameStatus.ACTIVE:
        phase = d.phase()
        silent = frozenset({"ENGLAND"}) if phase.code.endswith("M") else frozenset()
        if phase.code == "F1901M":
            position = d.position()
            fleet = next(u for u in position.units_of("ENGLAND") if u.kind == "F")
            vote = format_order(unit_moves(BOARD, position, fleet)[0])
            for voter in ("FRANCE", "GERMANY"):
                with referee.table(game_id, now) as table:
                    assert submit_ballot(table, trusted(table, d.holders()[voter]), "Inghilterra", vote).status == "ok"
        play_phase(d, now, rng, silent=silent)
        if d.phase().seq == phase.seq:
            now = phase.deadline + timedelta(minutes=1)
            referee.tick(now)
        now += timedelta(hours=1)
    assert d.powers()["ENGLAND"].status is PowerStatus.ABANDONED
    resume_at = d.game().resume_at
    # No replacement: civil disorder when the week is over.
    assert referee.tick(resume_at)[0] == f"{game_id}:resumed"
    assert d.powers()["ENGLAND"].status is PowerStatus.CIVIL_DISORDER
    assert len(d.outbox("civil_disorder:")) == 7  # six players left and the GM
    # The next movement phase: England's units do what most voters say (R-ONP-5), and the
    # phase is processed as soon as every playing power has ordered.
    now = resume_at
    while not d.phase().code.endswith("M"):
        now += timedelta(hours=1)
        play_phase(d, now, rng)
    phase = d.phase()
    position = d.position()
    unit = min(position.units_of("ENGLAND"), key=lambda u: u.location)
    vote = format_order(unit_moves(BOARD, position, unit)[-1])
    holders = d.holders()
    for voter in ("FRANCE", "RUSSIA"):
        with referee.table(game_id, now) as table:
            assert submit_ballot(table, trusted(table, holders[voter]), "ENGLAND", vote).status == "ok"
    now += timedelta(hours=1)
    play_phase(d, now, rng)
    assert d.phase().seq > phase.seq  # early processing: England in disorder is not waited for
    with store.begin() as uow:
        doc = next(p.results for p in uow.phases.history(game_id) if p.seq == phase.seq)
    english = {r["order"]: r["source"] for r in doc["results"] if r["power"] == "ENGLAND"}
    assert english[vote] == "ballot"
    assert doc["nmr"]["ENGLAND"] == "civil_disorder"
    # Ballots are secret until the end, then published with the voters' names.
    assert all("vote of" not in m.body and ", voto d" not in m.body for m in d.outbox("results:"))
    referee.tick(datetime(2025, 12, 1, tzinfo=ZoneInfo("Europe/Rome")))
    game = d.game()
    assert game.status is GameStatus.FINISHED and game.result["reason"] == "temporale"
    end_mail = next(m for m in d.outbox("game_end:") if m.recipients == [holders["FRANCE"]])
    assert "Francia" in end_mail.body or "France" in end_mail.body
    assert end_mail.body.count(", voto d") + end_mail.body.count("vote of") == 4


def test_eighteen_centres_end_the_game(store):
    game_id = "torino"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    referee.tick(START)
    # A late-game position written straight into the store: France has 17 centres and an
    # army next to Belgium, the 18th.
    centres = sorted(p for p, prov in BOARD.provinces.items() if prov.supply_centre)
    french = [c for c in centres if c not in ("BEL", "MUN")][:17]
    owners = {c: "FRANCE" for c in french} | {c: "GERMANY" for c in centres if c not in french}
    units = [Unit("FRANCE", "A", "PIC"), Unit("FRANCE", "F", "BRE"), Unit("GERMANY", "A", "MUN")]
    late = make_position(Phase(1908, "F", "M"), units, owners)
    with store.begin() as uow:
        phase = uow.phases.current(game_id)
        phase.code = "F1908M"
        phase.position_before = position_to_json(late)
    now = START + timedelta(hours=1)
    d.order("FRANCE", "A Pic - Bel\nF Bre XXX", now)
    d.order("GERMANY", "A Mun XXX", now)
    assert referee.tick(now) == [f"{game_id}:processed"]
    game = d.game()
    assert game.status is GameStatus.FINISHED
    assert game.result["winner"] == "FRANCE" and game.result["centres"]["FRANCE"] == 18
    ends = d.outbox("game_end:")
    assert len(ends) == 8
    assert all(("Francia" in m.body) or ("France" in m.body) for m in ends)
    assert referee.tick(now + timedelta(days=30)) == []
    with referee.table(game_id, now) as table:
        assert submit_orders(table, trusted(table, d.holders()["FRANCE"]), "A Bel - Hol").reason == "game_over"


def test_orders_replace_the_whole_set_and_late_mails_are_refused(store):
    game_id = "bari"
    referee = Referee(store, make_config(game_table(game_id)))
    d = Driver(referee, store, game_id)
    referee.tick(START)
    france = d.holders()["FRANCE"]
    # Confirmations are in the holder's language, and the draw is random (R-END-3).
    pic = order_text(BOARD, Move("FRANCE", "A", "PAR", "PIC"), "it" if int(france[1]) % 2 == 0 else "en")
    now = START + timedelta(hours=1)
    with referee.table(game_id, now) as table:
        first = submit_orders(table, trusted(table, france), "A Par - Bor\nA Mar - Spa\nF Bre - MAN")
    assert first.status == "ok" and len(first.on_file) == 3
    # R-ORD-7: a newer mail replaces the whole set, even when it names fewer units.
    with referee.table(game_id, now + timedelta(minutes=5)) as table:
        second = submit_orders(table, trusted(table, france), "A Par - Pic")
    assert second.on_file == (pic,)
    with referee.table(game_id, now) as table:
        status = status_reply(table, trusted(table, france))
    assert status.on_file == (pic,) and status.phase == "S1901M"
    # A chat mail with no orders leaves the set on file.
    with referee.table(game_id, now) as table:
        chat = submit_orders(table, trusted(table, france), "Ciao a tutti, buona partita!")
    assert chat.reason == "no_orders" and chat.on_file == (pic,)
    # A mail naming an earlier phase is refused politely.
    with referee.table(game_id, now) as table:
        assert submit_orders(table, trusted(table, france), "F1900M\nA Par - Bur").reason == "phase_processed"
    with referee.table(game_id, now) as table:
        assert submit_orders(table, trusted(table, "stranger@example.org"), "A Par - Bur").reason == "not_player"
    mails = [m for m in d.outbox() if france in m.recipients and m.idempotency_key.startswith(("confirm", "refused"))]
    assert len(mails) == 4
    assert pic in mails[1].body
