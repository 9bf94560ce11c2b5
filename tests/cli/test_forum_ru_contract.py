"""`arbitro adjudicate` with ``options.ruleset = "forum_ru"`` (../shared/docs/CONTRACTS.md,
"Rulesets"): every new field and order through the real command."""

from __future__ import annotations

import json
import subprocess
import sys

FORUM = {"ruleset": "forum_ru", "defaults": "standard"}


def adjudicate(doc, *args):
    done = subprocess.run(
        [sys.executable, "-m", "arbitro", "adjudicate", *args],
        input=doc if isinstance(doc, str) else json.dumps(doc),
        capture_output=True, text=True, timeout=60, check=False,
    )
    return done


def ok(doc):
    done = adjudicate(doc)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def by_order(out):
    return {r["order"]: r for r in out["results"]}


def test_territories_change_only_by_holding():
    out = ok({
        "phase": "F1901M", "options": FORUM,
        "units": {"AUSTRIA": ["A UKR", "A GAL"], "FRANCE": ["A PIC"]},
        "centers": {"RUSSIA": ["WAR"]},
        "territories": {"RUSSIA": ["UKR", "LVN"], "AUSTRIA": ["GAL"]},
        "orders": {"AUSTRIA": ["A UKR H", "A GAL - SIL"], "FRANCE": ["A PIC - BEL"]},
    })
    nxt = out["next"]
    assert nxt["territories"]["AUSTRIA"] == ["GAL", "UKR"]  # held in Ukraine: taken
    assert nxt["territories"]["RUSSIA"] == ["LVN"]
    assert "SIL" not in sum(nxt["territories"].values(), [])  # moved in: not taken
    assert "BEL" not in sum(nxt["centers"].values(), [])  # moved in, even in autumn
    assert nxt["weapons_used"] == [] and nxt["treaties"] == []


def test_absent_territories_are_the_home_provinces():
    out = ok({"phase": "S1901M", "options": FORUM, "units": {"RUSSIA": ["A MOS"]},
              "centers": {"RUSSIA": ["MOS"]}})
    assert out["next"]["territories"]["RUSSIA"] == ["FIN", "LVN", "UKR"]
    assert out["next"]["territories"]["GERMANY"] == ["PRU", "RUH", "SIL"]


def test_standard_output_is_unchanged():
    out = ok({"phase": "S1901M", "units": {"RUSSIA": ["A MOS"]}, "orders": {"RUSSIA": ["A MOS H"]}})
    assert set(out["next"]) == {"phase", "units", "dislodged", "centers", "adjustments", "winner"}


def test_strike_and_weapons_used():
    doc = {
        "phase": "S1902M", "options": FORUM,
        "units": {"RUSSIA": ["A BOH"], "GERMANY": ["A MUN", "A BER"]},
        "centers": {"GERMANY": ["MUN", "BER"]},
        "territories": {},
        "orders": {"RUSSIA": ["STRIKE MUN FROM BOH"], "GERMANY": ["A MUN H", "A BER S A MUN"]},
    }
    out = ok(doc)
    r = by_order(out)["STRIKE MUN FROM BOH"]
    assert r["result"] == "succeeds"
    nxt = out["next"]
    assert nxt["units"]["GERMANY"] == ["A BER"]
    assert nxt["centers"]["RUSSIA"] == ["MUN"]
    assert nxt["weapons_used"] == ["RUSSIA"]
    # spent: a second strike is void and changes nothing
    again = ok({**doc, "weapons_used": ["RUSSIA"]})
    r = by_order(again)["STRIKE MUN FROM BOH"]
    assert r["result"] == "void" and "already used" in r["reason"]
    assert again["next"]["units"]["GERMANY"] == ["A BER", "A MUN"]
    assert again["next"]["weapons_used"] == ["RUSSIA"]


def test_a_void_strike_leaves_the_weapon_unspent():
    out = ok({
        "phase": "S1902M", "options": FORUM,
        "units": {"RUSSIA": ["A BOH", "A TYR"], "GERMANY": ["A MUN"]},
        "orders": {"RUSSIA": ["STRIKE MUN FROM BOH", "A TYR - MUN", "A BOH S A TYR - MUN"]},
    })
    r = by_order(out)["STRIKE MUN FROM BOH"]
    assert r["result"] == "void" and r["reason"]
    assert out["next"]["weapons_used"] == []


def test_gift_and_allow():
    out = ok({
        "phase": "S1901M", "options": FORUM,
        "units": {"AUSTRIA": ["A GAL"], "TURKEY": ["A RUM"]},
        "centers": {"RUSSIA": ["SEV", "RUM"]},
        "territories": {"RUSSIA": ["UKR", "GAL"]},
        "orders": {"RUSSIA": ["GIFT UKR TO AUSTRIA", "ALLOW AUSTRIA"],
                   "AUSTRIA": ["A GAL H"], "TURKEY": ["A RUM H"]},
    })
    results = by_order(out)
    assert results["GIFT UKR TO AUSTRIA"]["result"] == "succeeds"
    assert results["ALLOW AUSTRIA"]["result"] == "succeeds"
    nxt = out["next"]
    assert nxt["territories"]["AUSTRIA"] == ["UKR"]  # the gift
    assert nxt["territories"]["RUSSIA"] == ["GAL"]  # Austria let through: not taken
    assert nxt["centers"]["TURKEY"] == ["RUM"]  # Turkey not let through: taken


def test_treaties_with_who_confirmed():
    out = ok({
        "phase": "S1901M", "options": FORUM, "units": {},
        "orders": {"RUSSIA": ["TREATY AUSTRIA, TURKEY: no fleets in the Black Sea"],
                   "AUSTRIA": ["TREATY CONFIRM RUSSIA"]},
    })
    assert out["next"]["treaties"] == [{
        "power": "RUSSIA", "with": ["AUSTRIA", "TURKEY"], "text": "no fleets in the Black Sea",
        "confirmed": ["AUSTRIA"],
    }]


def test_italian_and_english_free_text_power_orders():
    out = ok({
        "phase": "S1901M", "options": FORUM,
        "units": {"RUSSIA": ["A WAR"], "AUSTRIA": ["A GAL"]},
        "territories": {"RUSSIA": ["UKR"]},
        "orders": {"RUSSIA": ["COLPO Galizia DA Varsavia", "DONA Ucraina ALL'AUSTRIA",
                              "Trattato Austria: pace"]},
    })
    results = by_order(out)
    assert results["STRIKE GAL FROM WAR"]["result"] == "succeeds"
    assert results["GIFT UKR TO AUSTRIA"]["result"] == "succeeds"
    assert out["next"]["treaties"][0]["with"] == ["AUSTRIA"]


def test_power_orders_are_void_under_the_standard_rules():
    out = ok({"phase": "S1901M", "units": {"RUSSIA": ["A WAR"], "AUSTRIA": ["A GAL"]},
              "orders": {"RUSSIA": ["STRIKE GAL FROM WAR"]}})
    (r,) = out["results"][-1:]
    assert r["result"] == "void" and "rules" in r["reason"]
    assert out["next"]["units"]["AUSTRIA"] == ["A GAL"]


def test_the_forum_map_comes_with_the_ruleset():
    doc = {"phase": "S1901M", "units": {"GERMANY": ["F HEL"]}, "orders": {"GERMANY": ["F HEL - BAL"]}}
    assert by_order(ok(doc))["F HEL - BAL"]["result"] == "void"
    assert by_order(ok({**doc, "options": FORUM}))["F HEL - BAL"]["result"] == "succeeds"


def test_retreat_input_drops_another_powers_centre():
    out = ok({
        "phase": "S1901R", "options": FORUM,
        "units": {"RUSSIA": ["A GAL"]},
        "dislodged": {"AUSTRIA": {"A VIE": ["BOH", "TRI", "TYR"]}},
        "centers": {"ITALY": ["TRI"]},
        "territories": {"GERMANY": ["TYR"]},
        "orders": {"AUSTRIA": ["A VIE R TRI"]},
    })
    r = by_order(out)["A VIE R TRI"]
    assert r["result"] == "void"


def test_bad_shapes_exit_2():
    for doc in ({"options": {"ruleset": "martian"}},
                {"options": FORUM, "territories": {"RUSSIA": ["XYZ"]}},  # no province
                {"options": FORUM, "territories": {"RUSSIA": ["NTH"]}},  # a sea
                {"options": FORUM, "weapons_used": "RUSSIA"}):
        done = adjudicate(doc)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, (doc, done.stderr)


def test_a_centre_listed_among_territories_is_owned_as_a_centre():
    out = ok({"phase": "S1901M", "options": FORUM, "units": {},
              "centers": {"RUSSIA": ["MOS"]}, "territories": {"TURKEY": ["SEV", "ARM"], "RUSSIA": ["MOS"]}})
    assert out["next"]["centers"] == {"RUSSIA": ["MOS"], "TURKEY": ["SEV"]}
    assert out["next"]["territories"] == {"TURKEY": ["ARM"]}


def test_a_game_replays_in_one_jsonl_call():
    spring = {
        "phase": "S1901M", "options": FORUM,
        "units": {"AUSTRIA": ["A GAL"]}, "centers": {"AUSTRIA": ["VIE"]},
        "territories": {"RUSSIA": ["UKR"]},
        "orders": {"AUSTRIA": ["A GAL - UKR"]},
    }
    first = ok(spring)
    autumn = {**first["next"], "options": FORUM, "orders": {"AUSTRIA": ["A UKR H"]}}
    done = adjudicate("\n".join(json.dumps(d) for d in (spring, autumn)) + "\n", "--jsonl")
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert lines[0] == first
    assert lines[1]["next"]["territories"]["AUSTRIA"] == ["UKR"]


# -- the seed's rules where it says otherwise (issue 29 point 8) ------------------------------

_HOLLAND = {
    "phase": "S1901M", "options": FORUM,
    "units": {"GERMANY": ["F HOL", "A KIE"], "ENGLAND": ["F YOR"], "FRANCE": ["A BEL", "A RUH"]},
    "orders": {"GERMANY": ["F HOL - NTH", "A KIE S F HOL"], "ENGLAND": ["F YOR - NTH"],
               "FRANCE": ["A BEL - HOL", "A RUH S A BEL - HOL"]},
}


def test_a_support_of_defence_to_fleets_bounced_at_sea_counts():
    # Seed: "Если в то же самое море перемещается в этот ход чужой флот, то оба флота
    # остаются на изначальной позиции, не перемещаясь, и считаются держащими оборону своей
    # территории."
    out = ok(_HOLLAND)
    assert by_order(out)["A KIE S F HOL"]["result"] == "succeeds"
    assert by_order(out)["A BEL - HOL"]["result"] == "fails"
    assert "F HOL" in out["next"]["units"]["GERMANY"] and out["next"]["dislodged"] == {}
    assert "YOR" in out["next"]["territories"]["ENGLAND"]  # it held: its province
    standard = ok({**_HOLLAND, "options": {"defaults": "standard"}})
    assert by_order(standard)["A KIE S F HOL"]["result"] == "void"
    assert "A HOL" in standard["next"]["units"]["FRANCE"]


_BERLIN = {
    "phase": "S1901M", "options": FORUM,
    "units": {"GERMANY": ["A BER", "A KIE"], "RUSSIA": ["A PRU", "A SIL"], "ENGLAND": ["A HOL"]},
    "orders": {"GERMANY": ["A BER H", "A KIE S A BER"], "RUSSIA": ["A PRU - BER", "A SIL S A PRU - BER"],
               "ENGLAND": ["A HOL - KIE"]},
}


def test_cutting_a_support_of_defence_either_way():
    # Seed: "Поддержку обороны можно сорвать, успешно атаковав (заставив отойти с занимаемой
    # территории) армию поддержки." (the default) against its example "третье срывает
    # поддержку обороны" (options.hold_support_cut = "attack").
    sentence = ok(_BERLIN)
    assert by_order(sentence)["A KIE S A BER"]["result"] == "succeeds"
    assert "A BER" in sentence["next"]["units"]["GERMANY"]
    example = ok({**_BERLIN, "options": {**FORUM, "hold_support_cut": "attack"}})
    assert by_order(example)["A KIE S A BER"]["result"] == "fails"
    assert "A BER" in example["next"]["units"]["RUSSIA"]
    done = adjudicate({**_BERLIN, "options": {**FORUM, "hold_support_cut": "sometimes"}})
    assert done.returncode == 2 and "hold_support_cut" in done.stderr


_WINTER = {
    "phase": "W1901A", "options": {"ruleset": "forum_ru", "defaults": "italian"},
    "units": {"FRANCE": ["A BEL", "A SPA"]},
    "centers": {"FRANCE": ["PAR", "MAR", "BRE", "BEL", "SPA"]},
    "orders": {},
}


def test_builds_are_optional_unless_the_gm_asks():
    # Seed: "то он перед началом весенней кампании может выставить новые соединения"
    out = ok(_WINTER)
    assert out["results"] == [] and out["next"]["units"]["FRANCE"] == ["A BEL", "A SPA"]
    asked = ok({**_WINTER, "options": {**_WINTER["options"], "automatic_builds": True}})
    assert [r["source"] for r in asked["results"]] == ["default"] * 3
    assert len(asked["next"]["units"]["FRANCE"]) == 5
