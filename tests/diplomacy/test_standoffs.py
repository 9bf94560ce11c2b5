"""Standoffs come from the rules (R-RET-1, DATC 6.H.6/6.H.9): a province is closed to
retreats only where a failed move into it had prevent strength; the engine derives it."""

from __future__ import annotations

from arbitro.contract import position_from_json, rules_from_json
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Dislodged, Phase, Position, Unit
from arbitro.variants import load_board

BOARD = load_board("standard")
RULES = rules_from_json({"options": {"defaults": "standard"}})


def _retreats(units: dict[str, list[str]], orders: dict[str, list[str]]) -> dict[str, list[str]]:
    position = position_from_json(BOARD, {"phase": "S1901M", "units": units})
    given = {p: [read_order(BOARD, p, t) for t in ts] for p, ts in orders.items()}
    outcome = play(BOARD, position, given, RULES)
    assert outcome.after is not None
    return {str(d.unit): list(d.retreats) for d in outcome.after.dislodged}


def test_a_move_beaten_head_to_head_leaves_no_standoff():
    # R-RET-1 / DATC 6.H.9: RUSSIA A PRU - BER loses head to head; BER stays open.
    got = _retreats(
        {"ENGLAND": ["F HEL", "F DEN"], "GERMANY": ["A BER", "F KIE", "A SIL"], "RUSSIA": ["A PRU"]},
        {"ENGLAND": ["F HEL - KIE", "F DEN S F HEL - KIE"],
         "GERMANY": ["A BER - PRU", "F KIE H", "A SIL S A BER - PRU"],
         "RUSSIA": ["A PRU - BER"]},
    )
    assert "BER" in got["F KIE"]


def test_a_bounce_leaves_a_standoff():
    # R-RET-1 / DATC 6.H.6.
    got = _retreats(
        {"AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN", "A SIL"], "ITALY": ["A VIE"]},
        {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"], "GERMANY": ["A MUN - BOH", "A SIL - BOH"]},
    )
    assert got == {"A VIE": ["GAL", "TYR"]}


def test_a_dislodged_unit_that_bounced_elsewhere_still_makes_a_standoff():
    # Its move into BOH kept the other out (prevent strength 1): BOH is contested.
    got = _retreats(
        {"AUSTRIA": ["A BUD", "A TRI"], "GERMANY": ["A MUN"], "ITALY": ["A VIE"]},
        {"AUSTRIA": ["A BUD S A TRI - VIE", "A TRI - VIE"], "GERMANY": ["A MUN - BOH"],
         "ITALY": ["A VIE - BOH"]},
    )
    assert got == {"A VIE": ["GAL", "TYR"]}


def test_a_move_whose_convoy_failed_leaves_no_standoff():
    # The convoying fleet is dislodged: the army never arrives, so it keeps no one out
    # of BEL (prevent strength 0); the fleet dislodged from HOL may retreat there.
    got = _retreats(
        {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F ENG", "F HEL"], "GERMANY": ["F HOL"],
         "RUSSIA": ["F KIE", "A RUH"]},
        {"ENGLAND": ["A LON - BEL VIA", "F NTH C A LON - BEL"],
         "FRANCE": ["F ENG - NTH", "F HEL S F ENG - NTH"],
         "RUSSIA": ["F KIE S A RUH - HOL", "A RUH - HOL"]},
    )
    assert got["F HOL"] == ["BEL"]


def test_retreats_listed_from_outside_are_kept_only_where_the_unit_can_go():
    # A retreat phase given as input (the contract) that lists an occupied province.
    position = Position(
        Phase.parse("F1901R"),
        (Unit("FRANCE", "A", "PAR"),),
        {},
        (Dislodged(Unit("GERMANY", "A", "BUR"), ("MAO", "MUN", "PAR")),),
    )
    outcome = play(BOARD, position, {"GERMANY": [read_order(BOARD, "GERMANY", "A BUR R PAR")]}, RULES)
    assert [str(u) for u in outcome.next.units] == ["A PAR"]
    assert outcome.results[0].result.value == "void"
