"""Every catalog message and every mail template, in every language, with realistic values:
no slot left unfilled, no tell-tale word of another language, every message translated."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from arbitro.diplomacy.orders import Move, Support
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import start_position
from arbitro.reports import MailTemplates, PhaseReport, results_context
from arbitro.variants import load_board
from arbitro.words import languages, nsay, say
from arbitro.words.catalog import catalog
from arbitro.words.dates import when
from arbitro.words.names import phase_name, place_noun, power_noun

BOARD = load_board("standard")
LANGS = languages()
MOMENT = datetime(2026, 12, 7, 22, 0, tzinfo=UTC)

# Words that give away a message of the other language. Whole words, any case.
TELLTALES = {
    "it": {"the", "and", "is", "of", "not", "processed", "missing", "active", "paused", "finished",
           "playing", "hour", "hours", "day", "days", "deadline", "orders", "done", "spring",
           "autumn", "winter", "monday", "december", "line", "army", "fleet", "succeeds", "fails",
           "void", "ejected", "resumed", "you", "your", "power", "game", "at"},
    "en": {"il", "la", "di", "della", "non", "partita", "ordini", "scadenza", "fatto",
           "ora", "ore", "giorno", "giorni", "stato", "nazione", "riga", "primavera", "autunno",
           "inverno", "lunedì", "dicembre", "armata", "flotta", "costa", "sommossa", "alle",
           "è", "che", "con", "nessun", "nessuna", "tuoi", "tua"},
    # Russian: any Italian or English word left over (names are Cyrillic in Russian mails)
    "ru": {"the", "and", "is", "of", "not", "orders", "spring", "autumn", "army", "fleet", "you", "your",
           "power", "game", "deadline", "il", "la", "di", "della", "non", "partita", "ordini", "scadenza",
           "armata", "flotta", "primavera", "autunno", "monday", "lunedì", "december", "dicembre",
           "marseilles", "marsiglia", "italy", "italia", "france", "francia"},
}
UNFILLED = re.compile(r"\{[\w.:|!]*\}|%\(\w+\)s|\{\{|\}\}|\{%")

# Words that must appear as written whatever the language: the player's order notation
# and commands, addresses, the sample texts below.
# CON: Constantinople's code, shown in English ("A Constantinople (CON)") where the results
# list the units left without orders.
KEEP = {"PASSWORD", "GM", "CON"}


def _leftovers(text: str, lang: str) -> set[str]:
    text = re.sub(r"https?://\S+", " ", text)  # addresses are not words (English page names)
    text = re.sub(r"arbitro-vote:\S+", " ", text)  # a vote's committed text: power keys, not words
    words = set(re.findall(r"[^\W\d_]+", text.lower()))
    return (words & TELLTALES[lang]) - {w.lower() for w in KEEP}


def _check(text: str, lang: str, where: str) -> None:
    assert not UNFILLED.search(text), f"{where} ({lang}): unfilled slot in {text!r}"
    left = _leftovers(text, lang)
    assert not left, f"{where} ({lang}): words of another language {sorted(left)} in {text!r}"


# -- catalog messages -------------------------------------------------------------------

POWER_SLOTS = {"reason.wrong_power": 1, "reason.not_home_centre": 1, "reason.no_builds": 0,
               "reason.no_disbands": 0, "parse.power_header": 0, "parse.other_power": 0}


def _named(name: str, lang: str) -> Any:
    values: dict[str, Any] = {
        "variant": "standard", "seats": 2, "press": say(lang, "games.press.white"),  # PARTITE
        "game": "g1901", "power": power_noun(BOARD, "ITALY", lang),
        "powers": power_noun(BOARD, "FRANCE", lang), "state": say(lang, "press.state.eliminated"),
        "phase": phase_name("F1903M", lang), "size": 120, "limit": 100,
        "copied": "mario@example.org", "address": "mario@example.org",
        "referee_game": "g1901@arbitro.example", "aliases": "Xyz", "addresses": "g1901-fra@x.example",
        "command": say(lang, "command.status"), "problem": say(lang, "gm.usage.eject"),
        "detail": "Xyz", "deadline": when(MOMENT, "Europe/Rome", lang),
        "until": when(MOMENT, "Europe/Rome", lang), "resume": when(MOMENT, "Europe/Rome", lang),
        "missing": power_noun(BOARD, "FRANCE", lang), "status": say(lang, "status.game.paused"),
        "name": "Coppa 1901", "at": when(MOMENT, "Europe/Rome", lang), "onp": 1, "late": 1,
        "bank": 3, "result": "-", "used": 3, "allowed": 3,
        "zone": "America/New_York", "first": "20/12", "last": "27/12", "year": 2026,
        "days": nsay(lang, "duration.days", 7), "length": nsay(lang, "duration.days", 8),

        "units": "A Mar, F Bre", "unit": "A Mar", "options": "Bur, Gas", "guide": "docs/PLAYERS.md",
        "count": 2, "centres": "Mar, Par", "streak": 1, "left": 2, "max": 3,
        "wall": when(MOMENT, "Europe/Rome", lang), "held": when(MOMENT, "Europe/Rome", lang),
    }
    return values[name]


def _fill(key: str, template: str, lang: str) -> tuple[list[Any], dict[str, Any]]:
    args: list[Any] = []
    named: dict[str, Any] = {}
    for _, field, _, _ in string.Formatter().parse(template):
        if field is None:
            continue
        name = field.split(".")[0].split("[")[0]
        if name.isdigit():
            i = int(name)
            while len(args) <= i:
                j = len(args)
                args.append(power_noun(BOARD, "ITALY", lang) if POWER_SLOTS.get(key) == j
                            else place_noun(BOARD, "MAR", lang))
        elif name and name != "n":
            named[name] = _named(name, lang)
    return args, named


def _messages() -> list[Any]:
    return [pytest.param(m.id, id=m.id if isinstance(m.id, str) else m.id[0])
            for m in catalog("en") if m.id]


@pytest.mark.parametrize("msgid", _messages())
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_reads_in_its_language(lang: str, msgid: Any) -> None:
    if isinstance(msgid, tuple):
        for n in (1, 2, 5):
            _check(nsay(lang, msgid[0], n), lang, msgid[0])
        return
    if msgid.startswith(("date.", "grammar.")):
        return  # patterns and switches, not words (checked through when() below)
    template = catalog(lang)[msgid].string
    args, named = _fill(msgid, template, lang)
    _check(say(lang, msgid, *args, **named), lang, msgid)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_its_words_in_every_catalog(lang: str) -> None:
    reference = {m.id for m in catalog("en") if m.id}
    mine = {m.id: m.string for m in catalog(lang) if m.id}
    assert set(mine) == reference, (sorted(reference - set(mine)), sorted(set(mine) - reference))
    empty = [k for k, v in mine.items() if not (all(v) if isinstance(v, tuple) else v)]
    assert not empty, empty


def test_italian_names_take_their_articles_and_agree() -> None:
    assert say("it", "reason.wrong_power", place_noun(BOARD, "MAR", "it"),
               power_noun(BOARD, "ITALY", "it")) == "l'unità in Marsiglia (Mar) appartiene all'Italia"
    assert say("it", "reason.occupied", place_noun(BOARD, "MAR", "it")) == "Marsiglia (Mar) è occupata"
    assert say("it", "reason.occupied", place_noun(BOARD, "BEL", "it")) == "il Belgio (Bel) è occupato"
    assert say("it", "reason.bounced", place_noun(BOARD, "BLA", "it")) == "rimbalzo nel Mar Nero (MNE)"
    assert say("it", "reason.bounced", place_noun(BOARD, "BUR", "it")) == "rimbalzo in Borgogna (Bor)"
    assert say("it", "reason.not_home_centre", place_noun(BOARD, "MAR", "it"),
               power_noun(BOARD, "GERMANY", "it")) == "Marsiglia (Mar) non è un centro di partenza della Germania"
    assert nsay("it", "duration.hours", 1) == "1 ora" and nsay("it", "duration.hours", 2) == "2 ore"
    assert nsay("en", "duration.days", 1) == "1 day" and nsay("en", "duration.days", 2) == "2 days"
    assert when(MOMENT, "Europe/Rome", "it") == "lunedì 7 dicembre 2026 alle 23:00 (Europe/Rome)"
    assert when(MOMENT, "Europe/Rome", "en") == "Monday 7 December 2026 at 23:00 (Europe/Rome)"


# -- mail templates ---------------------------------------------------------------------


def _results(lang: str) -> dict[str, Any]:
    position = start_position(BOARD)
    orders = {"FRANCE": [Move("FRANCE", "A", "PAR", "BUR")],
              "GERMANY": [Move("GERMANY", "A", "MUN", "BUR")],
              "ITALY": [Support("ITALY", "A", "VEN", "A", "ROM", None), Move("ITALY", "A", "ROM", "VEN")]}
    outcome = play(BOARD, position, orders)
    report = PhaseReport(position.phase, position, replace(outcome, adjustments={"FRANCE": 1}),
                         nmr={"TURKEY": "first", "RUSSIA": "abandoned"}, eliminated=("AUSTRIA",))
    return results_context(BOARD, report, lang)


def _context(lang: str) -> dict[str, Any]:
    def power(p: str) -> Any:
        return power_noun(BOARD, p, lang)

    deadline = when(MOMENT, "Europe/Rome", lang)
    game = {"id": "g1901", "name": "Coppa 1901", "press": "white", "timezone": "Europe/Rome"}
    line = {"line": 2, "text": "A Mar - Bor", "status": "void", "suggestion": "A MAR - BUR",
            "message": say(lang, "reason.occupied", place_noun(BOARD, "MAR", lang))}
    return {
        **_results(lang),
        "tag": "[g1901]", "game": game, "game_id": "g1901", "deadline": deadline,
        "phase_name": phase_name("S1901M", lang), "next_phase_name": phase_name("F1901M", lang),
        "power_name": power("ITALY"), "disorder_name": power("RUSSIA"), "onp_name": power("TURKEY"),
        "replaced_name": power("ENGLAND"), "for_power": power("TURKEY"), "winner_name": power("FRANCE"),
        "tied_names": [power("FRANCE"), power("ITALY")], "abandoned": [power("RUSSIA")],
        "disorder": [power("RUSSIA")], "reason": say(lang, "refusal.no_orders"),
        "table": [{"name": power("FRANCE"), "count": 5, "power_name": power("FRANCE"),
                   "player": "Mario", "address": "mario@example.org"}],
        "results": {"orders": _results(lang)["orders"]},
        "phase_url": "https://giochi.example/g1901/1901-spring-movement.html",
        "game_url": "https://giochi.example/g1901/index.html",
        "archive_url": "https://giochi.example/g1901/archive.zip",
        "animation_url": "https://giochi.example/g1901/maps.gif",
        "ballots": [{"phase_name": phase_name("S1902M", lang), "for_name": power("TURKEY"),
                     "voter_name": power("ITALY"), "orders": ["A Smi XXX"]}],
        "what": say(lang, "alert.wrong_password"), "details": "mario@example.org (g1901)",
        "inner_subject": "[g1901]", "inner_body": "...", "heading": say(lang, "games.heading"),
        "command": say(lang, "command.gm.process"), "ok": True,
        "message": say(lang, "gm.processed_missing", phase=phase_name("F1903M", lang),
                       missing=power("FRANCE")),
        "game_address": "g1901@arbitro.example", "gm": True, "problem": say(lang, "reply.wrong_password"),
        "late": [{"name": power("ITALY"), "turn": 1, "left": 2}],
        "subject": "", "own": False, "lines": [line], "on_file": ["A Par - Bor"],
        "refused": "", "resume_at": deadline,
        "readiness": [say(lang, "ready.no"), say(lang, "ready.next.others")], "processing": False,
        "waiting": True, "changed": True, "guide": "docs/PLAYERS.md", "still_owed": [],
        "my_units": ["A Ven", "F Nap"], "my_centres": ["Roma (Rom)"], "due": [say(lang, "ready.no")],
        "lateness_left": 2, "onp_total": 1, "onp_streak": 0, "map_attached": True,
        "players": [say(lang, "help.command.status")], "gm_commands": [say(lang, "help.command.pause")], "ranking": [power("ITALY"), power("FRANCE")],
        "entries": [{"phase_name": phase_name("S1901M", lang), "when": deadline,
                     "from_name": power("ITALY"), "to_names": [power("FRANCE")], "broadcast": False,
                     "subject": "", "text": "..."}],
        "anonymous": False, "broadcast": False, "deliver_at": deadline, "from_name": power("ITALY"),
        "images": 1, "sender": "mario@example.org", "text": "...", "to_names": [power("FRANCE")],
        "can_reply": True, "delay": nsay(lang, "duration.hours", 1), "delayed": True, "dropped": "",
        "hours_left": 1, "player": {"name": "Mario", "address": "mario@example.org"},
        "zone": "America/New_York", "first": "20/12", "last": "27/12", "year": 2026,
        "days": nsay(lang, "duration.days", 7), "left": nsay(lang, "duration.days", 7),
        "name_absent": False, "absent_name": None, "moved": False,
        "cancelled": [{"first": "20/12", "last": "27/12"}],
        "centres": _results(lang)["centres"], "units": ["A Ven", "F Nap"], "gm_address": "gm@example.org",
        "game_status": "active", "power_status": "civil_disorder", "lateness_used": 1, "unique_weapon": "available",
        "lateness_bank": 1, "lateness_max": 1, "assignment": "lot", "password": "segreto",
        "referee": "arbitro@example.org", "reply_to": "g1901+k@arbitro.example",
        "winner": None, "movement": True, "out": [power("RUSSIA")], "start": deadline,
        "powers": [power("ITALY"), power("FRANCE")], "seed_hash": "9f86d081884c7d65",
        "draw": {"seed": "5eed", "hash": "9f86d081884c7d65", "hidden": False,
                 "powers_recipe": "python3 -c ...", "players_recipe": "python3 -c ...",
                 "own_ticket": None, "power_order": [power("ITALY")],
                 "table": [{"n": 1, "player": "mario@example.org", "ticket": "ab", "own": True,
                            "power": power("ITALY"), "power_the": format(power("ITALY"), "il")}],
                 "preferences": [{"player": "mario@example.org", "ranking": [power("ITALY")]}]},
        # issue 17: votes, dry runs, the GM's preview
        "kind": "draw", "choice": say(lang, "vote.choice.draw", powers=power("ITALY")), "number": 3,
        "digest": "ab" * 32, "text": "arbitro-vote:g1901:3:ITALY:DRAW:ALL:00",
        "vote_commitments": [{"number": 3, "digest": "ab" * 32}],
        "votes": [{"number": 3, "power_name": power("ITALY"), "choice": say(lang, "vote.choice.draw_survivors"),
                   "phase_name": phase_name("S1901M", lang), "text": "arbitro-vote:...", "digest": "ab" * 32}],
        "not_ready": [power("FRANCE")], "assumed": [power("FRANCE")], "results_body": "...",
        "problems": [{"line": 1, "text": "A Xyz - Par", "message": say(lang, "refusal.no_orders")}],
    }


# the same name means something else in these templates
OVERRIDES: dict[str, dict[str, Any]] = {
    "replacement_call": {"centres": 4, "units": 3},
    "order_confirmation": {"late": {"day": 1, "charged": 2, "turn": 2, "left": 8}},
}


def _other_branches(lang: str) -> dict[str, Any]:
    """The other side of the templates' conditions."""
    return {
        "own": True, "refused": say(lang, "refusal.no_orders"), "for_power": None, "ok": False,
        "anonymous": True, "broadcast": True, "can_reply": False, "delayed": False, "gm": False,
        "problem": "", "winner": power_noun(BOARD, "FRANCE", lang), "winner_name": None,
        "assignment": "replacement", "password": "", "resume_at": None, "game_status": "paused",
        "power_status": "abandoned", "images": 2, "on_file": [], "lines": [],
        "reason": "temporale", "results": None, "ballots": [], "dislodged": [], "nmr": [],
        "unordered": [],
        "message": say(lang, "gm.not_paused", game="g1901", status=say(lang, "status.game.active")),
        "movement": False, "out": [], "start": None, "closed": True,
        "name_absent": True, "absent_name": power_noun(BOARD, "FRANCE", lang), "moved": True,
        "cancelled": [],

        "not_ready": [], "assumed": [], "problems": [], "votes": [], "vote_commitments": [],

        "movement": False, "out": [], "start": None, "closed": True, "readiness": [],
        "processing": True, "waiting": False, "changed": False,
        "still_owed": [say(lang, "ready.unordered", units="A Mar")], "due": [], "map_attached": False,
        "my_units": [], "my_centres": [],
    }


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_reads_in_its_language(lang: str) -> None:
    templates = MailTemplates()
    context = _context(lang)
    names = templates.names(lang)
    assert names
    for name in names:
        for branch in ({}, _other_branches(lang)):
            mail = templates.render(name, lang, {**context, **branch, **OVERRIDES.get(name, {})})
            _check(mail.subject + "\n" + mail.body, lang, name)
            # The subject is its own line: a block tag ending it must not pull the
            # greeting up into it (the reminder once read "...(Spring 1901)Hello Mario,").
            player = context.get("player") or {}
            assert not player.get("name") or player["name"] not in mail.subject, (name, mail.subject)


# -- a third language -------------------------------------------------------------------


@pytest.fixture
def russian(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """A Russian catalog next to the shipped ones, in a copy of the locale folder."""
    import shutil

    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    from arbitro.words import catalog as cat_module
    from arbitro.words import names as names_module

    locale = tmp_path / "locale"
    shutil.copytree(cat_module.LOCALE_DIR, locale)
    ru = Catalog(locale="ru", domain="arbitro")
    words = {"reason.bounced": "отскок в {0}", "date.full": "EEEE d MMMM y 'в' HH:mm",
             "grammar.articles": "no"}
    plurals = {"duration.hours": ("{n} час", "{n} часа", "{n} часов")}
    for m in catalog("en"):
        if isinstance(m.id, str) and m.id:
            ru.add(m.id, words.get(m.id, m.string))
        elif m.id:  # Russian has three plural forms
            ru.add(m.id, plurals.get(m.id[0], (m.string[0], m.string[1], m.string[1])))
    ru.add("name.power.FRANCE", "Франция")  # names the variant file does not give
    shutil.rmtree(locale / "ru", ignore_errors=True)  # the shipped Russian catalog, replaced
    folder = locale / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "arbitro.po").open("wb") as fh:
        write_po(fh, ru)
    templates = tmp_path / "templates"
    shutil.copytree(MailTemplates().directory, templates)
    shutil.rmtree(templates / "ru", ignore_errors=True)
    shutil.copytree(templates / "en", templates / "ru")

    def clear() -> None:
        for f in (cat_module.languages, cat_module.catalog, cat_module.translations,
                  names_module._grammar):
            f.cache_clear()

    monkeypatch.setattr(cat_module, "LOCALE_DIR", locale)
    clear()
    yield templates
    monkeypatch.undo()
    clear()


def test_a_new_language_is_a_new_catalog_and_no_code(russian) -> None:  # type: ignore[no-untyped-def]
    assert "ru" in languages()
    assert [nsay("ru", "duration.hours", n) for n in (1, 3, 5)] == ["1 час", "3 часа", "5 часов"]
    # the map file names Kiel in Russian; a province it does not name would read in English
    assert say("ru", "reason.bounced", place_noun(BOARD, "KIE", "ru")) == "отскок в Киль (Кил)"
    assert power_noun(BOARD, "FRANCE", "ru") == "Франция"
    assert when(MOMENT, "Europe/Moscow", "ru") == "вторник 8 декабря 2026 в 01:00 (Europe/Moscow)"
    mail = MailTemplates(russian).render(
        "reminder", "ru", {"tag": "[g]", "phase_name": "-", "deadline": "-", "hours_left": 5, "movement": True,
                           "power_name": power_noun(BOARD, "FRANCE", "ru"),
                           "player": {"name": "Ivan", "address": "i@x"}})
    assert "Франция" in mail.body and "5 часов" in mail.body
