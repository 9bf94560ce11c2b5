"""Issue 18, finding 1: the map of each results mail is titled with the phase it shows
(the phase played, not the next one) and drawn in the reader's own language."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image, ImageChops

from arbitro.reports.maps import render_map_png
from arbitro.service import Referee

from service_helpers import SPRING_1901, START, Driver, game_table, make_config

GAME = "mappe"


def _title(png: bytes) -> str:
    with Image.open(io.BytesIO(png)) as img:
        return str(img.text["Title"])  # type: ignore[attr-defined]


def _image(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as img:
        return img.convert("RGB")


def test_results_maps_name_the_phase_played_in_each_readers_language(store):
    # p0, p2, ... read Italian, p1, p3, ... English (service_helpers.game_table); the GM
    # copy goes out in the game's language, Italian.
    config = make_config(game_table(GAME, map_names="full"))
    referee = Referee(store, config, render_map=render_map_png)
    d = Driver(referee, store, GAME)
    referee.tick(START)
    now = START + timedelta(hours=1)
    for power, orders in SPRING_1901.items():
        d.order(power, "\n".join(orders), now)
    referee.tick(d.phase().deadline + timedelta(minutes=1))
    assert d.phase().code == "F1901M"

    mails = d.outbox("results:")
    assert len(mails) == 8  # seven players and the GM
    expected = {"it": "Primavera 1901 · Movimento · risultati",
                "en": "Spring 1901 · Movement · results"}
    images: dict[str, Image.Image] = {}
    for mail in mails:
        (address,) = mail.recipients
        lang = "it" if address == "gm@example.org" or int(address[1]) % 2 == 0 else "en"
        # The map, and (since issue 17) the next deadline as a calendar event.
        (map_file,) = [a for a in mail.attachments if a.content_type == "image/png"]
        assert _title(map_file.data) == expected[lang], address
        images.setdefault(lang, _image(map_file.data))
        assert ImageChops.difference(images[lang], _image(map_file.data)).getbbox() is None
    # The two languages are two pictures (names, legend, title), not one picture twice.
    assert ImageChops.difference(images["it"], images["en"]).getbbox() is not None
