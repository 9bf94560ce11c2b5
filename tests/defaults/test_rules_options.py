"""`Rules`: R-ORD-5's coast and R-ORD-4's strict support follow `defaults` (play())."""

from __future__ import annotations

from arbitro.diplomacy.orders import Move
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.rules import Rules


def _fleet_after(board, make, rules):
    pos = make("F1901M", {"TURKEY": ["F BLA"]})
    out = play(board, pos, {"TURKEY": [Move("TURKEY", "F", "BLA", "BUL")]}, rules)
    (result,) = out.results
    return [str(u) for u in out.next.units], result


def test_R_ORD_5_italian_rules_hold_a_coastless_fleet_move(board, make):
    for rules in (Rules(), Rules(defaults="italian")):
        units, result = _fleet_after(board, make, rules)
        assert units == ["F BLA"]
        assert result.reason == "coast_needed"


def test_R_ORD_5_standard_rules_infer_the_reachable_coast(board, make):
    units, _ = _fleet_after(board, make, Rules(defaults="standard"))
    assert units == ["F BUL/EC"]


def test_rule_flags_follow_defaults_unless_given():
    assert (Rules().coast_inferred, Rules().support_strict) == (False, True)
    standard = Rules(defaults="standard")
    assert (standard.coast_inferred, standard.support_strict) == (True, False)
    assert Rules(infer_single_coast=True).coast_inferred
    assert not Rules(defaults="standard", strict_support=False).support_strict
