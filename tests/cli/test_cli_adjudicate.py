"""`arbitro adjudicate` as the contract says (../shared/docs/CONTRACTS.md)."""

import json
import subprocess
import sys

START = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {
        "FRANCE": ["A PAR", "A MAR", "F BRE"],
        "GERMANY": ["A MUN", "A BER", "F KIE"],
        "RUSSIA": ["F STP/SC"],
    },
    "centers": {"FRANCE": ["PAR", "MAR", "BRE"], "GERMANY": ["MUN", "BER", "KIE"]},
    "orders": {
        "FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - XYZ"],
        "GERMANY": ["A MUN - BUR", "F KIE - MUN", "A BER S A PAR"],
    },
    "options": {"defaults": "standard"},
}


def arbitro(*args, stdin):
    return subprocess.run(
        [sys.executable, "-m", "arbitro", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,  # the exit status is what the tests look at
    )


def test_contract_shape_and_void_reasons():
    done = arbitro("adjudicate", stdin=json.dumps(START))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["phase"] == "S1901M"
    by_order = {r["order"]: r for r in out["results"]}
    assert by_order["A PAR - BUR"]["result"] == "succeeds"
    assert by_order["A MUN - BUR"]["result"] == "fails" and by_order["A MUN - BUR"]["reason"]
    assert by_order["F BRE - XYZ"] == {
        "power": "FRANCE",
        "order": "F BRE - XYZ",
        "result": "void",
        "reason": "unknown province XYZ",
    }
    assert by_order["F KIE - MUN"]["result"] == "void"
    assert "MUN" in by_order["F KIE - MUN"]["reason"]
    assert by_order["A BER S A PAR"]["result"] == "void"  # Paris was ordered to move
    nxt = out["next"]
    assert nxt["phase"] == "F1901M"
    assert "A BUR" in nxt["units"]["FRANCE"]
    assert nxt["dislodged"] == {} and nxt["adjustments"] == {} and nxt["winner"] is None
    assert nxt["centers"]["FRANCE"] == ["BRE", "MAR", "PAR"]


def test_garbage_exits_2_with_one_line():
    for bad in ["garbage", "[1, 2]", '{"phase": "X1901M"}', '{"units": {"FRANCE": ["A XYZ"]}}']:
        done = arbitro("adjudicate", stdin=bad)
        assert done.returncode == 2, bad
        assert done.stdout == ""
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_impossible_orders_are_void_never_a_traceback():
    doc = dict(START, orders={"FRANCE": ["F BRE - MUN", "A PAR - LON", "A MAR S F BRE - WES", "", "!!!"]})
    done = arbitro("adjudicate", stdin=json.dumps(doc))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert len(results) == 5
    assert all(r["result"] == "void" and r["reason"] for r in results), results


def test_retreat_phase_and_dislodged_shape():
    doc = {
        "phase": "F1901R",
        "units": {"GERMANY": ["A BUR"]},
        "dislodged": {"FRANCE": {"A BUR": ["PAR", "GAS"]}},
        "centers": {"FRANCE": ["PAR"], "GERMANY": ["MUN"]},
        "orders": {"FRANCE": ["A BUR R PAR"]},
    }
    done = arbitro("adjudicate", stdin=json.dumps(doc))
    out = json.loads(done.stdout)
    assert out["results"][0]["result"] == "succeeds"
    # one centre and one unit each: the winter has nothing to do and is skipped
    assert out["next"]["phase"] == "S1902M"
    assert out["next"]["units"] == {"FRANCE": ["A PAR"], "GERMANY": ["A BUR"]}


def test_jsonl_replays_many_phases_and_survives_bad_lines():
    first = dict(START)
    lines = [json.dumps(first), "not json", json.dumps({"phase": "S1901M", "units": {"NARNIA": []}})]
    done = arbitro("adjudicate", "--jsonl", stdin="\n".join(lines) + "\n")
    assert done.returncode == 0
    outs = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(outs) == 3
    assert outs[0]["next"]["phase"] == "F1901M"
    assert "error" in outs[1] and "error" in outs[2]
    # feed each "next" back as the following input: a document without units and
    # centres is the variant's start; with nobody moving, the empty winter is skipped
    doc = {"phase": "S1901M", "orders": {}, "options": {"defaults": "standard"}}
    docs = []
    for _ in range(3):
        done = arbitro("adjudicate", stdin=json.dumps(doc))
        nxt = json.loads(done.stdout)["next"]
        docs.append(nxt["phase"])
        doc = {k: nxt[k] for k in ("phase", "units", "centers")} | {"orders": {}}
        doc["options"] = {"defaults": "standard"}
    assert docs == ["F1901M", "S1902M", "F1902M"]


def test_any_order_text_the_mail_parser_understands_is_accepted():
    doc = {"phase": "S1901M", "orders": {"FRANCE": ["A Parigi va in Borgogna", "F Brest - Manica"]}}
    done = arbitro("adjudicate", stdin=json.dumps(doc))
    results = json.loads(done.stdout)["results"]
    assert [(r["order"], r["result"]) for r in results] == [
        ("A PAR - BUR", "succeeds"),
        ("F BRE - ENG", "succeeds"),
    ]


def test_a_reader_that_goes_away_gets_no_traceback():
    # `arbitro adjudicate --jsonl < game.jsonl | head -n 1`: the pipe closes under the writer.
    line = json.dumps({"phase": "S1901M", "units": {"FRANCE": ["A PAR"]},
                       "orders": {"FRANCE": ["A PAR - BUR"]}})
    done = subprocess.run(
        f"{sys.executable} -m arbitro adjudicate --jsonl | head -c 1 > /dev/null",
        shell=True, input="\n".join([line] * 20000), capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
