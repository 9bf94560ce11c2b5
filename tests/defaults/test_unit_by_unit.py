"""Italian defaults unit by unit (R-RET-3, R-ADJU-2, R-ADJU-3), through `arbitro adjudicate`.

Each retreat case starts from its movement phase: the engine computes who is dislodged
and where each unit may go; the test only writes the orders. Under "standard" the DATC
behaviour stays (unordered retreat = disband, missing builds waived, DATC disbands).
"""

from __future__ import annotations

import json

import pytest

from arbitro.cli.adjudicate import adjudicate_text

# Spring 1902: Russia takes Berlin (3 against 1), France takes Munich (2 against 1).
# Berlin's only way out is Kiel; Munich may go to Kiel, Ruhr or Tyrolia.
DOUBLE_DISLODGEMENT = {
    "variant": "standard",
    "phase": "S1902M",
    "units": {
        "GERMANY": ["A BER", "A MUN", "F DEN"],
        "RUSSIA": ["A PRU", "A SIL", "F BAL"],
        "FRANCE": ["A BUR"],
        "AUSTRIA": ["A BOH"],
    },
    "centers": {
        "GERMANY": ["BER", "KIE", "MUN"],
        "RUSSIA": ["MOS", "SEV", "STP", "WAR"],
        "FRANCE": ["BRE", "MAR", "PAR"],
        "AUSTRIA": ["BUD", "TRI", "VIE"],
    },
    "orders": {
        "RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER", "F BAL S A PRU - BER"],
        "FRANCE": ["A BUR - MUN"],
        "AUSTRIA": ["A BOH S A BUR - MUN"],
        "GERMANY": ["A BER H", "A MUN H", "F DEN H"],
    },
}


def _run(doc):
    return adjudicate_text(json.dumps(doc))


def _by_order(out):
    return {(r["power"], r["order"]): r for r in out["results"]}


def _retreat_phase(defaults):
    moved = _run({**DOUBLE_DISLODGEMENT, "options": {"defaults": defaults}})
    nxt = moved["next"]
    assert nxt["phase"] == "S1902R"
    assert nxt["dislodged"]["GERMANY"] == {"A BER": ["KIE"], "A MUN": ["KIE", "RUH", "TYR"]}
    return {key: nxt[key] for key in ("phase", "units", "dislodged", "centers")}


def _retreats(german_orders, defaults="italian"):
    doc = {**_retreat_phase(defaults), "orders": {"GERMANY": german_orders}}
    doc["options"] = {"defaults": defaults}
    out = _run(doc)
    return out, sorted(out["next"]["units"]["GERMANY"])


def test_R_RET_3_two_tacit_retreats_never_collide():
    # Alone, each unit's best is Kiel (home territory, a centre). Chosen together: Berlin
    # (first in code order, and only Kiel saves it) takes Kiel, Munich its next best, Ruhr.
    out, german = _retreats([])
    assert german == ["A KIE", "A RUH", "F DEN"]
    results = _by_order(out)
    assert results[("GERMANY", "A BER R KIE")]["source"] == "default"
    assert results[("GERMANY", "A MUN R RUH")]["source"] == "default"


def test_R_RET_3_tacit_retreat_for_the_unit_the_player_forgot():
    # Germany orders Berlin's retreat and forgets Munich: Munich still gets its tacit
    # retreat, and not into Kiel where Berlin goes.
    out, german = _retreats(["A Ber - Kie"])
    assert german == ["A KIE", "A RUH", "F DEN"]
    assert _by_order(out)[("GERMANY", "A MUN R RUH")]["source"] == "default"


def test_R_RET_3_mistyped_retreat_counts_as_no_order():
    # A retreat to a province the unit cannot reach is void; the unit retreats tacitly.
    out, german = _retreats(["A BER R KIE", "A MUN R BOH"])
    results = _by_order(out)
    assert results[("GERMANY", "A MUN R BOH")]["result"] == "void"
    assert results[("GERMANY", "A MUN R RUH")]["source"] == "default"
    assert german == ["A KIE", "A RUH", "F DEN"]


def test_R_RET_3_no_tacit_retreat_into_the_powers_own_ordered_retreat():
    # Munich is ordered to Kiel, Berlin's only way out: sending Berlin there too would
    # destroy both (R-RET-2). The referee's choice must not cost the ordered unit: Berlin
    # alone is disbanded.
    out, german = _retreats(["A MUN R KIE"])
    assert german == ["A KIE", "F DEN"]
    berlin = _by_order(out)[("GERMANY", "A BER D")]
    assert berlin["result"] == "succeeds" and berlin["source"] == "default"


def test_R_RET_3_a_disband_order_stands_and_the_other_unit_retreats():
    out, german = _retreats(["A MUN D"])
    assert german == ["A KIE", "F DEN"]
    assert _by_order(out)[("GERMANY", "A BER R KIE")]["source"] == "default"


def test_standard_unordered_dislodged_unit_is_disbanded():
    out, german = _retreats(["A BER R KIE"], defaults="standard")
    assert german == ["A KIE", "F DEN"]
    munich = _by_order(out)[("GERMANY", "A MUN D")]
    assert munich["source"] == "default"


# -- winter ----------------------------------------------------------------------------

ENGLAND_TWO_BUILDS = {
    "variant": "standard",
    "phase": "W1901A",
    "units": {"ENGLAND": ["F NTH", "A NWY", "F ENG"]},
    "centers": {"ENGLAND": ["EDI", "LON", "LVP", "NWY", "BEL"]},
}


def _winter(doc, orders, defaults="italian"):
    out = _run({**doc, "orders": orders, "options": {"defaults": defaults}})
    return out, _by_order(out)


def test_R_ADJU_2_second_build_owed_is_built_automatically():
    # Two builds owed, one sent: the second goes to the first free home centre in code
    # order, Edinburgh, with the unit that stood there at the start (a fleet).
    out, results = _winter(ENGLAND_TWO_BUILDS, {"ENGLAND": ["F LON B"]})
    assert results[("ENGLAND", "F EDI B")]["source"] == "default"
    assert sorted(out["next"]["units"]["ENGLAND"]) == ["A NWY", "F EDI", "F ENG", "F LON", "F NTH"]


def test_R_ADJU_2_automatic_build_skips_the_centre_the_player_built_on():
    out, results = _winter(ENGLAND_TWO_BUILDS, {"ENGLAND": ["F EDI B"]})
    assert results[("ENGLAND", "F LON B")]["source"] == "default"
    assert "A LVP" not in out["next"]["units"]["ENGLAND"]


@pytest.mark.parametrize("waive", ["WAIVE", "RINUNCIO"])
def test_R_ADJU_2_a_build_is_kept_unused_only_by_saying_so(waive):
    out, results = _winter(ENGLAND_TWO_BUILDS, {"ENGLAND": ["F LON B", waive]})
    assert sorted(out["next"]["units"]["ENGLAND"]) == ["A NWY", "F ENG", "F LON", "F NTH"]
    assert not any(r.get("source") == "default" for r in results.values())


def test_R_ADJU_2_one_waive_of_two_builds_still_gets_one_automatic_build():
    out, results = _winter(ENGLAND_TWO_BUILDS, {"ENGLAND": ["RINUNCIO"]})
    assert results[("ENGLAND", "F EDI B")]["source"] == "default"
    assert len(out["next"]["units"]["ENGLAND"]) == 4


def test_standard_missing_build_is_waived():
    out, _ = _winter(ENGLAND_TWO_BUILDS, {"ENGLAND": ["F LON B"]}, defaults="standard")
    assert sorted(out["next"]["units"]["ENGLAND"]) == ["A NWY", "F ENG", "F LON", "F NTH"]


# Germany owns Kiel and Munich with four units: two disbands owed. Holland and Ruhr are
# both one step from a home centre; R-ADJU-3 then prefers the unit not on a centre (Ruhr),
# the DATC civil-disorder rule goes on to the code order (Holland).
GERMANY_TWO_DISBANDS = {
    "variant": "standard",
    "phase": "W1905A",
    "units": {"GERMANY": ["A KIE", "A HOL", "A RUH", "A MUN"], "ENGLAND": ["F BER"]},
    "centers": {"GERMANY": ["KIE", "MUN"], "ENGLAND": ["BER", "HOL"]},
}


def test_R_ADJU_3_second_disband_owed_follows_the_italian_rule():
    out, results = _winter(GERMANY_TWO_DISBANDS, {"GERMANY": ["A KIE D"]})
    assert results[("GERMANY", "A RUH D")]["source"] == "default"
    assert sorted(out["next"]["units"]["GERMANY"]) == ["A HOL", "A MUN"]


def test_standard_second_disband_owed_follows_the_datc_rule():
    out, results = _winter(GERMANY_TWO_DISBANDS, {"GERMANY": ["A KIE D"]}, defaults="standard")
    assert results[("GERMANY", "A HOL D")]["reason"]
    assert sorted(out["next"]["units"]["GERMANY"]) == ["A MUN", "A RUH"]
