"""default_orders: what the referee gives a silent power, by phase, reason and option."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.defaults import default_orders
from arbitro.diplomacy.orders import Disband, Hold, Move, format_order
from arbitro.diplomacy.outcome import Source
from arbitro.diplomacy.position import NEUTRAL, Dislodged, Unit, make_position, start_position


def _shown(pairs):
    return [(format_order(o), s.value) for o, s in pairs]


@pytest.fixture
def retreat(make):
    return make(
        "F1903R",
        {"FRANCE": ["A BUR", "A BEL"], "GERMANY": ["A MUN"]},
        dislodged={"GERMANY": {"A BUR": ["GAS", "RUH"], "A BEL": []}},
    )


@pytest.fixture
def winter_builds(make):
    units = {"ENGLAND": ["F NTH", "A NWY", "A BEL", "F ENG"]}
    return make("W1903A", units, {"ENGLAND": ["EDI", "LON", "LVP", "NWY", "BEL", "HOL"]})


@pytest.fixture
def winter_disbands(make):
    return make(
        "W1906A", {"GERMANY": ["A PAR", "F NAO", "A SIL", "F KIE"]}, {"GERMANY": ["KIE", "PAR"]}
    )


# -- movement -----------------------------------------------------------------------


def test_movement_missing_adds_nothing(board):
    assert default_orders(board, start_position(board), "GERMANY", "missing") == []


def test_R_ONP_1_movement_first_gives_mutual_supports(board):
    got = default_orders(board, start_position(board), "GERMANY", "first")
    assert _shown(got) == [
        ("A BER S A MUN", "default"),
        ("F KIE S A BER", "default"),
        ("A MUN S F KIE", "default"),
    ]


@pytest.mark.parametrize("reason", ["abandoned", "civil_disorder"])
def test_R_ONP_3_R_ONP_5_movement_majority_orders(board, reason):
    ballots = {
        "FRANCE": [Move("FRANCE", "A", "MUN", "RUH")],
        "GERMANY": [Hold("GERMANY", "A", "MUN")],
    }
    got = default_orders(board, start_position(board), "GERMANY", reason, "italian", ballots)
    assert (Move("GERMANY", "A", "MUN", "RUH"), Source.BALLOT) in got  # Germany's own vote ignored
    assert (Hold("GERMANY", "A", "BER"), Source.DEFAULT) in got


# -- retreats -----------------------------------------------------------------------


@pytest.mark.parametrize("reason", ["missing", "first", "abandoned"])
def test_R_RET_3_italian_retreat_defaults(board, retreat, reason):
    assert _shown(default_orders(board, retreat, "GERMANY", reason, "italian")) == [
        ("A BUR R RUH", "default")
    ]


def test_standard_retreat_defaults_to_nothing(board, retreat):
    assert default_orders(board, retreat, "GERMANY", "missing", "standard") == []


@pytest.mark.parametrize("defaults", ["italian", "standard"])
def test_R_ONP_5_civil_disorder_retreat_disbands_all(board, retreat, defaults):
    assert _shown(default_orders(board, retreat, "GERMANY", "civil_disorder", defaults)) == [
        ("A BEL D", "default"),
        ("A BUR D", "default"),
    ]


# -- winter -------------------------------------------------------------------------


def test_R_ADJU_2_italian_builds(board, winter_builds):
    assert _shown(default_orders(board, winter_builds, "ENGLAND", "missing")) == [
        ("F EDI B", "default"),
        ("F LON B", "default"),
    ]


def test_R_ADJU_3_italian_disbands(board, winter_disbands):
    assert _shown(default_orders(board, winter_disbands, "GERMANY", "missing")) == [
        ("F NAO D", "default"),
        ("A PAR D", "default"),
    ]


def test_standard_winter_defaults_to_nothing(board, winter_builds, winter_disbands):
    assert default_orders(board, winter_builds, "ENGLAND", "missing", "standard") == []
    assert default_orders(board, winter_disbands, "GERMANY", "missing", "standard") == []


def test_R_ONP_5_civil_disorder_never_builds_but_disbands(board, winter_builds, winter_disbands):
    assert default_orders(board, winter_builds, "ENGLAND", "civil_disorder") == []
    assert _shown(default_orders(board, winter_disbands, "GERMANY", "civil_disorder")) == [
        ("F NAO D", "default"),
        ("A PAR D", "default"),
    ]


def test_winter_nothing_due(board):
    pos = make_position("W1901A", start_position(board).units, start_position(board).centres)
    assert default_orders(board, pos, "FRANCE", "missing") == []


# -- neutral units and bad input -----------------------------------------------------


def test_R_IMP_3_neutral_units_hold_and_are_destroyed_when_dislodged(board):
    moving = make_position("S1901M", [Unit(NEUTRAL, "A", "BEL"), Unit("FRANCE", "A", "PIC")], {})
    assert default_orders(board, moving, NEUTRAL, "missing") == [
        (Hold(NEUTRAL, "A", "BEL"), Source.DEFAULT)
    ]
    retreating = make_position(
        "S1901R", [Unit("FRANCE", "A", "BEL")], {}, [Dislodged(Unit(NEUTRAL, "A", "BEL"), ("HOL",))]
    )
    assert default_orders(board, retreating, NEUTRAL, "missing") == [
        (Disband(NEUTRAL, "A", "BEL"), Source.DEFAULT)
    ]


def test_unknown_reason_or_option_is_a_programming_error(board):
    with pytest.raises(ValueError):
        default_orders(board, start_position(board), "FRANCE", "late")
    with pytest.raises(ValueError):
        default_orders(board, start_position(board), "FRANCE", "missing", "french")
