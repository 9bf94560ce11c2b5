"""A convoy paradox the old guess-and-check missed (found by the property tests).

Two fleets attack the convoying fleet, each with one support; one support comes from
the convoy's destination, which the convoyed army attacks (the shape of DATC 6.F.16,
Pandin's paradox). If the convoy holds, the army cuts that support and the other
attack dislodges the fleet; if the convoy fails, the two attacks bounce and the fleet
survives: no consistent answer, so the Szykman rule applies (DATC 4.A.2, chosen in
docs/RULE_CHOICES.md): the army does not move and cuts nothing, the attacks bounce.
The old resolver settled the cycle on a stale guess and let one attack through,
depending on which side's support came from the destination.
"""

from __future__ import annotations

import pytest

from arbitro.contract import adjudicate_json
from arbitro.variants import load_board


def _document(supported_from_bel: str, supported_from_edi: str) -> dict:
    return {
        "phase": "S1901M",
        "units": {"ENGLAND": ["A LON", "F NTH"], "FRANCE": ["F BEL", "F EDI"],
                  "GERMANY": ["F HEL"], "RUSSIA": ["F NWG"]},
        "orders": {
            "ENGLAND": ["A LON - BEL VIA", "F NTH C A LON - BEL"],
            "FRANCE": [f"F BEL S {supported_from_bel} - NTH", f"F EDI S {supported_from_edi} - NTH"],
            "GERMANY": ["F HEL - NTH"],
            "RUSSIA": ["F NWG - NTH"],
        },
        "options": {"defaults": "standard"},
    }


@pytest.mark.parametrize(
    "from_bel, from_edi", [("F HEL", "F NWG"), ("F NWG", "F HEL")], ids=["bel-helps-hel", "bel-helps-nwg"]
)
def test_the_paradox_is_settled_by_the_szykman_rule(from_bel, from_edi):
    out = adjudicate_json(load_board("standard"), _document(from_bel, from_edi))
    results = {r["order"]: (r["result"], r.get("reason", "")) for r in out["results"]}
    assert results["A LON - BEL VIA"][0] == "fails"
    assert "paradox" in results["A LON - BEL VIA"][1]
    assert results["F NTH C A LON - BEL"][0] == "succeeds"  # the fleet stays
    assert results["F HEL - NTH"][0] == results["F NWG - NTH"][0] == "fails"
    assert results[f"F BEL S {from_bel} - NTH"][0] == "succeeds"  # not cut
    assert out["next"]["dislodged"] == {}
    assert "F NTH" in out["next"]["units"]["ENGLAND"]
