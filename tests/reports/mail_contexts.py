"""Every mail's context as the service fills it, from real games: positions played by the
engine, orders read by the reader, names, dates and readiness from the same helpers the
service calls. ``variants(name, lang)`` gives each template every branch it has (own and
other, empty and full lists, al buio or not, each ruleset, each phase kind)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.orders import (
    Build,
    Confirm,
    Disband,
    Gift,
    Hold,
    Move,
    Retreat,
    Strike,
    Support,
    Treaty,
    Waive,
)
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Unit, home_territories, make_position, start_position
from arbitro.diplomacy.readiness import readiness
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.rules import Rules
from arbitro.fairness.draw import recipe, seed_hash, ticket
from arbitro.reports import PhaseReport, judge_results, order_text, results_context
from arbitro.reports.readiness import readiness_lines, unit_words
from arbitro.variants import load_board
from arbitro.words import nsay, say
from arbitro.words.dates import duration, when
from arbitro.words.lines import line_message
from arbitro.words.names import phase_name, place_noun, power_noun

BOARD = load_board("standard")
FORUM = load_board("forum_ru")
MOMENT = datetime(2026, 12, 7, 22, 0, tzinfo=UTC)
SEED = "5eed5eed"
PLAYERS = ["mario@example.org", "lucia@example.org", "ivan@example.org"]


# -- played phases ----------------------------------------------------------------------

def spring() -> PhaseReport:
    """Spring 1901: a bounce in Burgundy, a void order, a support, one power's first NMR,
    another's second (abandoned), units left without orders."""
    position = start_position(BOARD)
    orders = {
        "FRANCE": [Move("FRANCE", "A", "PAR", "BUR"), Move("FRANCE", "F", "BRE", "MAO")],
        "GERMANY": [Move("GERMANY", "A", "MUN", "BUR"), Move("GERMANY", "F", "KIE", "HOL")],
        "ITALY": [Support("ITALY", "A", "VEN", "A", "ROM", None), Move("ITALY", "A", "ROM", "VEN"),
                  Move("ITALY", "F", "NAP", "ION")],
        "AUSTRIA": [Move("AUSTRIA", "A", "VIE", "BOH")],
    }
    outcome = play(BOARD, position, orders, nmr={"TURKEY": "first", "RUSSIA": "abandoned"})
    return PhaseReport(position.phase, position, outcome, nmr={"TURKEY": "first", "RUSSIA": "abandoned"})


def _fall_position() -> Any:
    units = [Unit("FRANCE", "A", "BUR"), Unit("FRANCE", "A", "MAR"), Unit("FRANCE", "F", "MAO"),
             Unit("GERMANY", "A", "RUH"), Unit("GERMANY", "A", "MUN"), Unit("GERMANY", "F", "HOL"),
             Unit("ENGLAND", "F", "NTH"), Unit("ENGLAND", "A", "YOR"), Unit("ENGLAND", "F", "ENG"),
             Unit("ENGLAND", "F", "IRI"), Unit("ITALY", "A", "PIE"), Unit("ITALY", "F", "ION"),
             Unit("ITALY", "A", "APU"), Unit("RUSSIA", "A", "SEV"), Unit("RUSSIA", "A", "UKR"),
             Unit("RUSSIA", "A", "MOS"), Unit("TURKEY", "A", "ARM"), Unit("TURKEY", "F", "BLA"),
             Unit("TURKEY", "A", "RUM")]
    start = start_position(BOARD)
    centres = {c: p for c, p in start.centres.items() if p != "AUSTRIA"}  # Austria is out
    return make_position("F1901M", units, centres)


def fall() -> PhaseReport:
    """Autumn 1901: a French army dislodged from Burgundy, a Russian one destroyed in
    Sevastopol (nowhere to go), centres taken and lost, builds and a disband due, a power
    out of the game."""
    position = _fall_position()
    orders = {
        "GERMANY": [Move("GERMANY", "A", "RUH", "BUR"), Support("GERMANY", "A", "MUN", "A", "RUH", "BUR"),
                    Hold("GERMANY", "F", "HOL")],
        "FRANCE": [Hold("FRANCE", "A", "BUR"), Move("FRANCE", "A", "MAR", "SPA"), Move("FRANCE", "F", "MAO", "POR")],
        "ITALY": [Move("ITALY", "A", "PIE", "MAR"), Move("ITALY", "F", "ION", "TUN")],
        "TURKEY": [Move("TURKEY", "A", "ARM", "SEV"), Support("TURKEY", "F", "BLA", "A", "ARM", "SEV")],
    }
    outcome = play(BOARD, position, orders)
    return PhaseReport(position.phase, position, outcome, eliminated=("AUSTRIA",))


def retreat() -> PhaseReport:
    """The retreats after the autumn: one ordered, one left to the referee."""
    after = fall().outcome.next
    orders = {"FRANCE": [Retreat("FRANCE", "A", "BUR", "PIC")]}
    outcome = play(BOARD, after, orders)
    return PhaseReport(after.phase, after, outcome)


def winter() -> PhaseReport:
    """Winter 1901: a build, a waived build, a disband."""
    units = [Unit("GERMANY", "A", "BUR"), Unit("GERMANY", "F", "HOL"), Unit("FRANCE", "A", "PIC"),
             Unit("FRANCE", "F", "POR"), Unit("FRANCE", "A", "MAR")]
    centres = {"BER": "GERMANY", "KIE": "GERMANY", "MUN": "GERMANY", "HOL": "GERMANY", "BEL": "GERMANY",
               "PAR": "FRANCE", "BRE": "FRANCE"}
    position = make_position("W1901A", units, centres)
    orders = {"GERMANY": [Build("GERMANY", "A", "BER"), Waive("GERMANY")],
              "FRANCE": [Disband("FRANCE", "A", "PIC")]}
    outcome = play(BOARD, position, orders)
    return PhaseReport(position.phase, position, outcome)


def forum() -> PhaseReport:
    """The Russian forum's rules (forum_ru): a treaty and its confirmation, the unique weapon,
    provinces taken by holding, by the weapon and as a gift."""
    start = start_position(FORUM)
    units = [Unit("GERMANY", "A", "TYR") if u.location == "MUN" else u for u in start.units]
    position = replace(make_position(start.phase, units, start.centres), territories=home_territories(FORUM))
    orders = {
        "AUSTRIA": [Move("AUSTRIA", "A", "VIE", "GAL"), Support("AUSTRIA", "A", "BUD", "A", "VIE", "GAL"),
                    Treaty("AUSTRIA", ("RUSSIA", "TURKEY"), "мир")],
        "RUSSIA": [Hold("RUSSIA", "A", "WAR"), Strike("RUSSIA", "GAL", "WAR"), Confirm("RUSSIA", "AUSTRIA")],
        "GERMANY": [Hold("GERMANY", "A", "TYR")],
        "TURKEY": [Gift("TURKEY", "ARM", "RUSSIA")],
    }
    outcome = play(FORUM, position, orders, Rules(ruleset="forum_ru"))
    return PhaseReport(position.phase, position, outcome)


def won() -> PhaseReport:
    """A phase whose end check found a winner (the results mail's last one)."""
    report = fall()
    return replace(report, winner="GERMANY")


REPORTS: dict[str, Callable[[], PhaseReport]] = {
    "spring": spring, "fall": fall, "retreat": retreat, "winter": winter, "forum": forum, "won": won,
}


def results(kind: str, lang: str) -> dict[str, Any]:
    report = REPORTS[kind]()
    board = FORUM if kind == "forum" else BOARD
    return results_context(board, report, lang)


# -- the reader's lines -----------------------------------------------------------------

ORDER_MAIL = {
    "it": "Ciao arbitro,\nA Ven - Tri\nA Rom - Xyz\nF Nap - Ionn\nA Mar APP A Par XXX\nSaluti",
    "en": "Hello referee,\nA Ven - Tri\nA Rom - Xyz\nF Nap - Ionn\nA Mar S A Par H\nRegards",
    "ru": "Привет,\nА Венеция - Триест\nА Рим - Хуз\nФ Неаполь - Ионн\nА Марсель П А Париж стоит\nСпасибо",
}
READER_LANGUAGES = ("it", "en", "ru")


def lines(lang: str, power: str = "ITALY") -> tuple[list[dict[str, Any]], list[str]]:
    """The line-by-line report of a real order mail, and the orders read, as the service
    keeps them for the confirmation."""
    reading = lang if lang in READER_LANGUAGES else "en"  # a new language reads orders in English
    report = parse_orders(BOARD, ORDER_MAIL[reading], power=power, position=start_position(BOARD), lang=reading)
    shown = [{"line": r.line, "text": r.text, "status": r.status.value, "code": r.code,
              "message": line_message(BOARD, r, lang), "suggestion": _offered(r.suggestion, power, lang)}
             for r in report.lines]
    read = [order_text(BOARD, r.order, lang) for r in report.lines if r.order is not None]
    return shown, read


def _offered(suggestion: str | None, power: str, lang: str) -> str | None:
    """The reader's "did you mean" in the reader's notation. The reader still offers it in
    the canonical notation (its own task, issue 29 point 2 and reader's item 6: the line's
    feedback); the mail shows it as the reader will give it."""
    if suggestion is None:
        return None
    order = read_order(BOARD, power, suggestion)
    return suggestion if isinstance(order, str) else order_text(BOARD, order, lang)


def ready_lines(lang: str, kind: str = "spring", step: str = "others") -> list[str]:
    report = REPORTS[kind]()
    position = report.before
    power = {"spring": "ITALY", "retreat": "FRANCE", "winter": "GERMANY"}[kind]
    r = readiness(BOARD, position, power, [])
    return readiness_lines(BOARD, r, lang, step)


# -- the contexts -----------------------------------------------------------------------

def _p(lang: str, power: str) -> Any:
    return power_noun(BOARD, power, lang)


def common(lang: str) -> dict[str, Any]:
    """What every game mail starts from (the service's game_words, the mailer's keys)."""
    return {
        "game": {"id": "g1901", "name": "Coppa 1901", "press": "white", "timezone": "Europe/Rome"},
        "tag": "[g1901]", "referee": "arbitro@example.org", "lang": lang,
        "player": {"name": "Mario", "address": "mario@example.org"},
        "power_name": _p(lang, "ITALY"),
        "phase_name": phase_name("S1901M", lang), "next_phase_name": phase_name("F1901M", lang),
        "deadline": when(MOMENT, "Europe/Rome", lang),
    }


def _draw(lang: str, *, hidden: bool, preferences: bool, reader: str | None) -> dict[str, Any]:
    powers = sorted(BOARD.powers)
    chosen = dict(zip(PLAYERS, ("ITALY", "FRANCE", "RUSSIA"), strict=True))

    def who(address: str) -> str:
        return "#" + ticket(SEED, address)[:12] if hidden and address != reader else address

    return {
        "seed": SEED, "hash": seed_hash(SEED), "hidden": hidden,
        "powers_recipe": recipe(SEED, powers),
        "players_recipe": None if hidden else recipe(SEED, PLAYERS),
        "own_ticket": ticket(SEED, reader) if reader else None,
        "power_order": [_p(lang, p) for p in powers],
        "table": [{"n": i, "player": who(a), "ticket": ticket(SEED, a), "power": _p(lang, chosen[a]),
                   "power_the": format(_p(lang, chosen[a]), "il"), "own": a == reader}
                  for i, a in enumerate(PLAYERS, start=1)],
        "preferences": [{"player": who(a), "ranking": [_p(lang, p) for p in powers]} for a in PLAYERS]
        if preferences else [],
    }


def variants(name: str, lang: str) -> list[dict[str, Any]]:
    """Every branch of template ``name`` in ``lang``: full contexts, the first the usual one."""
    base = common(lang)
    return [{**base, **v} for v in _VARIANTS[name](lang)]


def _absence_cancelled(lang: str) -> Iterator[dict[str, Any]]:
    yield {"cancelled": [{"first": "20/12", "last": "27/12"}, {"first": "3/1", "last": "5/1"}]}
    yield {"cancelled": []}


def _absence_moved(lang: str) -> Iterator[dict[str, Any]]:
    yield {"absent_name": None}
    yield {"absent_name": _p(lang, "FRANCE")}


def _absence_set(lang: str) -> Iterator[dict[str, Any]]:
    days = nsay(lang, "duration.days", 7)
    base = {"first": "20/12", "last": "27/12", "days": days, "left": nsay(lang, "duration.days", 14),
            "year": 2026, "name_absent": False, "moved": False}
    yield base
    yield {**base, "name_absent": True, "moved": True}
    yield {**base, "deadline": None}


def _answer(lang: str) -> Iterator[dict[str, Any]]:
    yield {"heading": say(lang, "games.heading"), "message": say(lang, "games.none")}


def _civil_disorder(lang: str) -> Iterator[dict[str, Any]]:
    for reason in ("abandoned", "no_replacement", "ejected"):
        yield {"disorder_name": _p(lang, "RUSSIA"), "reason": reason}


def _deadline_changed(lang: str) -> Iterator[dict[str, Any]]:
    yield {}


def _game_end(lang: str) -> Iterator[dict[str, Any]]:
    table = [{"name": _p(lang, p), "count": n} for p, n in (("FRANCE", 18), ("ITALY", 9), ("GERMANY", 7))]
    full = {
        "reason": "victory", "winner_name": _p(lang, "FRANCE"), "tied_names": [], "table": table,
        "ballots": [{"phase_name": phase_name("S1902M", lang), "for_name": _p(lang, "TURKEY"),
                     "voter_name": _p(lang, "ITALY"), "orders": [order_text(BOARD, Hold("TURKEY", "A", "SMY"), lang)]}],
        "results": results("fall", lang), "phase_name": phase_name("F1905M", lang),
        "votes": [{"number": 3, "power_name": _p(lang, "ITALY"), "choice": say(lang, "vote.choice.draw_survivors"),
                   "phase_name": phase_name("S1904M", lang), "text": "arbitro-vote:g1901:3:ITALY:DRAW:ALL:00",
                   "digest": "ab" * 32}],
        "game_url": "https://giochi.example/g1901/index.html",
        "archive_url": "https://giochi.example/g1901/archive.zip",
        "animation_url": "https://giochi.example/g1901/maps.gif",
    }
    yield full
    yield {**full, "reason": "draw", "winner_name": None, "tied_names": [_p(lang, "FRANCE"), _p(lang, "ITALY")],
           "ballots": [], "results": None, "votes": [], "game_url": None}
    yield {**full, "reason": "concession"}
    yield {**full, "reason": "temporale", "winner_name": None,
           "tied_names": [_p(lang, "FRANCE"), _p(lang, "ITALY")]}
    yield {**full, "reason": "temporale", "power_name": "-"}  # an observer's copy


def _game_started(lang: str) -> Iterator[dict[str, Any]]:
    table = [{"power_name": _p(lang, p), "player": "Mario", "address": "mario@example.org"}
             for p in ("FRANCE", "ITALY")]
    draw = _draw(lang, hidden=False, preferences=False, reader=None)
    yield {"table": table, "disorder": [_p(lang, "RUSSIA"), _p(lang, "TURKEY")], "draw": draw}
    yield {"table": table, "disorder": [], "draw": draw}


def _gm_alert(lang: str) -> Iterator[dict[str, Any]]:
    yield {"game_id": "g1901", "what": say(lang, "alert.wrong_password"), "details": "mario@example.org (g1901)"}
    yield {"game_id": None, "what": say(lang, "alert.undeliverable"), "details": "-"}


def _gm_copy(lang: str) -> Iterator[dict[str, Any]]:
    yield {"inner_subject": "[g1901] ...", "inner_body": "..."}


def _gm_reply(lang: str) -> Iterator[dict[str, Any]]:
    yield {"game_id": "g1901", "command": say(lang, "command.gm.process"), "ok": True,
           "message": say(lang, "gm.processed_missing", phase=phase_name("F1903M", lang),
                          missing=_p(lang, "FRANCE"))}
    yield {"game_id": "g1901", "command": say(lang, "command.gm.resume"), "ok": False,
           "message": say(lang, "gm.not_paused", game="g1901", status=say(lang, "status.game.active"))}


def _help(lang: str) -> Iterator[dict[str, Any]]:
    players = [say(lang, f"help.command.{c}") for c in ("orders", "status", "help", "wait")]
    gm = [say(lang, f"help.command.{c}") for c in ("pause", "process")]
    yield {"game_id": "g1901", "problem": say(lang, "reply.wrong_password"), "gm": True,
           "game_address": "g1901@arbitro.example", "players": players, "gm_commands": gm,
           "guide": "docs/PLAYERS.md"}
    yield {"game_id": None, "problem": None, "gm": False, "game_address": "arbitro+game@arbitro.example",
           "players": players, "gm_commands": [], "guide": "docs/PLAYERS.md"}


def _lateness(lang: str) -> Iterator[dict[str, Any]]:
    late = [{"name": _p(lang, "ITALY"), "turn": 1, "left": 7}, {"name": _p(lang, "FRANCE"), "turn": 2, "left": 1}]
    yield {"late": late, "out": [_p(lang, "RUSSIA")]}
    yield {"late": late, "out": []}


def _mail_refused(lang: str) -> Iterator[dict[str, Any]]:
    yield {"subject": "g1901", "game_id": "g1901", "reason": say(lang, "reply.wrong_password")}
    yield {"subject": "", "game_id": None, "reason": say(lang, "reply.unknown_game", referee_game="g1901@x")}


def _onp_notice(lang: str) -> Iterator[dict[str, Any]]:
    yield {"own": True, "onp_name": _p(lang, "TURKEY")}
    yield {"own": False, "onp_name": _p(lang, "TURKEY")}


def _opened(lang: str) -> Iterator[dict[str, Any]]:
    base = {"start": when(MOMENT, "Europe/Rome", lang), "assignment": "lot", "reply_to": "arbitro+k1@x",
            "seed_hash": seed_hash(SEED), "powers": [_p(lang, p) for p in sorted(BOARD.powers)]}
    yield base
    yield {**base, "start": None, "assignment": "preferences"}
    yield {**base, "player": {"name": "", "address": "lucia@example.org"}}


def _order_confirmation(lang: str) -> Iterator[dict[str, Any]]:
    shown, read = lines(lang)
    base = {"lines": shown, "on_file": read, "refused": None, "for_power": None, "late": None,
            "readiness": ready_lines(lang), "processing": False}
    yield base
    yield {**base, "late": {"day": 1, "charged": 2, "turn": 2, "left": 8}}
    yield {**base, "late": {"day": 1, "charged": 0, "turn": 1, "left": 9}, "processing": True}
    yield {**base, "for_power": _p(lang, "TURKEY"), "readiness": [],
           "on_file": [order_text(BOARD, Hold("TURKEY", "A", "SMY"), lang)]}
    yield {**base, "lines": [], "on_file": [], "refused": say(lang, "refusal.no_orders"), "closed": True,
           "readiness": []}
    yield {**base, "refused": say(lang, "refusal.late_closed"), "lines": [], "closed": False,
           "phase_name": phase_name("F1901R", lang), "readiness": ready_lines(lang, "retreat", "late"),
           "on_file": []}
    yield {**base, "lines": [], "on_file": [], "phase_name": phase_name("W1901A", lang),
           "readiness": ready_lines(lang, "winter", "incomplete")}


def _paused(lang: str) -> Iterator[dict[str, Any]]:
    yield {"resume_at": when(MOMENT, "Europe/Rome", lang)}
    yield {"resume_at": None}


def _preferences(lang: str) -> Iterator[dict[str, Any]]:
    yield {"ranking": [_p(lang, p) for p in ("ITALY", "FRANCE", "RUSSIA")]}


def _press(lang: str) -> dict[str, Any]:
    return {"from_name": _p(lang, "ITALY"), "to_names": [_p(lang, "FRANCE"), _p(lang, "GERMANY")],
            "broadcast": False, "anonymous": False, "subject": "Proposta", "text": "Ciao, alleanza?"}


def _press_archive(lang: str) -> Iterator[dict[str, Any]]:
    entry = {"phase_name": phase_name("S1901M", lang), "when": when(MOMENT, "Europe/Rome", lang),
             "from_name": _p(lang, "ITALY"), "to_names": [_p(lang, "FRANCE")], "broadcast": False,
             "subject": "Proposta", "text": "..."}
    yield {"entries": [entry, {**entry, "broadcast": True, "subject": "", "from_name": say(lang, "press.anonymous")}]}
    yield {"entries": []}


def _press_gm_copy(lang: str) -> Iterator[dict[str, Any]]:
    base = {**_press(lang), "sender": "mario@example.org", "deliver_at": when(MOMENT, "Europe/Rome", lang),
            "images": 2}
    yield base
    yield {**base, "anonymous": True, "broadcast": True, "images": 0, "subject": ""}


def _press_message(lang: str) -> Iterator[dict[str, Any]]:
    base = {**_press(lang), "images": 1, "can_reply": True}
    yield base
    yield {**base, "images": 2, "subject": "", "broadcast": True, "phase_name": ""}
    yield {**base, "images": 5, "can_reply": False, "from_name": say(lang, "press.anonymous")}
    yield {**base, "images": 0}


def _press_receipt(lang: str) -> Iterator[dict[str, Any]]:
    base = {**_press(lang), "delayed": True, "delay": duration(timedelta(hours=2), lang),
            "dropped": "virus.exe"}
    yield base
    yield {**base, "anonymous": True, "broadcast": True, "delayed": False, "dropped": ""}


def _press_refused(lang: str) -> Iterator[dict[str, Any]]:
    yield {"subject": "Proposta", "game_id": "g1901", "reason": say(lang, "press.to_self")}
    yield {"subject": "", "game_id": None, "reason": say(lang, "press.to_self")}


def _preview(lang: str) -> Iterator[dict[str, Any]]:
    yield {"not_ready": [_p(lang, "FRANCE")], "results_body": "..."}
    yield {"not_ready": [], "results_body": "..."}


def _reminder(lang: str) -> Iterator[dict[str, Any]]:
    base = {"hours_left": 1, "movement": True}
    yield base
    yield {**base, "hours_left": 5, "movement": False, "phase_name": phase_name("F1901R", lang)}
    yield {**base, "still_owed": ready_lines(lang)[1:2]}


def _replacement_call(lang: str) -> Iterator[dict[str, Any]]:
    yield {"power_name": _p(lang, "RUSSIA"), "centres": 4, "units": 3, "gm_address": "gm@example.org",
           "resume_at": when(MOMENT, "Europe/Rome", lang)}


def _replacement_joined(lang: str) -> Iterator[dict[str, Any]]:
    yield {"replaced_name": _p(lang, "ENGLAND"), "resume_at": when(MOMENT, "Europe/Rome", lang)}
    yield {"replaced_name": _p(lang, "ENGLAND"), "resume_at": None}


def _results(lang: str) -> Iterator[dict[str, Any]]:
    url = "https://giochi.example/g1901/1901-spring-movement.html"
    yield {**results("spring", lang), "phase_url": url, "vote_commitments": [{"number": 3, "digest": "ab" * 32}],
           "judge": judge_results(BOARD, spring(), "g1901")}
    yield {**results("fall", lang), "phase_name": phase_name("F1901M", lang),
           "next_phase_name": phase_name("F1901R", lang), "phase_url": None, "vote_commitments": [], "judge": ""}
    yield {**results("retreat", lang), "phase_name": phase_name("F1901R", lang),
           "next_phase_name": phase_name("W1901A", lang), "phase_url": None, "vote_commitments": [], "judge": ""}
    yield {**results("winter", lang), "phase_name": phase_name("W1901A", lang),
           "next_phase_name": phase_name("S1902M", lang), "phase_url": None, "vote_commitments": [], "judge": ""}
    yield {**results("won", lang), "phase_name": phase_name("F1901M", lang), "phase_url": None,
           "vote_commitments": [], "judge": "", "deadline": "-", "power_name": "-"}
    yield {**results("forum", lang), "phase_url": None, "vote_commitments": [], "judge": ""}


def _resume(lang: str) -> Iterator[dict[str, Any]]:
    yield {}


def _rollback(lang: str) -> Iterator[dict[str, Any]]:
    yield {}


def _status(lang: str) -> Iterator[dict[str, Any]]:
    start = start_position(BOARD)
    base = {
        "game_status": "active", "power_status": "playing", "resume_at": None,
        "on_file": [order_text(BOARD, Move("ITALY", "A", "VEN", "TRI"), lang)],
        "lateness_used": 1, "lateness_bank": 10, "lateness_left": 9, "lateness_max": 3,
        "unique_weapon": None,
        "my_units": [unit_words(BOARD, u, lang) for u in start.units_of("ITALY")],
        "my_centres": [str(place_noun(BOARD, c, lang)) for c in start.centres_of("ITALY")],
        "due": ready_lines(lang), "onp_total": 1, "onp_streak": 0, "map_attached": True,
        "my_territories": [],
    }
    yield base
    forum_ru = forum().outcome.next  # the forum's rules own every land province
    yield {**base, "unique_weapon": "available",
           "my_territories": [str(place_noun(FORUM, t, lang)) for t, p in sorted(forum_ru.territories.items())
                              if p == "RUSSIA"]}
    yield {**base, "game_status": "paused", "power_status": "civil_disorder", "due": [], "on_file": [],
           "resume_at": when(MOMENT, "Europe/Rome", lang), "map_attached": False, "unique_weapon": "available",
           "my_units": [], "my_centres": []}
    yield {**base, "game_status": "active", "due": [], "unique_weapon": "used", "power_status": "abandoned"}
    yield {**base, "game_status": "finished", "due": [], "power_status": "eliminated"}


def _suspension(lang: str) -> Iterator[dict[str, Any]]:
    yield {"abandoned": [_p(lang, "RUSSIA")], "resume_at": when(MOMENT, "Europe/Rome", lang)}


def _timezone_set(lang: str) -> Iterator[dict[str, Any]]:
    yield {"zone": "America/New_York"}
    yield {"zone": "America/New_York", "deadline": None}


def _trial(lang: str) -> Iterator[dict[str, Any]]:
    base = {"refused": None, "assumed": [_p(lang, "FRANCE")], "results_body": "...",
            "problems": [{"line": 1, "text": "A Xyz - Par", "message": say(lang, "parse.unknown_province", "Xyz")}]}
    yield base
    yield {**base, "assumed": [], "problems": []}
    yield {**base, "refused": say(lang, "refusal.no_phase")}


def _vote_reply(lang: str) -> Iterator[dict[str, Any]]:
    base = {"refused": None, "kind": "draw", "choice": say(lang, "vote.choice.draw", powers=_p(lang, "ITALY")),
            "number": 3, "digest": "ab" * 32, "text": "arbitro-vote:g1901:3:ITALY:DRAW:ALL:00"}
    yield base
    yield {**base, "refused": say(lang, "refusal.votes_off")}


def _wait(lang: str) -> Iterator[dict[str, Any]]:
    base = {"waiting": True, "changed": True, "readiness": ready_lines(lang, step="you_wait")}
    yield base
    yield {**base, "waiting": False, "changed": False}
    yield {**base, "waiting": True, "changed": False}


def _welcome(lang: str) -> Iterator[dict[str, Any]]:
    start = start_position(BOARD)
    base = {"password": "segreto", "reply_to": "arbitro+k1@arbitro.example", "assignment": "lot",
            "units": [unit_words(BOARD, u, lang) for u in start.units_of("ITALY")],
            "lateness_bank": 10, "lateness_max": 3,
            "draw": _draw(lang, hidden=False, preferences=False, reader=PLAYERS[0])}
    yield base
    yield {**base, "assignment": "preferences", "password": "",
           "draw": _draw(lang, hidden=True, preferences=True, reader=PLAYERS[0]), "lateness_bank": 1}
    yield {**base, "assignment": "replacement", "draw": None, "units": []}


_VARIANTS: dict[str, Callable[[str], Iterator[dict[str, Any]]]] = {
    "absence_cancelled": _absence_cancelled, "absence_moved": _absence_moved, "absence_set": _absence_set,
    "answer": _answer, "civil_disorder": _civil_disorder, "deadline_changed": _deadline_changed,
    "game_end": _game_end, "game_started": _game_started, "gm_alert": _gm_alert, "gm_copy": _gm_copy,
    "gm_reply": _gm_reply, "help": _help, "lateness": _lateness, "mail_refused": _mail_refused,
    "onp_notice": _onp_notice, "opened": _opened, "order_confirmation": _order_confirmation,
    "paused": _paused, "preferences": _preferences, "press_archive": _press_archive,
    "press_gm_copy": _press_gm_copy, "press_message": _press_message, "press_receipt": _press_receipt,
    "press_refused": _press_refused, "preview": _preview, "reminder": _reminder,
    "replacement_call": _replacement_call, "replacement_joined": _replacement_joined, "results": _results,
    "resume": _resume, "rollback": _rollback, "status": _status, "suspension": _suspension,
    "timezone_set": _timezone_set, "trial": _trial, "vote_reply": _vote_reply, "wait": _wait,
    "welcome": _welcome,
}
TEMPLATES = tuple(_VARIANTS)
