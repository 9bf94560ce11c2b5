"""Every order line of the jDip DATC file (long and misspelt names) reads as the
godip file's line for the same case (3-letter codes), on the case's position."""

from __future__ import annotations

import re

import pytest
from datc_files import DATC_DIR, position_of, read_cases

from arbitro.diplomacy.reading.lines import parse_orders
from arbitro.diplomacy.reading.reports import IGNORED
from arbitro.variants import load_board

BOARD = load_board("standard")
JDIP = DATC_DIR / "jdip_datc_v2.4_06.txt"
GODIP = DATC_DIR / "godip_datc_v2.4_06.txt"

pytestmark = pytest.mark.skipif(not (JDIP.exists() and GODIP.exists()), reason="../shared/datc not present")

# What "understood" means: never one of these, whatever the board says of the order.
_NOT_UNDERSTOOD = {"unknown_word", "unknown_province", "incomplete", "extra_text", "ambiguous", "missing_dash", "text"}


def _pairs() -> list[tuple[str, int]]:
    if not (JDIP.exists() and GODIP.exists()):
        return []
    godip = read_cases(GODIP)
    return [(cid, len(case.orders)) for cid, case in godip.items() if case.orders]


@pytest.fixture(scope="module")
def files():  # type: ignore[no-untyped-def]
    return read_cases(JDIP), read_cases(GODIP)


def _read(text: str, position):  # type: ignore[no-untyped-def]
    # DATC is checked with the standard rules: "S A ber" is a support to hold.
    return parse_orders(BOARD, text, position=position, strict_support=False, lang="en").lines


@pytest.mark.parametrize("case_id", [cid for cid, _ in _pairs()])
def test_jdip_order_lines_read_as_godip_lines(files, case_id: str) -> None:  # type: ignore[no-untyped-def]
    jdip, godip = files
    g, j = godip[case_id], jdip[case_id]
    assert len(j.orders) == len(g.orders)
    position = position_of(BOARD, g)
    for (jpower, jtext), (gpower, gtext) in zip(j.orders, g.orders):
        jr = _read(f"{jpower}: {jtext}", position)
        gr = _read(f"{gpower}: {gtext}", position)
        assert len(jr) == 1 and len(gr) == 1, (jtext, jr, gr)
        assert jr[0].status != IGNORED and jr[0].code not in _NOT_UNDERSTOOD, (jtext, jr[0])
        assert (jr[0].status, jr[0].order) == (gr[0].status, gr[0].order), (jtext, gtext, jr[0], gr[0])
        assert jr[0].order is not None and jr[0].order.power == gpower.upper().replace("GERMNAY", "GERMANY")
        # independent of the parser: the godip line's codes are the reading's provinces
        written = {BOARD.code_for(w) for w in re.findall(r"\b[a-z]{3}\b", gtext.lower()) if BOARD.code_for(w)}
        assert written == _provinces(jr[0].order), (gtext, jr[0].order)


def _provinces(order) -> set[str]:  # type: ignore[no-untyped-def]
    out = set()
    for field in ("location", "supported", "army", "destination"):
        value = getattr(order, field, None)
        if value:
            out.add(value.split("/")[0])
    return out


def test_all_cases_are_compared() -> None:
    pairs = _pairs()
    assert len(pairs) >= 150 and sum(n for _, n in pairs) >= 600
