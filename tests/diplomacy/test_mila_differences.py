"""Where arbitro and MILA differ, arbitro gives the DATC's answer (issue 14).

``bench/differential.py`` runs thousands of real-like movement phases through both
engines and puts every phase on which they differ in a category; each category has a
test here, on a position cut down from a phase the bench found, through ``play()`` and
through the ``arbitro adjudicate`` contract. The DATC case each follows is named.
"""

from __future__ import annotations

import pytest

from arbitro.contract import adjudicate_json
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.position import Unit, make_position
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

BOARD = load_board("standard")


def _both(units: dict[str, list[str]], orders: dict[str, list[str]], phase: str = "S1905M") -> tuple[set[str], set[str]]:
    """Units after the phase (dislodged ones starred), by play() and by the contract."""
    position = make_position(
        phase,
        [Unit(p, t.split()[0], t.split()[1]) for p, ts in units.items() for t in ts],
        {},
    )
    given = {p: [read_order(BOARD, p, t) for t in ts] for p, ts in orders.items()}
    after = play(BOARD, position, given, Rules(defaults="standard")).after  # type: ignore[arg-type]
    assert after is not None
    by_play = {str(u) for u in after.units} | {f"*{d.unit}" for d in after.dislodged}
    doc = {"phase": phase, "units": units, "centers": {}, "orders": orders, "options": {"defaults": "standard"}}
    out = adjudicate_json(BOARD, doc)
    nxt = out["next"]
    by_contract = {u for us in nxt["units"].values() for u in us}
    by_contract |= {f"*{u}" for ds in nxt["dislodged"].values() for u in ds}
    return by_play, by_contract


def test_via_on_a_move_with_no_convoy_ordered_moves_over_land():
    """"VIA on a move with no convoy ordered" (~6.6% of the bench's phases, every one a
    player's VIA on an adjacent move). MILA reads VIA as "by convoy only" and leaves the
    army home; DATC 6.G.8 (explicit convoy that isn't there): the army moves over land."""
    for got in _both({"ITALY": ["A NAP"]}, {"ITALY": ["A NAP - ROM VIA"]}):
        assert got == {"A ROM"}


def test_support_naming_the_other_coast_does_not_count():
    """"support naming a coast of the destination": a support for a fleet's move that
    names the coast the fleet does not go to is void; DATC 6.B.9 (supporting with wrong
    coast). Here the fleet then bounces with the army."""
    units = {"FRANCE": ["F MAO", "F POR"], "GERMANY": ["A GAS"]}
    orders = {"FRANCE": ["F MAO - SPA/NC", "F POR S F MAO - SPA/SC"], "GERMANY": ["A GAS - SPA"]}
    for got in _both(units, orders):
        assert got == {"F MAO", "F POR", "A GAS"}


def test_support_of_an_army_naming_a_coast_counts():
    """An army's move ignores coasts (DATC 6.B.12), and so does a support for it: MILA
    and arbitro agree, and arbitro before issue 14 did not (it voided the support)."""
    units = {"TURKEY": ["A SER", "A CON"], "RUSSIA": ["F RUM"]}
    orders = {"TURKEY": ["A SER - BUL", "A CON S A SER - BUL/EC"], "RUSSIA": ["F RUM - BUL/EC"]}
    for got in _both(units, orders):
        assert got == {"A BUL", "A CON", "F RUM"}


@pytest.mark.parametrize("by", ["a convoyed army", "an attack on the convoying fleet"])
def test_support_against_own_unit_with_a_convoy_does_not_count(by):
    """"support against the supporter's own unit, with a convoy": MILA counts Russia's
    support for England's convoyed army against Russia's own fleet (and takes a convoying
    fleet so attacked for disrupted). DATC 6.D.12 (supporting a foreign unit to dislodge
    own unit prohibited): the support does not count; nothing is dislodged."""
    if by == "a convoyed army":
        units = {"ENGLAND": ["A NWY"], "RUSSIA": ["F BAR", "F FIN", "F STP/NC"]}
        orders = {
            "ENGLAND": ["A NWY - STP VIA"],
            "RUSSIA": ["F BAR C A NWY - STP", "F FIN S A NWY - STP", "F STP/NC H"],
        }
        expected = {"A NWY", "F BAR", "F FIN", "F STP/NC"}
    else:
        # England's own fleet in the North Sea convoys; England supports France against it
        units = {"ENGLAND": ["F NTH", "F EDI"], "RUSSIA": ["A NWY"], "FRANCE": ["F DEN"]}
        orders = {
            "ENGLAND": ["F NTH C A NWY - LON", "F EDI S F DEN - NTH"],
            "RUSSIA": ["A NWY - LON"],
            "FRANCE": ["F DEN - NTH"],
        }
        expected = {"F NTH", "F EDI", "A LON", "F DEN"}
    for got in _both(units, orders):
        assert got == expected


def test_support_against_own_unit_in_a_head_to_head_battle():
    """"support against the supporter's own unit, in a head-to-head battle": Turkey
    supports Austria's army in Galicia against Turkey's own army in Rumania, and Austria
    supports Rumania's army against Austria's own army in Galicia. MILA counts Turkey's
    support in the attack and voids Austria's, and Rumania is dislodged. DATC 6.E.3 (no
    help in dislodging own unit): Turkey's support does not add to the attack on its own
    unit, Austria's still adds to the defend strength of the move it supports, so the
    attack (2) does not beat the defence (2) and nothing moves."""
    units = {"AUSTRIA": ["A GAL", "A WAR"], "TURKEY": ["A RUM", "F BUL/EC"], "RUSSIA": ["F SEV"]}
    orders = {
        "AUSTRIA": ["A GAL - RUM", "A WAR S A RUM - GAL"],
        "TURKEY": ["A RUM - GAL", "F BUL/EC S A GAL - RUM"],
        "RUSSIA": ["F SEV S A GAL - RUM"],
    }
    for got in _both(units, orders):
        assert got == {"A GAL", "A WAR", "A RUM", "F BUL/EC", "F SEV"}


def test_no_retreat_into_a_contested_area_after_a_dislodgement_by_convoy():
    """"retreat into a contested area after a dislodgement by convoy": Germany's fleet in
    Sweden bounces with Russia's in the Gulf of Bothnia and is dislodged by an army
    convoyed from Livonia. MILA lets it retreat to the Gulf, where the standoff was; DATC
    6.H.6 (unit may not retreat to a contested area) holds however the unit was dislodged
    (6.H.11 opens only the convoyed attacker's origin)."""
    position = make_position(
        "F1909M",
        [Unit("GERMANY", "F", "SWE"), Unit("GERMANY", "F", "BAL"), Unit("RUSSIA", "F", "STP/SC"),
         Unit("RUSSIA", "A", "LVN"), Unit("RUSSIA", "A", "NWY")],
        {},
    )
    texts = {
        "GERMANY": ["F SWE - BOT", "F BAL C A LVN - SWE"],
        "RUSSIA": ["F STP/SC - BOT", "A LVN - SWE", "A NWY S A LVN - SWE"],
    }
    orders = {p: [read_order(BOARD, p, t) for t in ts] for p, ts in texts.items()}
    after = play(BOARD, position, orders, Rules(defaults="standard")).after  # type: ignore[arg-type]
    assert after is not None
    assert [(str(d.unit), d.retreats) for d in after.dislodged] == [("F SWE", ("DEN", "FIN", "SKA"))]
    doc = {"phase": "F1909M", "units": {"GERMANY": ["F SWE", "F BAL"], "RUSSIA": ["F STP/SC", "A LVN", "A NWY"]},
           "centers": {}, "orders": texts, "options": {"defaults": "standard"}}
    assert adjudicate_json(BOARD, doc)["next"]["dislodged"] == {"GERMANY": {"F SWE": ["DEN", "FIN", "SKA"]}}
