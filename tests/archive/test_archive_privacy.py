"""Privacy of the archive (issue 18, point 5): an al-buio game with press stuffed with its
players' identities, played through the mail handler and the service's door to its end.
No generated file (zip members read too) holds a player's address, name, password or reply
token, nor the GM's; the press appears only once the game is over and the GM chose to
publish it, and then cleaned as the relay delivered it."""

from __future__ import annotations

import io
import re
import zipfile
from datetime import date, datetime, timedelta
from pathlib import Path

from archive_files import broken_links, every_file
from PIL import Image
from press.press_helpers import GM, NOW, PEOPLE, Game, alias, press_game
from press.test_press_relay_servers import hostile, nation
from service.service_helpers import START, make_config
from site_game import config_with_site, play_years

from arbitro.mail.intake.handler import MailHandler
from arbitro.reports.links import DOSSIER_ANIMATION, DOSSIER_ZIP
from arbitro.service import Referee
from arbitro.site import build_site
from arbitro.store import GameStatus, open_store

GAME = "buio7"  # the game id the relay test's hostile mails are addressed to
END = date(2025, 3, 20)  # a temporale end, after one year of play


def _secrets(game: Game) -> list[str]:
    out = [GM, "gm-secret"]
    with game.store.begin() as uow:
        players = uow.players.list(GAME)
        out += [p.reply_token for p in players] + [p.password_hash for p in players]
    for i, (name, address) in enumerate(PEOPLE):
        local, host = address.split("@")
        out += [name, address, local, host, f"pw{i}", *name.split()]
    return [s.lower() for s in out]


def _readable(name: str, data: bytes) -> str:
    """What a file says: text files whole; of an image, everything but its compressed
    pixels (metadata, text chunks, comments), where a short password would match random
    bytes by chance."""
    if name.endswith((".png", ".gif")):
        with Image.open(io.BytesIO(data)) as image:
            return repr(image.info).lower()
    if name.endswith(".zip"):  # its members are read one by one (every_file)
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return repr((zf.namelist(), zf.comment)).lower()
    return data.decode("utf-8", "replace").lower()


def _leaks(folder: Path, secrets: list[str]) -> list[str]:
    found = []
    for name, data in every_file(folder).items():
        text = _readable(name, data)
        for s in secrets:
            if re.search(rf"(?<![^\W_]){re.escape(s)}(?![^\W_])", text):
                found.append(f"{name}: {s!r}")
    return found


def test_an_al_buio_archive_names_nobody_and_shows_press_only_once_published(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    table = press_game(GAME, "al_buio", press_publish_at_end=True,
                       end={"condition": "temporale", "date": END})
    config = config_with_site(make_config(table), folder, "https://giochi.example")
    store = open_store(f"sqlite:///{tmp_path / 'buio.sqlite3'}")
    referee = Referee(store, config)
    referee.tick(START)
    with store.begin() as uow:
        holders = {p: pl.address for p, pl in uow.assignments.current(GAME).items()}
    game = Game(store, referee, MailHandler(referee), GAME, holders,
                {address: f"pw{i}" for i, (_, address) in enumerate(PEOPLE)})
    powers = sorted(holders)
    pairs = list(zip(powers, powers[1:] + powers[:1]))
    for i, (sender, recipient) in enumerate(pairs):  # press, by mail, full of identity
        assert game.handler.handle(hostile(game, sender, recipient, i % 3), NOW) == "processed"
    assert len(game.press_rows()) == len(pairs)
    tokens = [f"msg-{s}-{r}".lower() for s, r in pairs]
    secrets = _secrets(game)

    now = play_years(referee, store, GAME, NOW, 1)
    build_site(folder, config, store)
    assert not (folder / GAME / "press.html").exists()
    everything = b"\n".join(every_file(folder).values()).decode("utf-8", "replace").lower()
    assert not any(t in everything for t in tokens)  # al-buio press: not before it is published
    assert not _leaks(folder, secrets)

    referee.tick(max(now, datetime(2025, 3, 20, tzinfo=START.tzinfo)) + timedelta(days=1))
    with store.begin() as uow:
        assert uow.games.require(GAME).status is GameStatus.FINISHED
    build_site(folder, config, store)
    press = (folder / GAME / "press.html").read_text(encoding="utf-8").lower()
    assert all(t in press for t in tokens)  # published at the end, by the GM's choice
    assert f"buongiorno {nation(pairs[0][1])}" in press
    assert (folder / GAME / DOSSIER_ZIP).exists() and (folder / GAME / DOSSIER_ANIMATION).exists()
    found = _leaks(folder, secrets)
    assert not found, found[:10]
    assert not broken_links(folder)
    unpacked = tmp_path / "unpacked"  # the dossier reads on its own, unpacked anywhere
    with zipfile.ZipFile(folder / GAME / DOSSIER_ZIP) as zf:
        zf.extractall(unpacked)
    assert (unpacked / GAME / "press.html").exists() and not broken_links(unpacked)
    assert alias(GAME, nation(powers[0])) not in press  # nor the relay's addresses
