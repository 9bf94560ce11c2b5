"""The fast path for orders written exactly in the notation reads what the general one does.

``arbitro adjudicate`` reads most orders through ``notation._exact`` (issue 14, speed);
every legal order of several positions, and misspellings of them, must come out as the
general tokenizer reads them (a leading space sends a text down the general path).
"""

from __future__ import annotations

import random

from arbitro.diplomacy.legal_orders import legal_orders, random_orders
from arbitro.diplomacy.notation import _exact, read_order
from arbitro.diplomacy.orders import format_order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import start_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

BOARD = load_board("standard")


def _positions(n: int = 6):
    rng = random.Random(14)
    pos = start_position(BOARD)
    out = [pos]
    while len(out) < n:
        pos = play(BOARD, pos, random_orders(BOARD, pos, rng), Rules(defaults="standard")).next
        if pos.phase.kind == "M":
            out.append(pos)
    return out


def test_exact_reads_every_legal_order_as_the_general_reader():
    texts = set()
    for pos in _positions():
        for unit in pos.units:
            for order in legal_orders(BOARD, pos, unit):
                texts.add((order.power, format_order(order)))
    texts |= {("FRANCE", t) for t in ("A PAR D", "A PAR B", "F BRE R GAS", "A PAR S A MAR H", "WAIVE")}
    read = 0
    for power, text in sorted(texts):
        general = read_order(BOARD, power, " " + text)
        assert read_order(BOARD, power, text) == general, text
        read += _exact(BOARD, power, text) is not None
    assert read >= len(texts) - 1  # all but WAIVE take the fast path


def test_exact_leaves_anything_else_to_the_general_reader():
    for text in ("a par - bur", "A PAR -> BUR", "A PAR  - BUR", "A PAR - BUR VIA CONVOY", "A STP/XX - MOS",
                 "A PAR - GRE/SC", "A PAR S PAR - BUR", "Build A PAR", "F NTH C LON - NWY", "A PAR - BUR X"):
        assert _exact(BOARD, "FRANCE", text) is None, text
