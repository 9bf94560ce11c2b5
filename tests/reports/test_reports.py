"""Mail templates and the results context: both languages, real outcomes, no gaps."""

from __future__ import annotations

from datetime import UTC, datetime

from arbitro.diplomacy.orders import Hold, Move
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import start_position
from arbitro.reports import MailTemplates, PhaseReport, results_context, when
from arbitro.variants import load_board

BOARD = load_board("standard")


def test_every_template_exists_in_italian_and_english():
    templates = MailTemplates()
    assert templates.names("it") == templates.names("en")
    assert {"welcome", "results", "reminder", "lateness", "game_end", "onp_notice",
            "replacement_call", "civil_disorder", "suspension", "resume", "gm_copy",
            "order_confirmation", "status", "rollback"} <= set(templates.names("it"))


def test_results_mail_shows_bounces_and_centres_in_each_language():
    position = start_position(BOARD)
    orders = {
        "GERMANY": [Move("GERMANY", "A", "BER", "KIE"), Move("GERMANY", "F", "KIE", "BER")],
        "FRANCE": [Hold("FRANCE", "A", "PAR")],
    }
    outcome = play(BOARD, position, orders)
    report = PhaseReport(position.phase, position, outcome, nmr={"ITALY": "first"})
    templates = MailTemplates()
    for lang, bounce, italy in (("it", "stallo in Kiel", "Italia"), ("en", "bounced in Kiel", "Italy")):
        context = {
            "game": {"id": "g", "name": "G", "press": "white", "timezone": "Europe/Rome"},
            "tag": "[g]", "referee": "r@x", "lang": lang, "player": {"name": "P", "address": "p@x"},
            "power_name": italy, "phase_name": "S1901M", "next_phase_name": "F1901M",
            "deadline": "-", "phase_url": None,
            **results_context(BOARD, report, lang),
        }
        mail = templates.render("results", lang, context)
        assert bounce in mail.body
        assert italy in mail.body
        assert "\n\n\n" not in mail.body
        assert mail.subject.startswith("[g]")


def test_deadlines_are_written_in_the_game_time_zone():
    moment = datetime(2025, 3, 8, 19, 0, tzinfo=UTC)
    assert when(moment, "Europe/Rome", "it") == "sabato 8 marzo 2025 alle 20:00 (Europe/Rome)"
    assert when(moment, "Europe/Rome", "en") == "Saturday 8 March 2025 at 20:00 (Europe/Rome)"


def test_russian_results_mail_says_the_house_orders_in_russian():
    """forum_ru in Russian (issue 19): the treaties announced with who confirmed them, the
    unit the weapon destroyed and the dislodged unit written with Cyrillic А/Ф and Russian
    names, as the Italian and English results do in theirs."""
    from dataclasses import replace

    from arbitro.diplomacy.orders import Confirm, Strike, Support, Treaty
    from arbitro.diplomacy.position import home_territories
    from arbitro.diplomacy.rules import Rules

    board = load_board("forum_ru")
    position = replace(start_position(board), territories=home_territories(board))
    orders = {
        "AUSTRIA": [Move("AUSTRIA", "A", "VIE", "GAL"), Support("AUSTRIA", "A", "BUD", "A", "VIE", "GAL"),
                    Treaty("AUSTRIA", ("RUSSIA", "TURKEY"), "мир")],
        "RUSSIA": [Hold("RUSSIA", "A", "WAR"), Strike("RUSSIA", "GAL", "WAR"), Confirm("RUSSIA", "AUSTRIA")],
        "GERMANY": [Move("GERMANY", "A", "MUN", "BOH")],
    }
    outcome = play(board, position, orders, Rules(ruleset="forum_ru"))
    report = PhaseReport(position.phase, position, outcome)
    context = {
        "game": {"id": "g", "name": "G", "press": "white", "timezone": "Europe/Moscow"},
        "tag": "[g]", "referee": "r@x", "lang": "ru", "player": {"name": "P", "address": "p@x"},
        "power_name": "Россия", "phase_name": "Весна 1901, движение",
        "next_phase_name": "Осень 1901, движение", "deadline": "-", "phase_url": None,
        **results_context(board, report, "ru"),
    }
    body = MailTemplates().render("results", "ru", context).body
    assert "уничтожено: А Галиция (Гал)" in body, body
    assert "ОБЪЯВЛЕННЫЕ ДОГОВОРЫ" in body and "подтвердили: Россия" in body and "не подтвердили: Турция" in body
    assert "ВОЙСКА БЕЗ ПРИКАЗОВ" in body  # Turkey, England... held unordered
    assert " A " not in body and "\n\n\n" not in body, body  # no Latin unit letter
