"""Every catalog message in every language, with realistic values: no slot left unfilled,
no tell-tale word of another language, every message translated (the mails that use them:
test_every_mail.py)."""

from __future__ import annotations

import re
import string
from datetime import UTC, datetime
from typing import Any

import pytest
from language_checks import check as _check

from arbitro.variants import load_board
from arbitro.words import languages, nsay, say
from arbitro.words.catalog import catalog
from arbitro.words.dates import when
from arbitro.words.grammar import Nouns
from arbitro.words.names import phase_name, place_noun, power_noun

BOARD = load_board("standard")
LANGS = languages()
MOMENT = datetime(2026, 12, 7, 22, 0, tzinfo=UTC)

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
        # the mails' sentences (templates/mail/)
        "number": 3, "when": when(MOMENT, "Europe/Rome", lang), "subject": "Proposta",
        "names": Nouns([power_noun(BOARD, "FRANCE", lang), power_noun(BOARD, "ITALY", lang)]),
        "voter": power_noun(BOARD, "ITALY", lang), "url": "https://giochi.example/g1901/index.html",
        "id": "g1901", "seed": "5eed", "hash": "9f86d081", "what": say(lang, "alert.wrong_password"),
        "turn": 1, "next": phase_name("F1901M", lang), "start": when(MOMENT, "Europe/Rome", lang),
        "reply_to": "arbitro+k1@arbitro.example", "reason": say(lang, "refusal.no_orders"),
        "day": 1, "cost": nsay(lang, "lateness.cost", 2), "order": "A Ven - Tri",
        "delay": nsay(lang, "duration.hours", 2), "dropped": "virus.exe",
        "hours": nsay(lang, "duration.hours", 1), "parties": power_noun(BOARD, "FRANCE", lang),
        "choice": say(lang, "vote.choice.draw_survivors"), "password": "segreto",
        "referee": "arbitro@example.org", "ticket": "ab12", "text": "...",
        "places": "Galizia (Gal), Tirolo (Tir)", "place": place_noun(BOARD, "GAL", lang),
        "giver": power_noun(BOARD, "TURKEY", lang), "territories": "Galizia (Gal)",
        # the map of Axis & Allies Europe: its round and the step due
        "round": 3, "step": say(lang, "map.aae.step.combat"),
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
        _, named = _fill(msgid[0], catalog(lang)[msgid[0]].string[0], lang)
        for n in (1, 2, 5):
            _check(nsay(lang, msgid[0], n, **named), lang, msgid[0])
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
    assert say("it", "reason.bounced", place_noun(BOARD, "BLA", "it")) == "stallo nel Mar Nero (MNE)"
    assert say("it", "reason.bounced", place_noun(BOARD, "BUR", "it")) == "stallo in Borgogna (Bor)"
    assert say("it", "reason.not_home_centre", place_noun(BOARD, "MAR", "it"),
               power_noun(BOARD, "GERMANY", "it")) == "Marsiglia (Mar) non è un CdA della madrepatria della Germania"
    assert nsay("it", "duration.hours", 1) == "1 ora" and nsay("it", "duration.hours", 2) == "2 ore"
    assert nsay("en", "duration.days", 1) == "1 day" and nsay("en", "duration.days", 2) == "2 days"
    assert when(MOMENT, "Europe/Rome", "it") == "lunedì 7 dicembre 2026 alle 23:00 (Europe/Rome)"
    assert when(MOMENT, "Europe/Rome", "en") == "Monday 7 December 2026 at 23:00 (Europe/Rome)"


# -- Russian cases ----------------------------------------------------------------------

# Prepositions that govern the genitive; a name or a date after them must be declined
# (issue 29 point 9: "до суббота" read wrong); counts need no case.
_GENITIVE_AFTER = re.compile(r"(?<!\w)(?:до|после|около|кроме|без|для|от|у|в течение)\s+\{(\w+)(?::(\w+))?\}")
_COUNTS = {"allowed", "count", "n", "used", "days", "length"}


def test_russian_names_and_dates_after_a_genitive_preposition_are_declined() -> None:
    wrong = []
    for m in catalog("ru"):
        if not m.id:
            continue
        for text in m.string if isinstance(m.string, tuple) else (m.string,):
            for slot, spec in _GENITIVE_AFTER.findall(text):
                if slot not in _COUNTS and spec != "gen":
                    wrong.append((m.id, text))
    assert not wrong, wrong


def test_a_deadline_after_do_is_in_the_genitive() -> None:
    saturday = datetime(2025, 3, 8, 17, 0, tzinfo=UTC)
    text = say("ru", "gm.paused_until", game="g1901", until=when(saturday, "Europe/Moscow", "ru"))
    assert text == "партия g1901 приостановлена до субботы 8 марта 2025 в 20:00 (Europe/Moscow)"
    assert say("it", "gm.paused_until", game="g1901", until=when(saturday, "Europe/Rome", "it")) == \
        "partita g1901 in pausa fino a sabato 8 marzo 2025 alle 18:00 (Europe/Rome)"
