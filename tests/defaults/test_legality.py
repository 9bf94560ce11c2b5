"""Legality of ballot orders (R-ONP-3: illegal ballot orders are void), asked of the one
legality module (arbitro.diplomacy.legality) through ``check_unit_order``."""

from __future__ import annotations

import pytest

from arbitro.diplomacy.defaults import Void, check_unit_order
from arbitro.diplomacy.orders import Convoy, Hold, Move, Support
from arbitro.diplomacy.position import start_position


@pytest.fixture
def spring(board):
    return start_position(board)


def test_convoy_route_needs_two_coasts_and_a_chain_of_seas(board):
    assert board.convoy_route("LON", "NWY")
    assert board.convoy_route("ROM", "TUN")
    assert board.convoy_route("LVP", "SYR")  # round Iberia into the eastern Med
    assert not board.convoy_route("ROM", "BUD")  # Budapest is inland
    assert not board.convoy_route("MUN", "KIE")  # Munich is inland
    assert not board.convoy_route("LON", "LON")
    assert "NTH" in board.convoy_seas("LON", "NWY")
    assert "BLA" not in board.convoy_seas("LON", "NWY")  # the Black Sea is cut off
    # with fleets only where they stand
    assert board.convoy_route("LON", "NWY", {"NTH"})
    assert board.convoy_route("LVP", "BRE", {"IRI", "MAO"})
    assert not board.convoy_route("LVP", "BRE", {"IRI"})
    assert not board.convoy_route("LON", "NWY", set())


@pytest.mark.parametrize(
    "order, expected",
    [
        (Hold("X", "A", "PAR"), Hold("FRANCE", "A", "PAR")),
        (Move("X", None, "PAR", "BUR"), Move("FRANCE", "A", "PAR", "BUR")),
        (Move("X", "F", "BRE", "MAO"), Move("FRANCE", "F", "BRE", "MAO")),
        (Move("X", "A", "BRE", "LON"), Void("wrong_kind", ("BRE", "F"))),
        (Move("X", "A", "PAR", "PAR"), Void("own_province")),
        (Move("X", "A", "PAR", "ENG"), Void("army_to_sea", ("ENG",))),
        (Move("X", "A", "PAR", "SWI"), Void("impassable", ("SWI",))),
        (Move("X", "A", "PAR", "XYZ"), Void("unknown_province", ("XYZ",))),
        (Move("X", "A", "MAR", "NAF"), Move("FRANCE", "A", "MAR", "NAF", via_convoy=True)),
        (Move("X", "A", "PAR", "MUN"), Void("not_adjacent", ("MUN", "PAR"))),
        (Move("X", "A", "MAR", "MUN"), Void("not_adjacent", ("MUN", "MAR"))),
        (Move("X", "A", "MAR", "ROM"), Move("FRANCE", "A", "MAR", "ROM", via_convoy=True)),
        (Move("X", "A", "MAR", "SEV"), Void("cannot_convoy_there", ("SEV", "MAR"))),
        (Move("X", "F", "BRE", "PAR"), Void("fleet_inland", ("PAR",))),
        (Move("X", "F", "BRE", "LON"), Void("not_adjacent", ("LON", "BRE"))),
        (Move("X", "F", "BRE", "MAO", True), Void("convoy_not_army")),
        (
            Support("X", "A", "MAR", None, "PAR", "BUR"),
            Support("FRANCE", "A", "MAR", "A", "PAR", "BUR"),
        ),
        (Support("X", "A", "PAR", "F", "BRE"), Support("FRANCE", "A", "PAR", "F", "BRE")),
        (Support("X", "A", "PAR", "A", "PAR"), Void("support_self")),
        (Support("X", "A", "MAR", "A", "PIC"), Void("no_unit", ("PIC",))),
        (Support("X", "A", "MAR", "F", "PAR"), Void("wrong_kind", ("PAR", "A"))),
        (Support("X", "F", "BRE", "A", "PAR", "BUR"), Void("support_unreachable", ("BRE", "BUR"))),
        (Support("X", "A", "PAR", "A", "MAR", "PAR"), Void("support_own_province")),
        (Support("X", "A", "PAR", "A", "MUN", "PIC"), Void("not_adjacent", ("PIC", "MUN"))),
        # a support for a move that needs a convoy is fine: Marseilles may be carried to PIC
        (
            Support("X", "A", "PAR", "A", "MAR", "PIC"),
            Support("FRANCE", "A", "PAR", "A", "MAR", "PIC"),
        ),
        # foreign units may be supported: Paris supports Munich's German army into Burgundy
        (
            Support("X", "A", "PAR", "A", "MUN", "BUR"),
            Support("FRANCE", "A", "PAR", "A", "MUN", "BUR"),
        ),
        (Convoy("X", "F", "BRE", "PAR", "LON"), Void("convoy_not_sea", ("BRE",))),
    ],
)
def test_ballot_order_normal_form_or_void(board, spring, order, expected):
    assert check_unit_order(board, spring, "FRANCE", order) == expected


def test_convoy_by_a_fleet_at_sea(board, make):
    pos = make("S1902M", {"ENGLAND": ["F NTH", "A YOR", "F ENG"], "FRANCE": ["F MAO"]})
    assert check_unit_order(board, pos, "ENGLAND", Convoy("FRANCE", "F", "NTH", "YOR", "NWY")) == (
        Convoy("ENGLAND", "F", "NTH", "YOR", "NWY")
    )
    assert check_unit_order(board, pos, "ENGLAND", Convoy("X", "F", "NTH", "ENG", "NWY")) == Void(
        "convoy_not_army"
    )
    assert check_unit_order(board, pos, "ENGLAND", Convoy("X", "F", "NTH", "YOR", "YOR")) == Void(
        "own_province"
    )


def test_fleet_coasts(board, make):
    pos = make("S1902M", {"FRANCE": ["F MAO", "F GAS"]})
    need = check_unit_order(board, pos, "FRANCE", Move("X", "F", "MAO", "SPA"))
    assert need == Void("coast_needed", ("SPA", "SPA/NC, SPA/SC"))
    assert check_unit_order(board, pos, "FRANCE", Move("X", "F", "GAS", "SPA")) == Move(
        "FRANCE", "F", "GAS", "SPA/NC"
    )
    assert check_unit_order(board, pos, "FRANCE", Move("X", "F", "GAS", "SPA/SC")) == Void(
        "coast_unreachable", ("GAS", "SPA/SC")
    )
