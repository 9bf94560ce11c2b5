"""Hostile sizes: a line of orders no player writes is refused quickly, with a reason."""

import time

from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.reading.lines import MAX_LINE, parse_orders
from arbitro.diplomacy.reading.reports import VOID
from arbitro.variants import load_board
from arbitro.words.lines import line_message


def test_a_100_kb_line_is_refused_unread_and_fast():
    board = load_board("standard")
    text = "A Par - Bur " * 8000
    began = time.monotonic()
    report = parse_orders(board, text, power="FRANCE", position=start_position(board), lang="it")
    assert time.monotonic() - began < 1
    (line,) = report.lines
    assert line.status == VOID and line.code == "line_too_long"
    message = line_message(board, line, report.lang)
    assert str(len(text.strip())) in message or str(len(text)) in message
    assert len(line.text) < 100


def test_a_long_but_plausible_line_is_still_read():
    board = load_board("standard")
    line = "; ".join(["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"] * 20)
    assert len(line) < MAX_LINE
    report = parse_orders(board, line, power="FRANCE", position=start_position(board))
    assert len(report.orders) == 3
