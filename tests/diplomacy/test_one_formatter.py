"""One order formatter, driven by a table of notation words (issue 15): DATC, English and
Italian differ only in their words, and no second formatter remains."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import arbitro
from arbitro.diplomacy.orders import DATC, ENGLISH, ITALIAN, Hold, Support, format_order
from arbitro.variants import load_board

BOARD = load_board("standard")
PACKAGE = Path(arbitro.__file__).parent


def test_the_notations_differ_only_in_their_words():
    hold = Support("FRANCE", "A", "MAR", "A", "PAR", None)
    assert format_order(hold) == "A MAR S A PAR"  # DATC, the stored form
    assert format_order(hold, ENGLISH) == "A MAR S A PAR H"  # R-ORD-4: said as meant
    assert format_order(hold, ITALIAN, BOARD) == "A Mar APP A Par XXX"
    unkinded = Hold("FRANCE", None, "PAR")
    assert [format_order(unkinded, n, BOARD) for n in (DATC, ENGLISH, ITALIAN)] == ["? PAR H", "PAR H", "Par XXX"]


def test_no_second_order_formatter():
    assert importlib.util.find_spec("arbitro.diplomacy.notation_it") is None
    assert importlib.util.find_spec("arbitro.diplomacy.parse") is None  # now the reading package
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name in ("format_it", "format_en", "format_order_in"):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert not found, found
