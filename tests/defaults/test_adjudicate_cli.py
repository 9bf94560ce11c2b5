"""`arbitro adjudicate` with `nmr` and `ballots`: the referee's orders, marked by source.

Runs the CLI's own document handler (the real contract layer, phases.play and the
adjudicator) on the input shape of docs CONTRACTS.md.
"""

from __future__ import annotations

import json

from arbitro.cli.adjudicate import adjudicate_text


def _run(doc):
    out = adjudicate_text(json.dumps(doc))
    return {
        (r["power"], r["order"]): (r["result"], r.get("source", "player")) for r in out["results"]
    }, out


def test_movement_first_onp_and_abandonment_by_ballots():
    results, out = _run(
        {
            "variant": "standard",
            "phase": "S1901M",
            "units": {
                "GERMANY": ["A BER", "F KIE", "A MUN"],
                "ITALY": ["A ROM", "A VEN", "F NAP"],
                "FRANCE": ["A PAR"],
            },
            "centers": {"GERMANY": ["BER", "KIE", "MUN"], "ITALY": ["ROM", "VEN", "NAP"]},
            "orders": {"FRANCE": ["A PAR - BUR"]},
            "nmr": {"GERMANY": "first", "ITALY": "abandoned"},
            "ballots": {
                "ITALY": {
                    "FRANCE": ["A ROM - APU", "A VEN - TYR"],
                    "GERMANY": ["A ROM - APU", "A VEN - BUD"],  # BUD: illegal, not counted
                    "ITALY": ["A VEN - PIE", "A VEN - PIE"],  # Italy's own: ignored
                }
            },
            "options": {"defaults": "italian"},
        }
    )
    assert results[("FRANCE", "A PAR - BUR")] == ("succeeds", "player")
    assert results[("GERMANY", "A BER S A MUN")] == ("succeeds", "default")
    assert results[("GERMANY", "F KIE S A BER")] == ("succeeds", "default")
    assert results[("GERMANY", "A MUN S F KIE")] == ("succeeds", "default")
    assert results[("ITALY", "A ROM - APU")] == ("succeeds", "ballot")
    assert results[("ITALY", "A VEN - TYR")] == ("succeeds", "ballot")
    assert results[("ITALY", "F NAP H")] == ("succeeds", "default")
    assert sorted(out["next"]["units"]["ITALY"]) == ["A APU", "A TYR", "F NAP"]


def _retreat(defaults):
    return {
        "variant": "standard",
        "phase": "F1903R",
        "units": {"FRANCE": ["A BUR", "A PIC"], "GERMANY": ["A KIE"]},
        "dislodged": {"GERMANY": {"A BUR": ["GAS", "MUN", "RUH"]}},
        "centers": {"GERMANY": ["BER", "KIE", "MUN"], "FRANCE": ["PAR", "BRE", "MAR"]},
        "orders": {},
        "options": {"defaults": defaults},
    }


def test_retreat_tacit_italian_and_disband_standard():
    results, out = _run(_retreat("italian"))
    assert results[("GERMANY", "A BUR R MUN")] == ("succeeds", "default")
    assert "A MUN" in out["next"]["units"]["GERMANY"]
    results, out = _run(_retreat("standard"))
    assert not any(order.endswith("R MUN") for _, order in results)
    assert out["next"]["units"]["GERMANY"] == ["A KIE"]


def test_winter_civil_disorder_never_builds_and_automatic_disbands():
    results, out = _run(
        {
            "variant": "standard",
            "phase": "W1903A",
            "units": {
                "ENGLAND": ["F NTH", "A NWY", "A BEL", "F ENG"],
                "GERMANY": ["A PAR", "F NAO", "A SIL", "F KIE"],
            },
            "centers": {
                "ENGLAND": ["EDI", "LON", "LVP", "NWY", "BEL", "HOL"],
                "GERMANY": ["KIE", "PAR"],
            },
            "orders": {},
            "nmr": {"ENGLAND": "civil_disorder"},
        }
    )
    assert not any(power == "ENGLAND" for power, _ in results)
    assert results[("GERMANY", "F NAO D")] == ("succeeds", "default")
    assert results[("GERMANY", "A PAR D")] == ("succeeds", "default")
    assert sorted(out["next"]["units"]["GERMANY"]) == ["A SIL", "F KIE"]
