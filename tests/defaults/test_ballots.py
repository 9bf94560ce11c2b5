"""R-ONP-3 / R-ONP-5 majority orders from the other players' ballots."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.defaults import majority_orders, tally_ballots
from arbitro.diplomacy.orders import Hold, Move, Retreat, Support, format_order
from arbitro.diplomacy.outcome import Source
from arbitro.diplomacy.position import Unit, make_position, start_position


@pytest.fixture
def spring(board):
    return start_position(board)  # Italy: F NAP, A ROM, A VEN


def _shown(pairs):
    return [(format_order(o), s.value) for o, s in pairs]


def test_R_ONP_3_no_ballots_every_unit_holds(board, spring):
    assert _shown(majority_orders(board, spring, "ITALY", {})) == [
        ("F NAP H", "default"),
        ("A ROM H", "default"),
        ("A VEN H", "default"),
    ]


def test_R_ONP_3_most_voted_order_is_executed(board, spring):
    ballots = {
        "FRANCE": [Move("FRANCE", "A", "ROM", "APU"), Move("FRANCE", "A", "VEN", "TYR")],
        "GERMANY": [Move("GERMANY", None, "ROM", "APU")],  # kind left out: same vote
        "AUSTRIA": [Hold("AUSTRIA", "A", "ROM"), Hold("AUSTRIA", "F", "NAP")],
    }
    assert _shown(majority_orders(board, spring, "ITALY", ballots)) == [
        ("F NAP H", "ballot"),  # one vote, no rival: a voted hold
        ("A ROM - APU", "ballot"),  # 2 votes to 1
        ("A VEN - TYR", "ballot"),
    ]


def test_R_ONP_3_tie_means_hold(board, spring):
    ballots = {
        "FRANCE": [Move("FRANCE", "A", "ROM", "APU")],
        "GERMANY": [Move("GERMANY", "A", "ROM", "TUS")],
        "AUSTRIA": [Move("AUSTRIA", "A", "VEN", "TYR")],
        "TURKEY": [Move("TURKEY", "A", "VEN", "PIE")],
        "RUSSIA": [Move("RUSSIA", "A", "VEN", "TYR")],
    }
    shown = dict(_shown(majority_orders(board, spring, "ITALY", ballots)))
    assert shown["A ROM H"] == "default"  # 1 to 1
    assert shown["A VEN - TYR"] == "ballot"  # 2 to 1


def test_R_ONP_3_ballot_of_the_power_itself_is_ignored(board, spring):
    # Counted, Italy's own vote would tie Rome 1-1 and make it hold.
    ballots = {
        "ITALY": [Move("ITALY", "A", "ROM", "TUS")],
        "FRANCE": [Move("FRANCE", "A", "ROM", "APU")],
    }
    result = majority_orders(board, spring, "ITALY", ballots)
    assert (Move("ITALY", "A", "ROM", "APU"), Source.BALLOT) in result
    tally = tally_ballots(board, spring, "ITALY", ballots)
    assert [(d.voter, d.reason) for d in tally.discarded] == [("ITALY", "own_ballot")]


def test_R_ONP_3_votes_for_units_that_do_not_exist_or_are_not_the_powers(board, spring):
    ballots = {
        # no unit in Apulia; a fleet named where an army stands; France's own army
        "FRANCE": [Move("FRANCE", "A", "APU", "NAP"), Move("FRANCE", "F", "ROM", "TYS")],
        "GERMANY": [Move("GERMANY", "A", "MAR", "PIE"), Move("GERMANY", "A", "ROM", "TUS")],
    }
    result = majority_orders(board, spring, "ITALY", ballots)
    assert [u.location for u, _ in result] == ["NAP", "ROM", "VEN"]  # only Italy's units
    assert (Move("ITALY", "A", "ROM", "TUS"), Source.BALLOT) in result
    reasons = sorted(d.reason for d in tally_ballots(board, spring, "ITALY", ballots).discarded)
    assert reasons == ["no_unit", "wrong_kind", "wrong_power"]


def test_R_ONP_3_illegal_ballot_orders_are_void_and_not_counted(board, spring):
    # Two illegal votes (Budapest is inland and not adjacent to Rome; Naples' fleet
    # cannot reach Tuscany to support there) would outnumber the single legal vote.
    ballots = {
        "AUSTRIA": [
            Move("AUSTRIA", "A", "ROM", "BUD"),
            Support("AUSTRIA", "F", "NAP", "A", "ROM", "TUS"),
        ],
        "RUSSIA": [
            Move("RUSSIA", "A", "ROM", "BUD"),
            Support("RUSSIA", "F", "NAP", "A", "ROM", "TUS"),
        ],
        "FRANCE": [Move("FRANCE", "A", "ROM", "APU"), Hold("FRANCE", "F", "NAP")],
        "TURKEY": [Retreat("TURKEY", "A", "VEN", "TYR")],  # not a movement order
    }
    result = majority_orders(board, spring, "ITALY", ballots)
    assert _shown(result) == [
        ("F NAP H", "ballot"),
        ("A ROM - APU", "ballot"),
        ("A VEN H", "default"),
    ]
    discarded = tally_ballots(board, spring, "ITALY", ballots).discarded
    assert sorted(d.reason for d in discarded) == [
        "not_adjacent",
        "not_adjacent",
        "support_unreachable",
        "support_unreachable",
        "wrong_phase",
    ]


def test_R_ONP_3_convoy_moves_count_together_with_or_without_via(board, spring):
    ballots = {
        "FRANCE": [Move("FRANCE", "A", "ROM", "TUN")],
        "GERMANY": [Move("GERMANY", "A", "ROM", "TUN", via_convoy=True)],
        "AUSTRIA": [Move("AUSTRIA", "A", "ROM", "APU")],
    }
    result = majority_orders(board, spring, "ITALY", ballots)
    assert (Move("ITALY", "A", "ROM", "TUN", via_convoy=True), Source.BALLOT) in result


def test_R_ONP_3_one_vote_per_voter_per_unit_the_last_counts(board, spring):
    ballots = {
        "FRANCE": [Move("FRANCE", "A", "ROM", "TUS"), Move("FRANCE", "A", "ROM", "APU")],
        "GERMANY": [Move("GERMANY", "A", "ROM", "TUS")],
        "AUSTRIA": [Move("AUSTRIA", "A", "ROM", "APU")],
    }
    # France's TUS is replaced by its APU: APU 2, TUS 1.
    result = majority_orders(board, spring, "ITALY", ballots)
    assert (Move("ITALY", "A", "ROM", "APU"), Source.BALLOT) in result
    discarded = tally_ballots(board, spring, "ITALY", ballots).discarded
    assert [(d.voter, d.reason) for d in discarded] == [("FRANCE", "superseded")]


def test_R_ONP_3_fleet_coast_inferred_only_when_allowed(board, spring):
    # A fleet in the Black Sea reaches only Bulgaria's east coast (R-ORD-5).
    pos = make_position(
        "F1902M",
        [Unit("TURKEY", "F", "BLA"), Unit("TURKEY", "A", "CON")],
        {"CON": "TURKEY", "ANK": "TURKEY", "SMY": "TURKEY"},
    )
    ballots = {
        "RUSSIA": [Move("RUSSIA", "F", "BLA", "BUL")],
        "AUSTRIA": [Move("AUSTRIA", "F", "BLA", "BUL/EC")],
        "ITALY": [Move("ITALY", "F", "BLA", "ANK")],
    }
    inferred = majority_orders(board, pos, "TURKEY", ballots)
    assert (Move("TURKEY", "F", "BLA", "BUL/EC"), Source.BALLOT) in inferred
    strict = majority_orders(board, pos, "TURKEY", ballots, infer_single_coast=False)
    assert (Hold("TURKEY", "F", "BLA"), Source.DEFAULT) in strict  # 1 to 1 once void
