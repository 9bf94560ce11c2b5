"""RIEPILOGO / SUMMARY and PARTITE / GAMES through the service door (issue 16): an NMR and
a late player show in the summary, the chart draws each power in its colour, a gunboat
game keeps its players secret, and the games list counts open seats."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image
from service.service_helpers import BOARD, SPRING_1901, START, Driver, game_table, make_config

from arbitro.render.style import hex_colour
from arbitro.service import Referee
from arbitro.service.access import Caller, Role
from arbitro.service.games_list import games_list
from arbitro.service.summary import summary
from arbitro.store import open_store

GAME = "riep"


def _answer(store, key: str):  # type: ignore[no-untyped-def]
    with store.begin() as uow:
        row = uow.outbox.by_key(key)
        assert row is not None
        return row.subject, row.body, [a.data for a in row.attachments]


def test_summary_lists_nmr_lateness_and_draws_the_chart() -> None:
    store = open_store("sqlite://")
    referee = Referee(store, make_config(game_table(GAME, reminders=[])))
    driver = Driver(referee, store, GAME)
    referee.tick(START)
    for power, lines in SPRING_1901.items():
        if power not in ("RUSSIA", "TURKEY"):
            driver.order(power, "\n".join(lines), START)
    phase = driver.phase()
    late = phase.deadline + timedelta(minutes=1)
    referee.tick(late)  # Russia and Turkey late one day (R-LATE-2)
    driver.order("RUSSIA", "\n".join(SPRING_1901["RUSSIA"]), late)
    for _ in range(6):  # Turkey's late days run out: its first NMR
        if driver.phase().code != "S1901M":
            break
        late = driver.phase().deadline + timedelta(minutes=1)
        referee.tick(late)
    assert driver.phase().code == "F1901M"
    english = next(a for a in driver.holders().values() if int(a[1]) % 2 == 1)
    with referee.table(GAME, late + timedelta(days=2)) as table:
        assert summary(table, Caller(Role.PLAYER, english, "en"), 1).ok
    subject, body, (chart,) = _answer(store, "mail:1:summary")
    assert "summary" in subject
    nmr = body[body.index("MISSED ORDERS"):body.index("LATENESS")]
    assert "Turkey: Spring 1901, movement (first NMR)" in nmr and "Russia" not in nmr
    lateness = body[body.index("LATENESS"):]
    assert "Russia: Spring 1901, movement, late days: 1" in lateness
    table = body[body.index("CENTRES AT THE END"):body.index("ELIMINATIONS")]
    assert "1901" in table and "Player" not in table
    image = Image.open(io.BytesIO(chart)).convert("RGB")
    colours = {c for _, c in image.getcolors(maxcolors=1 << 16) or []}
    for power in BOARD.powers.values():
        assert hex_colour(power.colour) in colours, power.name


def test_gunboat_summary_hides_players_and_games_counts_open_seats() -> None:
    store = open_store("sqlite://")
    forming = game_table("aperta", players=3)
    del forming["start"]  # started by the GM, some day: still forming
    config = make_config(game_table(GAME, press="al_buio"), forming)
    referee = Referee(store, config)
    referee.tick(START)
    player = next(iter(Driver(referee, store, GAME).holders().values()))
    with referee.table(GAME, START) as table:
        assert summary(table, Caller(Role.PLAYER, player, "it"), 2).ok
        assert games_list(table.office, Caller(Role.STRANGER, "chiunque@x.example", "it"), 3).ok
    _, body, attachments = _answer(store, "mail:2:summary")
    assert "Player" not in body and "al buio" in body and attachments == []
    _, games, _ = _answer(store, "mail:3:games")
    own, other = games.split("\naperta")
    assert "posti liberi: 0" in own and "posti liberi: 4" in other


def test_an_empty_section_of_the_italian_summary_agrees_with_its_title() -> None:
    """ "ELIMINAZIONI nessuno" read wrong (issue 29 point 3): each section says none in its
    own agreement."""
    store = open_store("sqlite://")
    referee = Referee(store, make_config(game_table(GAME, reminders=[])))
    driver = Driver(referee, store, GAME)
    referee.tick(START)
    italian = next(a for a in driver.holders().values() if int(a[1]) % 2 == 0)
    with referee.table(GAME, START + timedelta(hours=1)) as table:
        assert summary(table, Caller(Role.PLAYER, italian, "it"), 2).ok
    _, body, _ = _answer(store, "mail:2:summary")
    assert "ELIMINAZIONI\n  nessuna\n" in body, body
    assert "ORDINI NON PERVENUTI (ONP)\n  nessuno\n" in body and "RITARDI\n  nessuno" in body
