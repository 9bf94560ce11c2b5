"""The web archive of a game played through the service's door: a page per phase with every
order and its outcome (as stored by the referee), the defaults and why, a map, the centre
chart, powers and players; written again only where the game changed; permanent page
names quoted by the results mails."""

from __future__ import annotations

import hashlib
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.etree import ElementTree

import pytest
from archive_files import broken_links, every_file
from PIL import Image
from service.service_helpers import START, game_table, make_config
from site_game import config_with_site, play_phase, play_years

from arbitro.contract import position_from_json
from arbitro.reports import order_text, phase_name, power_name
from arbitro.reports.links import phase_page
from arbitro.reports.words import result_word
from arbitro.service import Referee, gm
from arbitro.service.identity import game_master
from arbitro.site import SiteWriter, build_site
from arbitro.store import Store
from arbitro.store.codec import played_of
from arbitro.variants import load_board
from arbitro.words import say

BOARD = load_board("standard")
BASE = "https://giochi.example/archivio"
SKIP = {"S1901M": {"TURKEY"}}  # one missed phase: the referee's defaults, and why


@pytest.fixture
def GAME(request: pytest.FixtureRequest) -> str:
    """A game id of the test's own: PostgreSQL's database is shared by the session."""
    return "arc" + hashlib.sha1(request.node.name.encode()).hexdigest()[:8]


def _game(store: Store, folder: Path, game_id: str, **options: object) -> Referee:
    config = config_with_site(make_config(game_table(game_id, **options)), folder, BASE)
    return Referee(store, config)


def _phases(store: Store, game_id: str) -> list:
    with store.begin() as uow:
        return [p for p in uow.phases.history(game_id) if p.results is not None]


def test_every_phase_has_its_page_orders_outcomes_defaults_and_map(store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME, language="en")
    play_years(referee, store, GAME, START, 2, skip=SKIP)
    build_site(folder, referee.config, store)
    played = _phases(store, GAME)
    assert [p.code for p in played][:2] == ["S1901M", "F1901M"] and len(played) >= 4
    for row in played:
        page = (folder / GAME / phase_page(row.code)).read_text(encoding="utf-8")
        assert f"<h1>{phase_name(row.code, 'en')}</h1>" in page
        before = position_from_json(BOARD, row.position_before)
        outcome = played_of(BOARD, before, row.results).outcome
        assert outcome.results or row.code.endswith("A")
        for r in outcome.results:
            shown = f'<span class="order">{order_text(BOARD, r.order, "en")}</span>'
            assert shown in page, (row.code, shown)
            line = page[page.index(shown):].split("</li>")[0]
            assert result_word(r.result.value, "en") in line
            if r.source.value != "player":  # who gave it, the default by its name (issue 29)
                kinds = ("", ".retreat", ".build", ".disband", ".onp", ".no_vote")
                assert any(say("en", f"source.{r.source.value}{k}") in line for k in kinds), line
        image = Image.open(folder / GAME / "maps" / phase_page(row.code).replace(".html", ".png"))
        assert image.width == 1200
        # the same drawing as SVG, what the page shows (the PNG is its fallback)
        svg_name = "maps/" + phase_page(row.code).replace(".html", ".svg")
        svg = ElementTree.parse(folder / GAME / svg_name).getroot()
        assert svg.get("width") == "1200"
        title = svg.find("{http://www.w3.org/2000/svg}title")
        assert title is not None and phase_name(row.code, "en").split(",")[0] in (title.text or "")
        assert f'srcset="{svg_name}"' in page
    spring = (folder / GAME / "1901-spring-movement.html").read_text(encoding="utf-8")
    assert say("en", "site.defaults") in spring and say("en", "site.nmr.first") in spring
    assert say("en", "source.default.onp") in spring  # Turkey's orders, given by the referee (first NMR)
    assert not broken_links(folder)


def test_the_chart_has_a_line_per_power_in_its_colour_ending_at_its_centres(
        store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME)
    play_years(referee, store, GAME, START, 3)
    build_site(folder, referee.config, store)
    svg = ET.parse(folder / GAME / "centres.svg").getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    lines = svg.findall("s:polyline", ns)
    assert sorted(line.get("stroke") for line in lines) == sorted(p.colour for p in BOARD.powers.values())
    final = position_from_json(BOARD, _phases(store, GAME)[-1].position_after)
    labels = [t.text for t in svg.findall("s:text", ns)]
    for power in BOARD.powers:
        assert f"{power_name(BOARD, power, 'it')} {len(final.centres_of(power))}" in labels
    table = (folder / GAME / "centres.html").read_text(encoding="utf-8")
    last_row = table.split("<tr>")[-1]
    counts = sorted(int(c) for c in last_row.split("<td>")[1:] for c in [c.split("<")[0]])
    assert counts == sorted(len(final.centres_of(p)) for p in BOARD.powers)
    assert "<th scope=\"row\">1903</th>" in table


def test_powers_and_players_named_in_an_open_game_never_their_addresses(
        store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME)
    play_years(referee, store, GAME, START, 1)
    build_site(folder, referee.config, store)
    page = (folder / GAME / "index.html").read_text(encoding="utf-8")
    with store.begin() as uow:
        holders = {p: pl.name for p, pl in uow.assignments.current(GAME).items()}
    for power, name in holders.items():
        entry = page[page.index(f"<strong>{power_name(BOARD, power, 'it')}</strong>"):].split("</li>")[0]
        assert name in entry
    text = b"\n".join(every_file(folder).values()).decode("utf-8", "replace")
    assert "@" + GAME + ".example" not in text and "gm@example.org" not in text


def test_after_a_phase_only_what_changed_is_written_and_a_rollback_takes_its_page(
        store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME)
    now = play_years(referee, store, GAME, START, 1)
    writer = SiteWriter(folder, referee.config)
    first = writer.sync(store)
    assert GAME in first.games and f"{GAME}/1901-winter-adjustments.html" in first.files
    assert writer.sync(store).files == []  # nothing changed: nothing written
    # one more phase: its page and map (and the map as the end's animation frame), the
    # previous page's "next" link, the game's pages and the index; no other phase's page
    now2 = play_phase(referee, store, GAME, now, random.Random(3))
    assert now2 is not None
    codes = [p.code for p in _phases(store, GAME)]
    done = writer.sync(store)
    new, previous = phase_page(codes[-1]), phase_page(codes[-2])
    assert sorted(done.files) == sorted([
        f"{GAME}/{new}", f"{GAME}/maps/{new.replace('.html', '.png')}",
        f"{GAME}/maps/{new.replace('.html', '.svg')}", f"{GAME}/.frames/{new.replace('.html', '.gif')}",
        f"{GAME}/{previous}",
        f"{GAME}/index.html", f"{GAME}/centres.svg", f"{GAME}/centres.html", "index.html"])
    assert 'rel="next" href="' + new in (folder / GAME / previous).read_text(encoding="utf-8")
    # the GM rolls it back: its page and map go, the previous page loses its link
    with referee.table(GAME, now2) as table:
        assert gm.rollback(table, game_master(table.config)).ok
    done = writer.sync(store)
    assert not (folder / GAME / new).exists()
    assert not (folder / GAME / "maps" / new.replace(".html", ".png")).exists()
    assert not (folder / GAME / "maps" / new.replace(".html", ".svg")).exists()
    assert f"{GAME}/{previous}" in done.files
    assert 'rel="next"' not in (folder / GAME / previous).read_text(encoding="utf-8")
    assert not broken_links(folder)


def test_the_results_mail_quotes_the_phase_page(store: Store, tmp_path: Path, GAME: str) -> None:
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME)
    play_years(referee, store, GAME, START, 1)
    from sqlalchemy import select

    from arbitro.store.models import OutboxMessage
    with store.begin() as uow:
        spring = [m.body for m in uow.session.scalars(select(OutboxMessage))
                  if m.idempotency_key.startswith(f"results:{GAME}:1:")]
    assert len(spring) == 8  # seven players and the GM's copy
    assert all(f"{BASE}/{GAME}/1901-spring-movement.html" in b for b in spring)


def test_the_archives_maps_follow_the_games_map_options_and_the_index_shows_the_phase_open(
        store: Store, tmp_path: Path, GAME: str) -> None:
    """Issue 29.14: names and palette as the GM chose them for the mails; the index names
    the phase being played, not only the last one played."""
    folder = tmp_path / "site"
    referee = _game(store, folder, GAME, map_names="full", map_palette="colourblind")
    play_years(referee, store, GAME, START, 1)
    build_site(folder, referee.config, store)
    svg = (folder / GAME / "maps" / "1901-spring-movement.svg").read_text(encoding="utf-8")
    assert ">Mar Tirreno<" in svg and ">Mosca<" in svg  # whole names (the game is Italian)
    assert "<pattern " in svg  # the colour-blind palette's patterns
    with store.begin() as uow:
        open_code = uow.phases.current(GAME).code
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert f"{say('it', 'site.current')}: {phase_name(open_code, 'it')}" in index
    assert f"{say('it', 'site.last_phase')}: {phase_name('W1901A', 'it')}" in index
    plain = tmp_path / "plain"
    other = _game(store, plain, GAME + "b")
    play_years(other, store, GAME + "b", START, 1)
    build_site(plain, other.config, store)
    svg = (plain / (GAME + "b") / "maps" / "1901-spring-movement.svg").read_text(encoding="utf-8")
    assert ">Mar Tirreno<" not in svg and "<pattern " not in svg
