"""R-ONP-1..5 phase by phase: who gets which default, whose ballots count, the streaks."""

from __future__ import annotations

from arbitro.diplomacy.defaults.escalation import (
    ABANDONED,
    CIVIL_DISORDER,
    FIRST,
    PowerState,
    Standing,
    escalate,
    keeps_home,
    takes_ballots,
)
from arbitro.diplomacy.position import start_position

PLAYING = Standing.PLAYING


def _states(**streaks: int) -> dict[str, PowerState]:
    powers = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
    return {p: PowerState(PLAYING, streaks.get(p, 0)) for p in powers}


def test_R_ONP_1_and_3_a_first_then_a_second_silence(board):
    start = start_position(board)
    everyone_but = set(_states()) - {"FRANCE", "ITALY"}
    esc = escalate(start, _states(ITALY=1), everyone_but)
    assert esc.nmr == {"FRANCE": FIRST, "ITALY": ABANDONED}
    assert esc.first_onp == ("FRANCE",) and esc.abandoned == ("ITALY",)
    assert esc.streaks == {"FRANCE": 1, "ITALY": 2}
    assert esc.ballots == {"ITALY"}  # R-ONP-2: ballots invited after the first, played at the second
    assert esc.own == everyone_but


def test_R_ONP_2_orders_again_reset_the_streak_and_ignore_the_ballots(board):
    esc = escalate(start_position(board), _states(FRANCE=1), set(_states()))
    assert esc.nmr == {} and esc.streaks == {"FRANCE": 0} and esc.ballots == frozenset()


def test_ONPs_count_in_movement_only_and_civil_disorder_votes_in_movement_only(board, make):
    states = {**_states(), "TURKEY": PowerState(Standing.CIVIL_DISORDER, 0)}
    retreat = make("F1901R", {"FRANCE": ["A PAR"]}, dislodged={"TURKEY": {"A BUL": ["CON"]}})
    esc = escalate(retreat, states, set())
    assert esc.nmr == {"TURKEY": CIVIL_DISORDER} and esc.streaks == {} and esc.ballots == frozenset()
    esc = escalate(start_position(board), states, set(states) - {"TURKEY"})
    assert esc.nmr == {"TURKEY": CIVIL_DISORDER} and esc.ballots == {"TURKEY"}


def test_orders_on_file_of_a_power_nobody_plays_are_not_played(board):
    states = {**_states(), "RUSSIA": PowerState(Standing.ABANDONED, 2)}
    esc = escalate(start_position(board), states, {"RUSSIA", "FRANCE"})
    assert esc.own == {"FRANCE"} and esc.nmr["RUSSIA"] == ABANDONED and "RUSSIA" in esc.ballots


def test_a_power_without_units_is_never_silent(board, make):
    pos = make("S1905M", {"FRANCE": ["A PAR"]}, centres={"FRANCE": ["PAR"], "ITALY": ["ROM"]})
    assert "ITALY" not in escalate(pos, _states(), set()).nmr


def test_R_ONP_2_3_5_who_may_be_voted_for():
    assert not takes_ballots(PowerState(PLAYING, 0))
    assert takes_ballots(PowerState(PLAYING, 1))
    assert takes_ballots(PowerState(Standing.CIVIL_DISORDER, 0))
    assert takes_ballots(PowerState(Standing.ABANDONED, 0))
    assert not takes_ballots(PowerState(Standing.ELIMINATED, 3))


def test_R_ONP_4_three_centres_two_at_home(board, make):
    units = {"FRANCE": ["A PAR"]}
    assert keeps_home(board, make("S1903M", units, {"FRANCE": ["PAR", "BRE", "SPA"]}), "FRANCE")
    assert not keeps_home(board, make("S1903M", units, {"FRANCE": ["PAR", "SPA", "POR"]}), "FRANCE")
    assert not keeps_home(board, make("S1903M", units, {"FRANCE": ["PAR", "BRE"]}), "FRANCE")
