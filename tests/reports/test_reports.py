"""Mail templates and the results context: both languages, real outcomes, no gaps."""

from __future__ import annotations

from datetime import UTC, datetime

from arbitro.game.orders import Hold, Move
from arbitro.game.phases import play
from arbitro.game.position import start_position
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
    for lang, bounce, italy in (("it", "rimbalzo in Kiel", "Italia"), ("en", "bounced in Kiel", "Italy")):
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
