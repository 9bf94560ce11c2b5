"""The phase sequence (R-SEQ), centre ownership, skipping and victory (R-END-1)."""

import pytest

from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.phases import adjustment_counts, play
from arbitro.diplomacy.position import Unit, make_position, start_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

STANDARD = Rules(defaults="standard")


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def orders(board, **by_power):
    return {p.upper(): [read_order(board, p.upper(), t) for t in texts] for p, texts in by_power.items()}


def test_r_seq_spring_without_dislodgement_skips_to_autumn(board):
    out = play(board, start_position(board), orders(board, france=["A PAR - BUR"]), STANDARD)
    assert str(out.next.phase) == "F1901M"
    assert out.next.centres == start_position(board).centres  # no change in spring


def test_r_seq_centres_change_only_after_autumn(board):
    spring = make_position("S1901M", [Unit("FRANCE", "A", "BUR")], {"PAR": "FRANCE"})
    out = play(board, spring, orders(board, france=["A BUR - BEL"]), STANDARD)
    assert "BEL" not in out.next.centres
    autumn = make_position("F1901M", [Unit("FRANCE", "A", "BUR")], {"PAR": "FRANCE"})
    out = play(board, autumn, orders(board, france=["A BUR - BEL"]), STANDARD)
    assert out.next.centres["BEL"] == "FRANCE"
    # one unit, two centres, one free home centre: a winter with one build
    assert str(out.next.phase) == "W1901A" and out.adjustments == {"FRANCE": 1}


def test_r_seq_empty_winter_is_skipped(board):
    autumn = make_position("F1901M", [Unit("FRANCE", "A", "PAR")], {"PAR": "FRANCE"})
    out = play(board, autumn, {}, STANDARD)
    assert str(out.next.phase) == "S1902M"


def test_r_adju_1_no_build_without_a_free_home_centre(board):
    # France owns PAR and BEL, stands in PAR: PAR is occupied, no other home centre owned.
    pos = make_position("W1901A", [Unit("FRANCE", "A", "PAR")], {"PAR": "FRANCE", "BEL": "FRANCE"})
    assert adjustment_counts(board, pos) == {}


def test_r_seq_retreat_phase_then_centres(board):
    pos = make_position(
        "F1901M",
        [Unit("GERMANY", "A", "MUN"), Unit("GERMANY", "A", "RUH"), Unit("FRANCE", "A", "BUR")],
        {"MUN": "GERMANY"},
    )
    out = play(board, pos, orders(board, germany=["A MUN - BUR", "A RUH S A MUN - BUR"]), STANDARD)
    assert str(out.next.phase) == "F1901R"
    (d,) = out.next.dislodged
    assert d.unit == Unit("FRANCE", "A", "BUR")
    assert "MUN" not in d.retreats  # the attacker's origin is not a legal retreat
    assert set(d.retreats) == {"BEL", "GAS", "MAR", "PAR", "PIC"}
    out2 = play(board, out.next, orders(board, france=["A BUR R PAR"]), STANDARD)
    assert Unit("FRANCE", "A", "PAR") in out2.after.units
    assert out2.next.centres["PAR"] == "FRANCE"


def test_r_ret_1_unit_with_no_retreat_is_lost_and_phase_skipped(board):
    pos = make_position(
        "S1901M",
        [Unit("ITALY", "F", "ION"), Unit("ITALY", "F", "TYS"), Unit("TURKEY", "F", "TUN"),
         Unit("ITALY", "A", "NAF"), Unit("ITALY", "F", "WES")],
        {},
    )
    out = play(board, pos, orders(board, italy=["F ION - TUN", "F TYS S F ION - TUN"]), STANDARD)
    (d,) = out.after.dislodged
    assert d.retreats == ()
    assert str(out.next.phase) == "F1901M"
    assert Unit("TURKEY", "F", "TUN") not in out.next.units


def test_r_end_1_victory_after_autumn(board):
    centres = {c: "FRANCE" for c in sorted(board.supply_centres - {"BEL"})[:17]}
    pos = make_position("F1905M", [Unit("FRANCE", "A", "BUR")], centres)
    assert "BEL" not in centres and len(centres) == 17
    out = play(board, pos, orders(board, france=["A BUR - BEL"]), STANDARD)
    assert out.winner == "FRANCE"
    spring = make_position("S1906M", [Unit("FRANCE", "A", "BUR")], centres)
    assert play(board, spring, orders(board, france=["A BUR - BEL"]), STANDARD).winner is None
