"""Imperial 1871 (seed 002, R-IMP-1..5) on the imported Imperial map."""

import random

import pytest

from arbitro.diplomacy.legal_orders import random_orders
from arbitro.diplomacy.orders import Build, Hold, Move, Support
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import adjustment_counts, free_build_sites, play
from arbitro.diplomacy.position import NEUTRAL, Unit, make_position, start_position
from arbitro.variants import load_board


@pytest.fixture(scope="module")
def board():
    return load_board("imperial1871")


def result_of(out, order):
    (res,) = [r for r in out.results if r.order == order]
    return res


def test_r_imp_1_starts_spring_1871(board):
    assert str(start_position(board).phase) == "S1871M"


def test_r_imp_2_victory_tiers(board):
    tiers = {
        55: {"BRITAIN", "FRANCE", "USA", "RUSSIA"},
        50: {"HOLLAND", "GERMANY", "SPAIN", "CHINA", "TURKEY"},
        45: {"ITALY", "BRAZIL", "ARGENTINA", "PORTUGAL", "JAPAN"},
    }
    assert set(board.powers) == set().union(*tiers.values())
    for n, powers in tiers.items():
        assert {p: board.victory_threshold(p) for p in powers} == {p: n for p in powers}


def test_r_imp_3_neutral_armies_at_the_start(board):
    start = start_position(board)
    neutral = {u.province for u in start.units if u.power == NEUTRAL}
    # Trieste is the base map's Croatia; Buenos Aires and Santiago have no space on it
    assert neutral == {"VIE", "BUD", "CRO", "MEX", "MER", "LIM", "PRG", "CAI", "TEH"}
    assert not neutral & set(start.centres)  # neutral centres belong to no one


def neutral_at_vienna(*units):
    return make_position("S1872M", [Unit(NEUTRAL, "A", "VIE"), *units], {})


def test_r_imp_3_strength_two_holds_against_one_support(board):
    pos = neutral_at_vienna(Unit("GERMANY", "A", "SIL"), Unit("GERMANY", "A", "BAV"))
    attack = Move("GERMANY", "A", "SIL", "VIE")
    out = play(board, pos, {"GERMANY": [attack, Support("GERMANY", "A", "BAV", "A", "SIL", "VIE")]})
    assert result_of(out, attack).result is Result.FAILS
    assert out.next.unit_in("VIE").power == NEUTRAL


def test_r_imp_3_another_attack_does_not_lower_the_two(board):
    pos = neutral_at_vienna(
        Unit("GERMANY", "A", "SIL"), Unit("GERMANY", "A", "BAV"), Unit("ITALY", "A", "VEN")
    )
    attack = Move("GERMANY", "A", "SIL", "VIE")
    orders = {
        "GERMANY": [attack, Support("GERMANY", "A", "BAV", "A", "SIL", "VIE")],
        "ITALY": [Move("ITALY", "A", "VEN", "VIE")],
    }
    out = play(board, pos, orders)
    assert result_of(out, attack).result is Result.FAILS
    assert out.next.unit_in("VIE").power == NEUTRAL


def test_r_imp_3_dislodged_neutral_army_vanishes(board):
    pos = neutral_at_vienna(
        Unit("GERMANY", "A", "SIL"), Unit("GERMANY", "A", "BAV"), Unit("RUSSIA", "A", "GAL")
    )
    attack = Move("GERMANY", "A", "SIL", "VIE")
    orders = {
        "GERMANY": [attack, Support("GERMANY", "A", "BAV", "A", "SIL", "VIE")],
        "RUSSIA": [Support("RUSSIA", "A", "GAL", "A", "SIL", "VIE")],
    }
    out = play(board, pos, orders)
    assert result_of(out, attack).result is Result.SUCCEEDS
    assert out.next.unit_in("VIE") == Unit("GERMANY", "A", "VIE")
    assert not [u for u in out.next.units if u.power == NEUTRAL]
    assert not out.next.dislodged  # no retreat phase: the army is gone for good


def winter(board, centres, units):
    return make_position("W1873A", units, centres)


def test_r_imp_4_build_sites_are_owned_quadratino_centres(board):
    # Russia owns Moscow (home), Vienna (a neutral-army centre), Berlin (Germany's home)
    # and Athens-like ordinary centres (GRE, BAV): only the first three are build sites.
    pos = winter(
        board,
        {"MOS": "RUSSIA", "VIE": "RUSSIA", "BER": "RUSSIA", "GRE": "RUSSIA", "BAV": "RUSSIA"},
        [Unit("RUSSIA", "A", "GAL")],
    )
    assert free_build_sites(board, pos, "RUSSIA") == ("BER", "MOS", "VIE")
    assert adjustment_counts(board, pos)["RUSSIA"] == 3  # 5 centres - 1 unit, capped by 3 sites


def test_r_imp_4_no_build_in_an_ordinary_captured_centre(board):
    pos = winter(board, {"MOS": "RUSSIA", "GRE": "RUSSIA"}, [])
    order = Build("RUSSIA", "A", "GRE")
    out = play(board, pos, {"RUSSIA": [order]})
    assert result_of(out, order).result is Result.VOID


def test_r_imp_4_build_in_a_captured_quadratino_centre(board):
    pos = winter(board, {"MOS": "RUSSIA", "VIE": "RUSSIA"}, [])
    order = Build("RUSSIA", "A", "VIE")
    out = play(board, pos, {"RUSSIA": [order]})
    assert result_of(out, order).result is Result.SUCCEEDS
    assert out.next.unit_in("VIE") == Unit("RUSSIA", "A", "VIE")


def test_r_imp_5_canals_isthmuses_and_the_new_link(board):
    assert board.provinces["KIE"].coasts == () and {"HEL", "BAL"} <= board.fleet_moves["KIE"]
    assert board.provinces["CAI"].coasts == () and {"EAS", "RSE"} <= board.fleet_moves["CAI"]
    assert board.provinces["CON"].coasts == ()
    for a, b in [("SAP", "SAK"), ("VIC", "ORE"), ("LUZ", "MND"), ("CUB", "HAI"), ("DEN", "SWE")]:
        assert board.can_move("A", a, b) and board.can_move("F", a, b), (a, b)
    # seas on both edges of the world map are one space: West Pacific touches Hawaii
    # (east edge of the map) and the Izu islands' sea (west edge)
    assert {"HAW", "IZU"} <= board.fleet_moves["WPA"]
    assert not board.provinces["KAN"].supply_centre and board.provinces["QTO"].supply_centre


@pytest.mark.parametrize("power, owned, wins", [("JAPAN", 44, True), ("BRITAIN", 53, False)])
def test_tier_threshold_ends_the_game(board, power, owned, wins):
    """Japan's 45th centre wins (tier 3); Britain's 54th does not (tier 1 needs 55)."""
    target, army_at = "BNK", "SIA"
    others = [c for c in sorted(board.supply_centres) if c != target]
    centres = {c: power for c in others[:owned]}
    pos = make_position("F1880M", [Unit(power, "A", army_at)], centres)
    move = Move(power, "A", army_at, target)
    out = play(board, pos, {power: [move]})
    assert result_of(out, move).result is Result.SUCCEEDS
    assert len(out.next.centres_of(power)) == owned + 1
    assert out.winner == (power if wins else None)


def test_several_years_of_random_legal_orders(board):
    """The acceptance run: neutral armies never move, never retreat, never come back."""
    rng = random.Random(1871)
    position = start_position(board)
    neutral_start = {u.location for u in position.units if u.power == NEUTRAL}
    seen_neutral = len(neutral_start)
    phases = 0
    while position.phase.year < 1875:
        orders = random_orders(board, position, rng)
        assert NEUTRAL not in orders
        out = play(board, position, orders)
        for r in out.results:
            if r.order.power == NEUTRAL:
                assert isinstance(r.order, Hold), r
        nxt = out.next
        neutral = {u.location for u in nxt.units if u.power == NEUTRAL}
        assert neutral <= neutral_start and len(neutral) <= seen_neutral
        seen_neutral = len(neutral)
        assert all(d.retreats == () for d in nxt.dislodged if d.unit.power == NEUTRAL)
        assert NEUTRAL not in nxt.centres.values()
        phases += 1
        position = nxt
    assert phases >= 12  # four years: at least spring and autumn movement each year
