"""A ``rules = "forum_ru"`` game through the service door (the same as mail commands):
the unique weapon and a gifted province ordered in Italian and English, kept in the stored
position, shown in the status mail (seed 004, R-RU-2)."""

from __future__ import annotations

from datetime import datetime

from service_helpers import SPRING_1901, START, Driver, game_table, later, make_config

from arbitro.contract import position_from_json
from arbitro.diplomacy.position import home_territories
from arbitro.service import Referee
from arbitro.service.identity import trusted
from arbitro.service.status import status_reply
from arbitro.variants import load_board

GAME = "mosca"
GAME2 = "kiev"  # the PostgreSQL database is shared by the session: one game per test
FORUM = load_board("forum_ru")


def test_strike_and_gift_by_the_players_through_the_service(store):
    config = make_config(game_table(GAME, rules="forum_ru"))
    (game,) = config.games
    assert (game.rules, game.variant) == ("forum_ru", "forum_ru")  # the ruleset brings its map
    referee = Referee(store, config)
    d = Driver(referee, store, GAME)
    referee.tick(later(START, hours=-1))
    referee.tick(START)
    first = position_from_json(FORUM, d.phase().position_before)
    assert dict(first.territories) == home_territories(FORUM)
    assert first.weapons_used == frozenset()

    now = later(START, hours=1)
    for power, orders in SPRING_1901.items():
        if power != "RUSSIA":
            d.order(power, "\n".join(orders), now)
    # Russia's player writes the house orders in Italian and English alike.
    d.order("RUSSIA", "\n".join([
        "A WAR H", "A MOS - SEV", "F SEV - BLA", "F STP/SC - BOT",
        "COLPO Galizia DA Varsavia",
        "GIFT LVN TO GERMANY",
    ]), now)
    before = _status_mail(referee, d, now, 1)
    assert "Unique weapon: not used yet" in before or "Arma unica: non ancora usata" in before
    referee.tick(later(START, days=3, minutes=1))

    phase = d.phase()
    assert phase.code == "F1901M"
    after = position_from_json(FORUM, phase.position_before)
    units = {u.province: u.power for u in after.units}
    assert "GAL" not in units  # Austria's army arrived in Galicia: destroyed by the strike
    assert after.territories["GAL"] == "RUSSIA"  # and the province is taken
    assert after.territories["LVN"] == "GERMANY"  # the gift
    assert after.weapons_used == {"RUSSIA"}
    with store.begin() as uow:
        (played,) = [p for p in uow.phases.history(GAME) if p.code == "S1901M"]
        results = {r["order"]: r for r in played.results["results"]}
    assert results["STRIKE GAL FROM WAR"]["result"] == "succeeds"
    assert results["STRIKE GAL FROM WAR"]["detail"] == ["GAL", "A GAL"]
    assert results["GIFT LVN TO GERMANY"]["result"] == "succeeds"
    status = _status_mail(referee, d, later(START, days=3, hours=1), 2)
    assert "Unique weapon: already used" in status or "Arma unica: già usata" in status
    # the provinces owned are said, not only drawn (issue 29 point 9): in the status, and
    # in the results with how each was taken
    assert ("Your territories" in status and "Galicia" in status
            or "I tuoi territori" in status and "Galizia" in status), status
    results_mails = [m.body for m in d.outbox("results:")]
    assert any(("TERRITORIES" in b and "by the unique weapon" in b and "Livonia" in b)
               or ("TERRITORI" in b and "con l'arma unica" in b) for b in results_mails), results_mails[:1]


def _status_mail(referee: Referee, d: Driver, now: datetime, mail_id: int) -> str:
    """The body of the status mail Russia's player is sent (STATO, as if by mail ``mail_id``)."""
    with referee.table(GAME, now) as table:
        reply = status_reply(table, trusted(table, d.holders()["RUSSIA"]), mail_id)
    (mail,) = [m for m in d.outbox() if m.idempotency_key == reply.mailed]
    return str(mail.body)


def test_the_results_mail_names_the_strike_and_the_treaties(store):
    config = make_config(game_table(GAME2, rules="forum_ru"))
    referee = Referee(store, config)
    d = Driver(referee, store, GAME2)
    referee.tick(later(START, hours=-1))
    referee.tick(START)
    now = later(START, hours=1)
    d.order("RUSSIA", "Trattato Austria, Turchia: pace sul Mar Nero\nCOLPO Galizia DA Varsavia", now)
    d.order("AUSTRIA", "A VIE - GAL\nTREATY CONFIRM RUSSIA", now)
    for power, orders in SPRING_1901.items():
        if power not in ("RUSSIA", "AUSTRIA"):
            d.order(power, "\n".join(orders), now)
    referee.tick(later(START, days=3, minutes=1))
    assert d.phase().code == "F1901M"
    bodies = [m.body for m in d.outbox() if "S1901M" in m.idempotency_key or "results" in m.idempotency_key]
    assert bodies, [m.idempotency_key for m in d.outbox()]
    text = "\n".join(bodies)
    assert "STRIKE GAL FROM WAR" in text and "COLPO Galizia DA Var" in text
    # R-RU-3: "Это будет оглашено при подведении итогов хода."
    assert "TREATIES ANNOUNCED" in text and "TRATTATI ANNUNCIATI" in text
    assert "Russia - Austria, Turkey: pace sul Mar Nero" in text
    assert "confirmed by: Austria; not confirmed by: Turkey" in text
    assert "confermato da: Austria; non confermato da: Turchia" in text
