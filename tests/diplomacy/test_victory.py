"""R-END-1, R-END-2 and the one count of centres they are judged by."""

from __future__ import annotations

from arbitro.diplomacy.orders import Hold
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import NEUTRAL, Unit, make_position, start_position
from arbitro.diplomacy.victory import (
    Ending,
    centre_counts,
    eliminated,
    ending_after,
    leaders,
    solo_winner,
)
from arbitro.variants import load_board

BOARD = load_board("standard")


def _autumn(units: dict[str, list[str]], centres: dict[str, str]) -> object:
    """An Autumn played with every unit holding: the year's centres are counted."""
    placed = [Unit(p, *u.split()) for p, us in units.items() for u in us]
    position = make_position("F1905M", placed, centres)
    orders = {p: [Hold(u.power, u.kind, u.location) for u in placed if u.power == p] for p in units}
    return position, play(BOARD, position, orders)


def test_neutral_centres_are_nobodys():
    counts = centre_counts(start_position(BOARD).centres)
    assert counts["RUSSIA"] == 4 and counts["FRANCE"] == 3 and NEUTRAL not in counts
    assert sum(counts.values()) == 22


def test_R_END_1_the_variants_threshold():
    owned = {c: "FRANCE" for c in sorted(BOARD.supply_centres)[:18]}
    assert solo_winner(BOARD, owned) == "FRANCE"
    assert solo_winner(BOARD, dict(list(owned.items())[:17])) is None


def test_R_END_1_the_games_own_threshold_after_autumn_only():
    homes = {"PAR": "FRANCE", "MAR": "FRANCE", "BRE": "FRANCE", "MUN": "GERMANY", "BER": "GERMANY",
             "KIE": "GERMANY"}
    before, outcome = _autumn({"FRANCE": ["A SPA", "A PAR"], "GERMANY": ["A MUN"]}, homes)
    # Spain is taken in the Autumn's count: France has 4, Germany 3
    assert ending_after(before, outcome, 4) == Ending("FRANCE")
    assert ending_after(before, outcome, 5) == Ending()
    assert ending_after(before, outcome, None) == Ending(outcome.winner)
    before, outcome = _autumn({"FRANCE": ["A SPA"], "GERMANY": ["A HOL"]}, homes)
    assert ending_after(before, outcome, 4) == Ending(None, ("FRANCE", "GERMANY"))
    spring = make_position("S1905M", [Unit("FRANCE", "A", "SPA")], homes)
    assert ending_after(spring, play(BOARD, spring, {}), 1) == Ending()


def test_R_END_2_most_centres_win_and_a_tie_is_said():
    assert leaders({"PAR": "FRANCE", "MAR": "FRANCE", "MUN": "GERMANY"}) == Ending("FRANCE")
    assert leaders({"PAR": "FRANCE", "MUN": "GERMANY", "ROM": NEUTRAL}) == Ending(
        None, ("FRANCE", "GERMANY"))


def test_a_power_with_neither_units_nor_centres_is_out():
    pos = make_position("S1905M", [Unit("ITALY", "A", "TYR")], {"PAR": "FRANCE"})
    assert eliminated(pos, "GERMANY") and not eliminated(pos, "FRANCE")
    assert not eliminated(pos, "ITALY")
