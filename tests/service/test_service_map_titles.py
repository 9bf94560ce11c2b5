"""Issue 29 point 12: a map's title says what the map is, through the mails that carry one.
MAPPA of the open phase is the position now, nothing played; MAPPA of an earlier phase is
that phase's results, said to be past; PROVA's map is a trial, never "results" alone; STATO
draws the position now; the results mail draws the results."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image
from player_mail import player_mail
from service_helpers import SPRING_1901, START, Driver, game_table, make_config

from arbitro.mail.intake.handler import MailHandler
from arbitro.reports.maps import render_map_png
from arbitro.service import Referee

GAME = "titoli"
NOW = START + timedelta(hours=1)


def _title(png: bytes) -> str:
    with Image.open(io.BytesIO(png)) as img:
        return str(img.text["Title"])  # type: ignore[attr-defined]


def _maps(d: Driver, key_part: str) -> list[str]:
    return [_title(a.data) for m in d.outbox() if key_part in m.idempotency_key
            for a in m.attachments if a.content_type == "image/png"]


@pytest.fixture
def game(store):
    referee = Referee(store, make_config(game_table(GAME)), render_map=render_map_png)
    referee.tick(START)
    d = Driver(referee, store, GAME)
    return MailHandler(referee), d


def _ask(handler: MailHandler, d: Driver, power: str, subject: str, body: str, now) -> list[str]:
    address = d.holders()[power]
    before = {m.id for m in d.outbox()}
    password = f"pw{address[1]}"
    raw = player_mail(address, f"arbitro+{GAME}@example.org", f"PASSWORD {password}\n{body}",
                      subject=subject)
    assert handler.handle(raw, now) == "processed"
    return [_title(a.data) for m in d.outbox() if m.id not in before and m.recipients == [address]
            for a in m.attachments if a.content_type == "image/png"]


def test_each_map_says_what_it_is(store, game):
    handler, d = game
    holders = d.holders()
    italian = next(p for p, a in holders.items() if int(a[1]) % 2 == 0)
    english = next(p for p, a in holders.items() if int(a[1]) % 2 == 1)

    # The open phase: nothing played, so no "results".
    assert _ask(handler, d, italian, "MAPPA", "", NOW) == ["Primavera 1901 · Movimento · posizione attuale"]
    assert _ask(handler, d, english, "MAP", "", NOW) == ["Spring 1901 · Movement · position now"]
    assert _ask(handler, d, italian, "STATO", "", NOW) == ["Primavera 1901 · Movimento · posizione attuale"]

    # A trial: its would-be results, and it says it is one.
    trial = _ask(handler, d, italian, "partita", "PROVA\n" + "\n".join(SPRING_1901[italian]), NOW)
    assert trial == ["Primavera 1901 · Movimento · PROVA: risultati simulati"]
    assert _ask(handler, d, english, "game", "TEST\n" + "\n".join(SPRING_1901[english]), NOW) \
        == ["Spring 1901 · Movement · TRIAL: would-be results"]

    # The phase played: the results mail's map is its results.
    for power, orders in SPRING_1901.items():
        d.order(power, "\n".join(orders), NOW)
    later = d.phase().deadline + timedelta(minutes=1)
    d.referee.tick(later)
    assert d.phase().code == "F1901M"
    assert set(_maps(d, "results:")) == {"Primavera 1901 · Movimento · risultati",
                                         "Spring 1901 · Movement · results"}

    # Asked for again later: the same phase's results, said to be past.
    assert _ask(handler, d, italian, "MAPPA primavera 1901", "", later) \
        == ["Primavera 1901 · Movimento · risultati · fase passata"]
    assert _ask(handler, d, english, "MAP", "", later) == ["Autumn 1901 · Movement · position now"]
