"""`arbitro adjudicate`: R-ORD-4 and R-ORD-5 follow `options.defaults`, in every kind of
order text (notation, free text, ballots), and a void result names its true reason."""

from __future__ import annotations

import json

import pytest

from arbitro.cli.adjudicate import adjudicate_text


def _results(units, orders, defaults=None, **extra):
    doc = {"variant": "standard", "phase": "F1901M", "units": units, "orders": orders, **extra}
    if defaults is not None:
        doc.setdefault("options", {})["defaults"] = defaults
    out = adjudicate_text(json.dumps(doc))
    return {(r["power"], r["order"]): r for r in out["results"]}, out


TURKISH_FLEET = {"TURKEY": ["F BLA"]}


@pytest.mark.parametrize("text", ["F BLA - BUL", "F Mar Nero - Bulgaria", "F MNE - Bul"])
def test_R_ORD_5_italian_coastless_fleet_move_holds(text):
    # Seed: "se non specificata si interpretano come fermata" (italian is the default).
    for defaults in (None, "italian"):
        results, out = _results(TURKISH_FLEET, {"TURKEY": [text]}, defaults)
        (only,) = results.values()
        assert only["result"] == "void"
        assert "coast" in only["reason"], only
        assert out["next"]["units"]["TURKEY"] == ["F BLA"]


@pytest.mark.parametrize("text", ["F BLA - BUL", "F Mar Nero - Bulgaria"])
def test_R_ORD_5_standard_infers_the_one_reachable_coast(text):
    results, out = _results(TURKISH_FLEET, {"TURKEY": [text]}, "standard")
    (only,) = results.values()
    assert only["result"] == "succeeds"
    assert out["next"]["units"]["TURKEY"] == ["F BUL/EC"]


def test_R_ORD_5_an_explicit_option_overrides_what_defaults_implies():
    _, out = _results(
        TURKISH_FLEET, {"TURKEY": ["F MNE - Bul"]},
        options={"defaults": "italian", "infer_single_coast": True},
    )
    assert out["next"]["units"]["TURKEY"] == ["F BUL/EC"]


AUSTRIA = {"AUSTRIA": ["A BUD", "A GAL"], "RUSSIA": ["A UKR", "A RUM"]}
ATTACK = ["A UKR - GAL", "A RUM S A UKR - GAL"]


def test_R_ORD_4_italian_support_without_hold_or_move_is_void():
    # Seed example "A Bud APP A Gal": unclear, void; Galicia falls to 2 against 1.
    results, out = _results(AUSTRIA, {"AUSTRIA": ["A Bud APP A Gal"], "RUSSIA": ATTACK}, "italian")
    support = results[("AUSTRIA", "A Bud APP A Gal")]
    assert support["result"] == "void"
    assert "unclear support" in support["reason"]
    assert out["next"]["dislodged"]["AUSTRIA"]


def test_R_ORD_4_standard_reads_a_bare_support_as_support_hold():
    results, out = _results(AUSTRIA, {"AUSTRIA": ["A Bud APP A Gal"], "RUSSIA": ATTACK}, "standard")
    assert results[("AUSTRIA", "A BUD S A GAL")]["result"] == "succeeds"
    assert out["next"]["dislodged"] == {}
    assert "A GAL" in out["next"]["units"]["AUSTRIA"]


def test_R_ORD_4_italian_support_that_says_xxx_is_valid():
    results, out = _results(AUSTRIA, {"AUSTRIA": ["A Bud APP A Gal XXX"], "RUSSIA": ATTACK})
    assert results[("AUSTRIA", "A BUD S A GAL")]["result"] == "succeeds"
    assert out["next"]["dislodged"] == {}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("A Prussia APP A Berlino", "unclear support"),
        ("A PRUSSIA S A BER", "unclear support"),
        ("A Parigi - Xyzzy", "Xyzzy"),
    ],
)
def test_void_results_name_the_true_reason(text, words):
    # The canonical-notation reader stops at the first word it does not know ("unknown
    # province PRUSSIA"); the true cause is what the full reader finds.
    units = {"GERMANY": ["A PRU", "A BER"], "FRANCE": ["A PAR"]}
    power = "FRANCE" if "Parigi" in text else "GERMANY"
    results, _ = _results(units, {power: [text]}, "italian")
    (only,) = results.values()
    assert only["result"] == "void"
    assert words in only["reason"]
    assert "PRUSSIA" not in only["reason"] and "PARIGI" not in only["reason"]


def test_unknown_province_in_notation_keeps_its_plain_reason():
    results, _ = _results({"FRANCE": ["F BRE"]}, {"FRANCE": ["F BRE - XYZ"]})
    assert results[("FRANCE", "F BRE - XYZ")]["reason"] == "unknown province XYZ"


def test_R_ONP_3_ballots_written_in_italian_count():
    # Two of three voters, in Italian, move Rome to Apulia; the third votes a hold.
    results, out = _results(
        {"ITALY": ["A ROM", "F NAP"], "FRANCE": ["A PAR"]},
        {"FRANCE": ["A PAR H"]},
        "italian",
        phase="S1902M",
        nmr={"ITALY": "abandoned"},
        ballots={
            "ITALY": {
                "FRANCE": ["A Roma - Puglia"],
                "GERMANY": ["A Rom - Apu", "F Napoli XXX"],
                "AUSTRIA": ["A Roma XXX"],
            }
        },
    )
    assert results[("ITALY", "A ROM - APU")]["source"] == "ballot"
    assert results[("ITALY", "F NAP H")]["source"] == "ballot"
    assert sorted(out["next"]["units"]["ITALY"]) == ["A APU", "F NAP"]


def test_R_ORD_5_ballot_for_a_coastless_fleet_move_is_not_counted_under_italian():
    _, out = _results(
        {"TURKEY": ["F BLA"], "FRANCE": ["A PAR"]},
        {"FRANCE": ["A PAR H"]},
        "italian",
        phase="S1902M",
        nmr={"TURKEY": "abandoned"},
        ballots={"TURKEY": {"FRANCE": ["F Mar Nero - Bulgaria"], "RUSSIA": ["F MNE - Bul"]}},
    )
    assert out["next"]["units"]["TURKEY"] == ["F BLA"]


@pytest.mark.parametrize(("defaults", "status"), [("italian", "void"), ("standard", "ok")])
def test_R_ORD_5_arbitro_parse_reads_options_like_adjudicate(tmp_path, monkeypatch, capsys, defaults, status):
    import io
    import sys
    from argparse import Namespace

    from arbitro.cli import parse as parse_cli

    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps({"phase": "F1901M", "units": TURKISH_FLEET, "options": {"defaults": defaults}}))

    class In:
        buffer = io.BytesIO(b"F Mar Nero - Bulgaria\n")

    monkeypatch.setattr(sys, "stdin", In)
    args = Namespace(variant="standard", position=pos, power="TURKEY", lang="en")
    assert parse_cli.run(args) == 0
    (line,) = json.loads(capsys.readouterr().out)["lines"]
    assert line["status"] == status
