"""STORIA / HISTORY and MAPPA / MAP of a game played for three years (issue 16): every
phase's results come back exactly as they were mailed, and a past phase's map is the
map its results mail carried, titled as a past phase's."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from player_mail import player_mail
from service.service_helpers import START, Driver, make_config
from service.three_years import play_three_years, three_year_table
from sqlalchemy import select

from arbitro.diplomacy.position import Phase
from arbitro.mail.intake.handler import MailHandler
from arbitro.reports.maps import render_map_png
from arbitro.service import Referee
from arbitro.service.access import Caller, Role
from arbitro.service.observers import observe
from arbitro.store import GameStatus, PhaseStatus, open_store
from arbitro.store.models import OutboxMessage

GAME = "storia3"
OBSERVER = "fan@tifosi.example"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    if request.param == "sqlite":
        path: Path = tmp_path_factory.mktemp("storia") / "g.sqlite3"
        url = f"sqlite:///{path}"
    else:
        url = request.getfixturevalue("pg_databases")()
    config = make_config(three_year_table(GAME, observers=True))
    store = open_store(url)
    referee = Referee(store, config, render_map=render_map_png)
    driver = Driver(referee, store, GAME)
    referee.tick(START)
    with referee.table(GAME, START) as table:
        assert observe(table, Caller(Role.STRANGER, OBSERVER, "en"), None).ok
    end = play_three_years(driver)
    assert driver.game().status is GameStatus.FINISHED
    yield store, referee, driver, end
    store.close()


def ask(store, referee, frm: str, password: str, subject: str, now) -> OutboxMessage:
    raw = player_mail(frm, f"arbitro+{GAME}@example.org", f"PASSWORD {password}\n", subject=subject)
    assert MailHandler(referee).handle(raw, now) == "processed"
    with store.begin() as uow:
        rows = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return rows[-1]


def processed(store) -> list:
    with store.begin() as uow:
        return [p for p in uow.phases.history(GAME) if p.status is PhaseStatus.PROCESSED]


def sent_results(store, seq: int, address: str) -> OutboxMessage:
    with store.begin() as uow:
        (row,) = [m for m in uow.outbox.with_prefix(GAME, f"results:{GAME}:{seq}:")
                  if m.recipients == [address]]
        return row


@pytest.mark.parametrize("who", ["ITALY", "ENGLAND"])  # whoever holds them, in their language
def test_history_of_a_finished_three_year_game_is_every_results_mail_as_sent(played, who):
    store, referee, driver, end = played
    phases = processed(store)
    codes = [p.code for p in phases]
    assert codes[0] == "S1901M" and "F1901R" in codes and "W1901A" in codes
    assert {Phase.parse(c).year for c in codes} == {1901, 1902, 1903}
    address = driver.holders()[who]
    password = f"pw{address[1]}"
    word = "STORIA" if address[1] in "0246" else "HISTORY"
    answer = ask(store, referee, address, password, f"{word} {codes[0]} {codes[-1]}",
                 end + timedelta(hours=1))
    assert answer.recipients == [address]
    for row in phases:
        mailed = sent_results(store, row.seq, address)
        assert f"{mailed.subject}\n\n{mailed.body.rstrip()}" in answer.body, row.code
    # Exactly those, in play order, nothing re-rendered in between.
    positions = [answer.body.index(sent_results(store, p.seq, address).subject) for p in phases]
    assert positions == sorted(positions)


def test_history_by_years_and_seasons_in_both_languages(played):
    store, referee, driver, end = played
    it, en = driver.holders()["ITALY"], driver.holders()["ENGLAND"]
    phases = {p.code: p for p in processed(store)}
    one = ask(store, referee, it, "pw" + it[1], "STORIA autunno 1902", end)
    assert sent_results(store, phases["F1902M"].seq, it).body.rstrip() in one.body
    assert sent_results(store, phases["S1902M"].seq, it).subject not in one.body
    year = ask(store, referee, en, "pw" + en[1], "HISTORY 1901", end)
    for code in ("S1901M", "F1901M", "F1901R", "W1901A"):
        assert sent_results(store, phases[code].seq, en).body.rstrip() in year.body, code
    assert sent_results(store, phases["S1902M"].seq, en).subject not in year.body
    last = ask(store, referee, en, "pw" + en[1], "HISTORY", end)  # no phase: the last one
    final = max(phases.values(), key=lambda p: p.seq)
    assert sent_results(store, final.seq, en).body.rstrip() in last.body


def test_map_of_every_past_phase_is_the_results_mails_map(played):
    store, referee, driver, end = played
    address = driver.holders()["FRANCE"]
    for row in processed(store):
        mailed = sent_results(store, row.seq, address)
        # the map (a player's results also carry the next deadline's calendar event)
        (attached,) = [a for a in mailed.attachments if a.content_type == "image/png"]
        answer = ask(store, referee, address, "pw" + address[1], f"MAPPA {row.code}", end)
        (png,) = answer.attachments
        assert png.filename == attached.filename
        again, sent = Image.open(io.BytesIO(png.data)), Image.open(io.BytesIO(attached.data))
        # the same picture; only the title says it is a past phase now (issue 29.12)
        assert again.text["Title"] in (f"{sent.text['Title']} · fase passata",
                                       f"{sent.text['Title']} · past phase"), row.code
        changed = ImageChops.difference(again.convert("RGB"), sent.convert("RGB")).getbbox()
        assert changed is not None and changed[3] <= round(sent.width / 26), row.code


def test_an_observer_got_every_results_mail_and_the_end_and_may_ask_for_history(played):
    store, referee, driver, end = played
    english = next(a for a in driver.holders().values() if int(a[1]) % 2 == 1)  # reads English
    for row in processed(store):
        with store.begin() as uow:
            (mine,) = [m for m in uow.outbox.with_prefix(GAME, f"results:{GAME}:{row.seq}:")
                       if m.recipients == [OBSERVER]]
        player = sent_results(store, row.seq, english)
        assert (mine.subject, mine.body) == (player.subject, player.body), row.code
        # the same map; the calendar event of the next deadline is the players' alone
        assert [a.data for a in mine.attachments] == [
            a.data for a in player.attachments if a.content_type == "image/png"]
    with store.begin() as uow:
        assert [m for m in uow.outbox.with_prefix(GAME, "game_end:") if m.recipients == [OBSERVER]]
    raw = player_mail(OBSERVER, f"arbitro+{GAME}@example.org", "", subject="HISTORY 1902")
    assert MailHandler(referee).handle(raw, end) == "processed"
    with store.begin() as uow:
        answer = list(uow.session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))[-1]
    assert answer.recipients == [OBSERVER]
    for row in processed(store):
        if row.code[1:5] == "1902":
            assert sent_results(store, row.seq, english).body.rstrip() in answer.body


def test_a_long_history_is_cut_and_says_how_to_ask_for_the_rest(played, monkeypatch) -> None:
    store, referee, driver, end = played
    monkeypatch.setattr("arbitro.service.past_phases.HISTORY_CAP", 3)
    phases = processed(store)
    english = next(a for a in driver.holders().values() if int(a[1]) % 2 == 1)
    answer = ask(store, referee, english, "pw" + english[1], "HISTORY 1901 1903", end)
    shown = [p for p in phases if sent_results(store, p.seq, english).body.rstrip() in answer.body]
    assert shown == phases[:3]
    assert f"HISTORY {phases[3].code}" in answer.body
