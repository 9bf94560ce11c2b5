"""Quoted history in every common client's style is never read as orders (issue 14, #7).

A reply carries the earlier mail: with ">" marks (Gmail, Apple Mail, Thunderbird) or
pasted below a header block without them (Outlook, Yahoo, Android). The orders read
are the new ones only; every line of the earlier mail is reported ignored.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from client_replies import STYLES, outlook_html, reply

from arbitro.diplomacy.orders import ENGLISH, format_order
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import IGNORED
from arbitro.mail.mime.history import QUOTED, REPLY_HEADER, SIGNATURE, TEXT, line_kinds, mail_lines
from arbitro.mail.mime.html_text import html_to_text
from arbitro.variants import load_board

BOARD = load_board("standard")
REPO = Path(__file__).resolve().parents[2]
NEW_IT = "Ciao arbitro, ecco i miei ordini:\nA Par - Bor\nA Mar - Spa\nF Bre - MAN\nGrazie, Luigi"
OLD_IT = "Ordini Francia primavera 1901\nA Par - Pic\nA Mar XXX\nF Bre - MAT\nCiao"
NEW_EN = "Hi, my orders:\nA Par - Bur\nA Mar - Spa\nF Bre - Eng\nThanks"
OLD_EN = "France, Spring 1901\nA Par - Pic\nA Mar H\nF Bre - Mao\nCheers"
WANTED = ["A PAR - BUR", "A MAR - SPA", "F BRE - ENG"]


@pytest.mark.parametrize("style", STYLES)
def test_the_earlier_mail_is_ignored_whatever_the_client(style: str) -> None:
    lang = "en" if style.endswith("_en") else "it"
    new, old = (NEW_EN, OLD_EN) if lang == "en" else (NEW_IT, OLD_IT)
    body = reply(style, new, old)
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), lang=lang, classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == WANTED
    history = [r for r in report.lines if "Pic" in r.text or "Mao" in r.text or "MAT" in r.text]
    assert len(history) == 2  # "A Par - Pic" and "F Bre - MA*": seen, and ignored
    assert all(r.status == IGNORED and r.code in ("quoted", "reply_header") for r in history)
    # no line of the earlier mail is judged (not even "void: superseded")
    first_old = body.index(old.split("\n")[1])
    old_line = body[:first_old].count("\n") + 1
    assert all(r.status == IGNORED for r in report.lines if r.line >= old_line)


def test_an_outlook_html_reply_ignores_the_pasted_mail() -> None:
    body = html_to_text(outlook_html(["A Par - Bur", "A Mar - Spa", "F Bre - MAN"], ["A Par - Pic", "A Mar XXX"]))
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == WANTED
    assert [r.code for r in report.lines if "Pic" in r.text] == ["quoted"]


def test_reply_header_kinds_line_by_line() -> None:
    body = "A Par - Bur\n\nIl giorno lun 7 dic 2026 alle ore 10:00 Mario Rossi <m@x.it>\nha scritto:\nA Par - Pic\n"
    assert [(m.number, m.kind) for m in mail_lines(body)] == [
        (1, TEXT), (3, REPLY_HEADER), (4, REPLY_HEADER), (5, QUOTED)]


def test_quotes_with_answers_between_them_keep_the_answers() -> None:
    body = ("On Mon, Dec 7, 2026 at 10:00 AM GM <gm@x.org> wrote:\n> France, your Paris army?\n"
            "A Par - Bur\n> And Brest?\nF Bre - MAN\n-- \nLuigi")
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), lang="en", classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A PAR - BUR", "F BRE - ENG"]


def test_a_rule_under_a_header_is_not_a_signature_when_orders_follow() -> None:
    body = "ORDINI FRANCIA\n==============\nA Par - Bur\n--------------\nA Mar - Spa\n______\nLuigi\nA Par - Gas ;)"
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A PAR - BUR", "A MAR - SPA"]
    assert [r.code for r in report.lines if r.text == "Luigi"] == ["signature"]


def test_phone_taglines_are_signatures_not_text() -> None:
    for line in ("Inviato da iPhone", "Sent from my iPhone", "Inviato dal mio smartphone Samsung Galaxy.",
                 "Get Outlook for Android", "Scarica Outlook per Android"):
        kinds = [m.kind for m in mail_lines(f"A Par - Bur\n\n{line}\n")]
        assert kinds == [TEXT, SIGNATURE], line


def test_a_sentence_ending_in_ha_scritto_does_not_hide_the_orders_below() -> None:
    body = "Come Mario ha scritto:\nA Par - Bur\nA Mar - Spa"
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A PAR - BUR", "A MAR - SPA"]


def test_arbitro_parse_ignores_outlook_history() -> None:
    body = reply("outlook_mac_it", NEW_IT, OLD_IT)
    proc = subprocess.run(
        [sys.executable, "-m", "arbitro", "parse", "--variant", "standard", "--power", "FRANCE", "--lang", "it"],
        input=body.encode(), capture_output=True, cwd=REPO, timeout=60, check=True,
    )
    out = json.loads(proc.stdout)
    assert out["orders"] == WANTED
    pasted = [x for x in out["lines"] if x["text"] in ("A Par - Pic", "F Bre - MAT")]
    assert [x["status"] for x in pasted] == ["ignored", "ignored"]


def test_a_letter_heading_on_top_is_not_history() -> None:
    body = "Da: Francia\nA: Arbitro\nOggetto: ordini di primavera\n\nA Par - Bur\nA Mar - Spa"
    report = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in report.orders] == ["A PAR - BUR", "A MAR - SPA"]


def test_the_reader_reads_every_line_unless_the_mail_layer_classifies() -> None:
    # The single orders of the command-line contract need no classification; a mail does.
    body = "A Par - Bur\n-- \nA Mar - Spa\n"
    plain = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD))
    assert [format_order(o, ENGLISH) for o in plain.orders] == ["A PAR - BUR", "A MAR - SPA"]
    mail = parse_orders(BOARD, body, power="FRANCE", position=start_position(BOARD), classify=line_kinds)
    assert [format_order(o, ENGLISH) for o in mail.orders] == ["A PAR - BUR"]
    assert [(r.line, r.code) for r in mail.lines if r.status == IGNORED] == [(2, "signature"), (3, "signature")]
