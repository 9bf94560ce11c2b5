"""R-ADJU-2 automatic builds, R-ADJU-3 automatic disbands, R-ADJU-1 counts."""

from __future__ import annotations

import dataclasses

from arbitro.diplomacy.defaults import (
    adjustment_count,
    automatic_builds,
    automatic_disbands,
    free_home_centres,
)

ENGLAND_CENTRES = {"ENGLAND": ["EDI", "LON", "LVP", "NWY", "BEL", "HOL"]}


# -- R-ADJU-2: the seed's three English examples -------------------------------------


def test_R_ADJU_2_seed_only_london_free(board, make, fmt):
    # Two builds due, Edinburgh and Liverpool occupied: a fleet in London and nothing else.
    pos = make("W1903A", {"ENGLAND": ["A EDI", "F LVP", "F NTH", "A NWY"]}, ENGLAND_CENTRES)
    assert adjustment_count(board, pos, "ENGLAND") == 1  # capped by the free home SCs
    assert fmt(automatic_builds(board, pos, "ENGLAND", 2)) == ["F LON B"]


def test_R_ADJU_2_seed_edinburgh_and_liverpool_free(board, make, fmt):
    pos = make("W1903A", {"ENGLAND": ["F LON", "F NTH", "A NWY", "A BEL"]}, ENGLAND_CENTRES)
    assert adjustment_count(board, pos, "ENGLAND") == 2
    assert fmt(automatic_builds(board, pos, "ENGLAND", 2)) == ["F EDI B", "A LVP B"]


def test_R_ADJU_2_seed_all_three_free(board, make, fmt):
    pos = make("W1903A", {"ENGLAND": ["F NTH", "A NWY", "A BEL", "F ENG"]}, ENGLAND_CENTRES)
    assert adjustment_count(board, pos, "ENGLAND") == 2
    assert fmt(automatic_builds(board, pos, "ENGLAND", 2)) == ["F EDI B", "F LON B"]


# -- R-ADJU-2: details ---------------------------------------------------------------


def test_R_ADJU_2_start_unit_keeps_its_coast(board, make, fmt):
    pos = make(
        "W1902A",
        {"RUSSIA": ["A MOS", "A WAR", "F SEV"]},
        {"RUSSIA": ["MOS", "SEV", "STP", "WAR", "RUM"]},
    )
    assert fmt(automatic_builds(board, pos, "RUSSIA", 2)) == ["F STP/SC B"]


def test_R_ADJU_1_no_build_on_a_home_centre_owned_or_held_by_another(board, make, fmt):
    # London belongs to France; Edinburgh is English but a German fleet stands there.
    pos = make(
        "W1905A",
        {"ENGLAND": ["F NTH"], "GERMANY": ["F EDI"], "FRANCE": ["F ENG"]},
        {"ENGLAND": ["EDI", "LVP", "NWY"], "FRANCE": ["LON"]},
    )
    assert free_home_centres(board, pos, "ENGLAND") == ["LVP"]
    assert fmt(automatic_builds(board, pos, "ENGLAND", 2)) == ["A LVP B"]


def test_R_ADJU_1_no_home_centre_no_build(board, make):
    pos = make("W1905A", {"ENGLAND": ["F NTH"]}, {"ENGLAND": ["NWY", "SWE", "DEN"]})
    assert adjustment_count(board, pos, "ENGLAND") == 0
    assert automatic_builds(board, pos, "ENGLAND", 2) == []


def test_R_ADJU_2_home_centre_without_a_start_unit(board, make, fmt):
    # A variant may give a power a home SC with no unit on it at the start: an army
    # where an army can stand (interpretation, docs/RULE_CHOICES.md).
    england = board.powers["ENGLAND"]
    lean = dataclasses.replace(
        england, start_units=tuple(u for u in england.start_units if u[1] != "LVP")
    )
    variant = dataclasses.replace(board, powers={**board.powers, "ENGLAND": lean})
    pos = make("W1903A", {"ENGLAND": ["F NTH"]}, {"ENGLAND": ["LVP", "NWY"]})
    assert fmt(automatic_builds(variant, pos, "ENGLAND", 1)) == ["A LVP B"]


# -- R-ADJU-3: one test per step, only that step decides -----------------------------


def test_R_ADJU_3_step1_farthest_from_home_centres(board, make, fmt):
    # A WAR is two steps from Berlin (via Prussia/Silesia): on an SC, an army and last
    # alphabetically, it still goes first. F BAL is one step from Berlin and Kiel.
    pos = make("W1904A", {"GERMANY": ["F BAL", "A WAR"]}, {"GERMANY": ["BER"]})
    assert fmt(automatic_disbands(board, pos, "GERMANY", 1)) == ["A WAR D"]


def test_R_ADJU_3_step2_not_on_a_centre(board, make, fmt):
    # Both one step from home SCs; F DEN is a fleet and first alphabetically, but it
    # stands on an SC: A SIL goes.
    pos = make("W1904A", {"GERMANY": ["F DEN", "A SIL"]}, {"GERMANY": ["BER"]})
    assert fmt(automatic_disbands(board, pos, "GERMANY", 1)) == ["A SIL D"]


def test_R_ADJU_3_step3_fleet_before_army(board, make, fmt):
    # Both one step from home SCs, neither on an SC; BOH comes first, HEL is a fleet.
    pos = make("W1904A", {"GERMANY": ["A BOH", "F HEL"]}, {"GERMANY": ["BER"]})
    assert fmt(automatic_disbands(board, pos, "GERMANY", 1)) == ["F HEL D"]


def test_R_ADJU_3_step4_first_province_code(board, make, fmt):
    pos = make("W1904A", {"GERMANY": ["A TYR", "A BOH"]}, {"GERMANY": ["BER"]})
    assert fmt(automatic_disbands(board, pos, "GERMANY", 1)) == ["A BOH D"]


def test_R_ADJU_3_several_disbands_in_rank_order(board, make, fmt):
    # Germany owns 2 SCs and has 5 units: 3 go. Distances from BER/KIE/MUN:
    # A PAR 2 (Burgundy), F NAO 4, A SIL 1, F KIE 0, A TYR 1. Ranking: NAO (4), PAR (2),
    # then SIL and TYR tie at 1, both armies off SC: SIL first alphabetically.
    pos = make(
        "W1906A",
        {"GERMANY": ["A PAR", "F NAO", "A SIL", "F KIE", "A TYR"]},
        {"GERMANY": ["KIE", "PAR"]},
    )
    assert adjustment_count(board, pos, "GERMANY") == -3
    assert fmt(automatic_disbands(board, pos, "GERMANY", 3)) == ["F NAO D", "A PAR D", "A SIL D"]


def test_R_ADJU_3_distance_from_original_centres_even_if_lost(board, make, fmt):
    # Germany lost Munich: A MUN still counts as at home (0); A HOL is one step away.
    pos = make(
        "W1906A",
        {"GERMANY": ["A MUN", "A HOL"], "FRANCE": ["A BUR"]},
        {"GERMANY": ["HOL"], "FRANCE": ["MUN"]},
    )
    assert fmt(automatic_disbands(board, pos, "GERMANY", 1)) == ["A HOL D"]
