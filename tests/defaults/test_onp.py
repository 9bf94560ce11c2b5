"""R-ONP-1 first ONP: the referee's mutual defensive supports; R-IMP-3 neutral units."""

from __future__ import annotations

from arbitro.diplomacy.defaults import mutual_supports, neutral_orders
from arbitro.diplomacy.orders import Hold
from arbitro.diplomacy.position import NEUTRAL, Unit, make_position


def test_R_ONP_1_mid_game_austria_worked_by_hand(board, make, fmt):
    # Autumn 1904. Austria has taken Serbia and Greece; Russia, Turkey and Italy press.
    # Home SCs BUD, TRI, VIE (distance 0); SER, GAL 1 step; GRE 2 steps.
    # Austrian units in code order: BUD, GAL, GRE, SER, TRI, VIE.
    #  A BUD reaches VIE, GAL, SER, TRI (own units). None supported yet (a); SCs (b):
    #        VIE, SER, TRI; nearest (c): VIE, TRI (0); all armies (d); first code (e): TRI.
    #        -> A BUD S A TRI                               supported: TRI
    #  A GAL reaches BUD, VIE. Neither supported (a); both SCs (b); both 0 (c); armies
    #        (d); BUD first (e).  -> A GAL S A BUD           supported: TRI, BUD
    #  F GRE reaches BUL/SC, AEG, ION, ALB: no own unit.  -> F GRE H
    #  A SER reaches BUD, TRI, GRE (own). Only GRE not yet supported (a).
    #        -> A SER S F GRE                               supported: TRI, BUD, GRE
    #  A TRI reaches VIE, BUD, SER (own). Not yet supported (a): VIE, SER; both SCs (b);
    #        VIE nearer (c: 0 < 1).  -> A TRI S A VIE
    #  A VIE reaches GAL, BUD, TRI (own). Only GAL not yet supported (a).
    #        -> A VIE S A GAL
    # Foreign units next door (A RUM, A BUL, A VEN, F ALB) are never supported.
    pos = make(
        "F1904M",
        {
            "AUSTRIA": ["A BUD", "A GAL", "F GRE", "A SER", "A TRI", "A VIE"],
            "RUSSIA": ["A RUM", "A UKR"],
            "TURKEY": ["A BUL", "F AEG"],
            "ITALY": ["A VEN", "F ALB"],
        },
        {
            "AUSTRIA": ["BUD", "TRI", "VIE", "SER", "GRE"],
            "RUSSIA": ["RUM", "MOS", "WAR", "SEV", "STP"],
            "TURKEY": ["BUL", "ANK", "CON", "SMY"],
            "ITALY": ["VEN", "ROM", "NAP", "TUN"],
        },
    )
    assert fmt(mutual_supports(board, pos, "AUSTRIA")) == [
        "A BUD S A TRI",
        "A GAL S A BUD",
        "F GRE H",
        "A SER S F GRE",
        "A TRI S A VIE",
        "A VIE S A GAL",
    ]


def test_R_ONP_1_start_position_germany(board, make, fmt):
    # A BER reaches KIE, MUN: both unsupported SCs at home, armies: MUN (d).
    # F KIE reaches BER only (Munich is inland).  A MUN reaches BER (supported) and
    # KIE: KIE (a).
    pos = make("S1901M", {"GERMANY": ["A BER", "F KIE", "A MUN"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "A BER S A MUN",
        "F KIE S A BER",
        "A MUN S F KIE",
    ]


# -- one test per step of (a)-(e): only that step decides ----------------------------


def test_R_ONP_1_hold_when_no_own_unit_reachable(board, make, fmt):
    # A fleet cannot support an inland army; an army cannot support a fleet at sea.
    pos = make("S1903M", {"GERMANY": ["A MUN", "F BAL"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == ["F BAL H", "A MUN H"]


def test_R_ONP_1_single_candidate(board, make, fmt):
    pos = make("S1903M", {"GERMANY": ["A MUN", "A TYR", "F BAL"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "F BAL H",
        "A MUN S A TYR",
        "A TYR S A MUN",
    ]


def test_R_ONP_1_step_a_not_yet_supported(board, make, fmt):
    # F BAL S A BER first (BER and KIE tie down to (e)). Then F PRU reaches A BER
    # (supported, but an SC at home, an army, first code) and F BAL (not yet supported,
    # nothing else in its favour): (a) alone sends the support to the fleet.
    pos = make("S1903M", {"GERMANY": ["F BAL", "A BER", "A KIE", "F PRU"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "F BAL S A BER",
        "A BER S A KIE",
        "A KIE S A BER",
        "F PRU S F BAL",
    ]


def test_R_ONP_1_step_b_supply_centre(board, make, fmt):
    # A RUH reaches A BUR (army, first code) and F HOL (SC, fleet); both one step from
    # home SCs, neither supported yet (A BUR supports RUH; F HOL reaches no own unit).
    pos = make("S1903M", {"GERMANY": ["A BUR", "F HOL", "A RUH"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "A BUR S A RUH",
        "F HOL H",
        "A RUH S F HOL",
    ]


def test_R_ONP_1_step_c_nearer_home_centres(board, make, fmt):
    # A HOL S F KIE (b); F KIE S A HOL (only one). A RUH: both supported, both SCs;
    # F KIE is at home (0), A HOL one step away: KIE, though HOL is an army and first.
    pos = make("S1903M", {"GERMANY": ["A HOL", "F KIE", "A RUH"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "A HOL S F KIE",
        "F KIE S A HOL",
        "A RUH S F KIE",
    ]


def test_R_ONP_1_step_d_army(board, make, fmt):
    # A KIE reaches F DEN and A HOL: both unsupported SCs one step from home: the army,
    # though DEN comes first.
    pos = make("S1903M", {"GERMANY": ["F DEN", "A HOL", "A KIE"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "F DEN S A KIE",
        "A HOL S A KIE",
        "A KIE S A HOL",
    ]


def test_R_ONP_1_step_e_first_code(board, make, fmt):
    pos = make("S1903M", {"GERMANY": ["A DEN", "A HOL", "A KIE"]})
    assert fmt(mutual_supports(board, pos, "GERMANY")) == [
        "A DEN S A KIE",
        "A HOL S A KIE",
        "A KIE S A DEN",
    ]


def test_R_ONP_1_support_across_a_split_coast(board, make, fmt):
    # F STP/SC reaches Finland and Livonia; F STP/NC would not: the coast matters.
    south = make("S1903M", {"RUSSIA": ["F STP/SC", "A LVN"]})
    north = make("S1903M", {"RUSSIA": ["F STP/NC", "A LVN"]})
    assert fmt(mutual_supports(board, south, "RUSSIA")) == ["A LVN S F STP/SC", "F STP/SC S A LVN"]
    assert fmt(mutual_supports(board, north, "RUSSIA")) == ["A LVN S F STP/NC", "F STP/NC H"]


# -- R-IMP-3 ------------------------------------------------------------------------


def test_R_IMP_3_neutral_units_hold():
    pos = make_position(
        "S1871M",
        [Unit(NEUTRAL, "A", "VIE"), Unit("GERMANY", "A", "MUN"), Unit(NEUTRAL, "A", "BUD")],
        {},
    )
    assert neutral_orders(pos) == [Hold(NEUTRAL, "A", "BUD"), Hold(NEUTRAL, "A", "VIE")]
