"""Movement legality beyond the FAQ's rulings (R-AAE-MOVE, R-AAE-UNIT, R-AAE-SBR-1, -6,
R-AAE-COMBAT-8), and the RIORDINO's defaults (R-AAE-PBEM-2, -7), through the step contract: each
case a small state, the mail's lines, and the rule each refused line names."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arbitro.cli.aae import answer


def step(power: str, step_: str, units: dict[str, list[dict[str, Any]]], orders: list[str], *,
         mode: str = "check", dice: list[int] | None = None, at_deadline: bool = False,
         **state: Any) -> dict[str, Any]:
    data = {"variant": "aae_europe", "mode": mode, "orders": orders, "at_deadline": at_deadline,
            "state": {"game": "moves", "power": power, "step": step_, "units": units, **state}}
    if dice is not None:
        data["dice"] = {"fixed": dice}
    return answer("step", json.dumps(data))


def g(owner: str, type_: str, count: int = 1, **more: Any) -> dict[str, Any]:
    return {"owner": owner, "type": type_, "count": count, **more}


def rules(out: dict[str, Any]) -> list[str | None]:
    return [o.get("rule") for o in out["orders"]]


CASES = [
    # (power, step, units, orders, the rule of each line: None for ok)
    ("GERMANY", "combat", {"GER": [g("GERMANY", "aa_gun")], "POL": [g("GERMANY", "infantry")]},
     ["MOVE GER: 1 aa_gun -> POL"], ["R-AAE-UNIT-11"]),
    ("GERMANY", "combat", {"FRA": [g("GERMANY", "armour")]},
     ["MOVE FRA: 1 armour -> SPA"], ["R-AAE-MOVE-2"]),
    ("GERMANY", "combat", {"GER": [g("GERMANY", "fighter")]},
     ["MOVE GER: 1 fighter -> SWI -> VIC"], ["R-AAE-MOVE-2"]),
    ("GERMANY", "combat", {"POL": [g("GERMANY", "infantry", 2)]},
     ["MOVE POL: 2 infantry -> EPOL -> BLR"], ["R-AAE-MOVE-3"]),
    ("GERMANY", "combat", {"POL": [g("GERMANY", "infantry", 2)]},
     ["MOVE POL: 3 infantry -> EPOL"], ["R-AAE-MOVE-1"]),
    # raids: bombers only, to an enemy complex
    ("GERMANY", "combat", {"GER": [g("GERMANY", "fighter"), g("GERMANY", "bomber")]},
     ["MOVE GER: 1 fighter -> NLB -> ENG -> GBR RAID", "MOVE GER: 1 bomber -> POL -> EPOL RAID"],
     ["R-AAE-SBR-1", "R-AAE-SBR-1"]),
    # an escort with no raid to escort; an escort whose fallback has no battle
    ("GERMANY", "combat", {"FRA": [g("GERMANY", "fighter", 2)]},
     ["MOVE FRA: 1 fighter -> ENG -> GBR ESCORT"], ["R-AAE-SBR-1"]),
    ("GERMANY", "combat", {"FRA": [g("GERMANY", "fighter")], "GER": [g("GERMANY", "bomber")]},
     ["MOVE GER: 1 bomber -> NLB -> ENG -> GBR RAID",
      "MOVE FRA: 1 fighter -> ENG -> GBR ESCORT ELSE NLB"], [None, "R-AAE-SBR-6"]),
    # ships: the canal, passing enemy ships, enemy convoy zones in the non-combat move
    ("GERMANY", "noncombat", {"BLK": [g("GERMANY", "destroyer")]},
     ["MOVE BLK: 1 destroyer -> AEG"], ["R-AAE-MOVE-9"]),
    ("GERMANY", "combat", {"BAL": [g("GERMANY", "destroyer")], "DAN": [g("UK", "transport")]},
     ["MOVE BAL: 1 destroyer -> DAN -> NTH"], ["R-AAE-MOVE-6"]),
    ("UK", "combat", {"CEL": [g("UK", "destroyer")], "BC3": [g("GERMANY", "submarine")]},
     ["MOVE CEL: 1 destroyer -> BC3"], [None]),
    # loading: only from a coastal territory, only land units, in zones passed before landing
    ("GERMANY", "noncombat", {"DAN": [g("GERMANY", "transport")],
                              "GER": [g("GERMANY", "infantry", 2)], "POL": [g("GERMANY", "infantry")]},
     ["MOVE DAN: 1 transport {POL: 1 infantry} -> BAL",
      "MOVE DAN: 1 transport {GER: 1 infantry} -> BAL {GER: 1 infantry} -> LEN"],
     ["R-AAE-MOVE-14", "R-AAE-MOVE-17"]),
    ("GERMANY", "noncombat", {"DAN": [g("GERMANY", "transport")],
                              "GER": [g("GERMANY", "infantry", 2)]},
     ["MOVE DAN: 1 transport {GER: 1 infantry} -> BAL {GER: 1 infantry} -> POL"], [None]),
    # aircraft: bombers never on carriers; a non-combat landing in a territory held at the start
    ("GERMANY", "noncombat", {"GER": [g("GERMANY", "bomber")], "BAL": [g("GERMANY", "carrier")]},
     ["MOVE GER: 1 bomber -> BAL"], ["R-AAE-UNIT-5"]),
    ("GERMANY", "noncombat", {"GER": [g("GERMANY", "fighter", 3)], "BAL": [g("GERMANY", "carrier")]},
     ["MOVE GER: 2 fighter -> BAL", "MOVE GER: 1 fighter -> BAL"], [None, "R-AAE-MOVE-12"]),
    ("GERMANY", "noncombat", {"GER": [g("GERMANY", "fighter", 2)]},
     ["MOVE GER: 2 fighter -> BAL", "PLACE BAL: 1 carrier"], ["R-AAE-MOVE-12", None]),
    # ATTACK and SUBMERGE need their ships there beside enemy ships
    ("UK", "combat", {"NTH": [g("UK", "battleship")]},
     ["ATTACK NTH"], ["R-AAE-MOVE-7"]),
    ("GERMANY", "combat", {"NTH": [g("UK", "battleship")]},
     ["SUBMERGE NTH: STALL"], ["R-AAE-MOVE-8"]),
    # retreats: into a space one attacker came from, held at the start of the turn
    ("GERMANY", "combat", {"POL": [g("GERMANY", "infantry", 2)], "EPOL": [g("USSR", "infantry")]},
     ["MOVE POL: 2 infantry -> EPOL", "RETREAT EPOL: AFTER 1; TO UKR"], [None, "R-AAE-COMBAT-8"]),
    ("GERMANY", "combat", {"POL": [g("GERMANY", "infantry", 2)], "HUN": [g("GERMANY", "infantry")],
                           "EPOL": [g("USSR", "infantry")]},
     ["MOVE POL: 2 infantry -> EPOL", "RETREAT EPOL: AFTER 1; TO HUN",
      "RETREAT EPOL: AFTER 2; TO POL"], [None, "R-AAE-COMBAT-8", None]),
    ("GERMANY", "combat", {"POL": [g("GERMANY", "infantry")]},
     ["RETREAT EPOL: AFTER 1; TO POL"], ["R-AAE-COMBAT-8"]),
    # the purchase: cash, complexes, what is for sale
    ("GERMANY", "combat", {}, ["BUY 3 battleship"], ["R-AAE-TURN-3"]),
    ("GERMANY", "combat", {}, ["BUY 1 complex"], ["R-AAE-UNIT-1"]),
    ("GERMANY", "combat", {}, ["BUY 2 bomber", "BUY 1 bomber"], [None, "R-AAE-TURN-3"]),
]


@pytest.mark.parametrize("power,step_,units,orders,expected", CASES)
def test_each_line_is_judged_by_its_rule(power: str, step_: str,
                                         units: dict[str, list[dict[str, Any]]],
                                         orders: list[str], expected: list[str | None]) -> None:
    extra = {"purchase": [{"type": "carrier", "count": 1}]} if any(
        o.startswith("PLACE") for o in orders) else {}
    assert rules(step(power, step_, units, orders, **extra)) == expected


def test_an_enemy_convoy_zone_is_entered_only_in_the_combat_move() -> None:
    out = step("UK", "noncombat", {"CEL": [g("UK", "destroyer")]},
               ["MOVE CEL: 1 destroyer -> BC3"], control={"BC3": "GERMANY"})
    assert rules(out) == ["R-AAE-MOVE-10"]


def test_a_power_without_its_capital_buys_nothing() -> None:
    out = step("USSR", "combat", {}, ["BUY 1 infantry"], control={"MOS": "GERMANY"})
    assert rules(out) == ["R-AAE-ECON-5"]


def test_allied_fighters_on_a_carrier_sail_with_it() -> None:
    out = step("UK", "noncombat", {"NTH": [g("UK", "carrier"), g("USA", "fighter", 2)]},
               ["MOVE NTH: 1 carrier -> ENG"], mode="run")
    assert out["ran"]
    assert out["state"]["units"]["ENG"] == [
        {"owner": "UK", "type": "carrier", "count": 1,
         "cargo": [{"owner": "USA", "type": "fighter", "count": 2}]}]
    assert "NTH" not in out["state"]["units"]
    # and in their own turn they take off from it
    back = step("USA", "noncombat", out["state"]["units"], ["MOVE ENG: 2 fighter -> GBR"],
                mode="run")
    assert back["ran"] and back["state"]["units"]["GBR"] == [
        {"owner": "USA", "type": "fighter", "count": 2}]


def test_a_regroup_that_leaves_aircraft_in_the_air_runs_nothing_until_the_deadline() -> None:
    units = {"EPOL": [g("GERMANY", "fighter", 2, moved=2, airborne=True, fought=True)]}
    control = {"EPOL": "GERMANY"}
    out = step("GERMANY", "noncombat", units, ["PLACE GER: 1 infantry"], mode="run",
               control=control, conquered=["EPOL"], purchase=[{"type": "infantry", "count": 2}])
    assert out["ran"] is False
    assert [m["code"] for m in out["missing"]] == ["aircraft_not_landed", "purchase_not_placed"]
    late = step("GERMANY", "noncombat", units, ["PLACE GER: 1 infantry"], mode="run",
                at_deadline=True, control=control, conquered=["EPOL"],
                purchase=[{"type": "infantry", "count": 2}])
    assert late["ran"]
    # R-AAE-PBEM-7: the fighters land at the nearest place held at the start (Hungary and
    # Poland one move away: Hungary by code), the infantry not placed goes to the capital
    assert late["landed"] == [{"from": "EPOL", "type": "fighter", "count": 2, "to": "HUN"}]
    assert late["defaults"] == [
        "GERMANY: 2 fighter in the air over EPOL landed in HUN, the nearest place (R-AAE-PBEM-7)",
        "GERMANY: 1 infantry placed in GER by rule (R-AAE-PBEM-7)"]
    assert ("GERMANY", "infantry", 2) in {(x["owner"], x["type"], x["count"])
                                          for x in late["state"]["units"]["GER"]}


def test_no_orders_at_the_deadline_leave_every_unit_where_it_is() -> None:
    units = {"NTH": [g("UK", "battleship"), g("GERMANY", "submarine")]}
    out = step("UK", "combat", units, [], mode="run", dice=[], at_deadline=True)
    assert out["ran"] and out["battles"] == [] and out["ledger"] == []
    assert out["defaults"] == [
        "UK: no first mail by the deadline: nothing bought, no combat move (R-AAE-PBEM-7)"]
    assert out["next"] == {"round": 1, "power": "UK", "step": "noncombat"}


def test_a_mail_with_a_refusal_runs_only_with_execute() -> None:
    orders = ["BUY 1 infantry", "MOVE POL: 9 infantry -> EPOL"]
    held = step("GERMANY", "combat", {}, orders, mode="run", dice=[])
    assert held["ran"] is False and "state" not in held
    ran = step("GERMANY", "combat", {}, [*orders, "ESEGUI"], mode="run", dice=[])
    assert ran["ran"] and ran["canonical"] == ["BUY 1 infantry", "EXECUTE"]
    assert ran["ledger"] == [{"power": "GERMANY", "ipc": -3, "why": "purchase (R-AAE-TURN-3)"}]
