"""Issue 27's acceptance: a whole round of the four powers from the starting set-up, every step
through the ``step`` contract (the state going from one step to the next as JSON), with fixed
dice, and the ledger checked by hand against the starting 40 / 24 / 25 / 40.

The round: Germany buys, takes East Poland, raids London, sinks the British ships in the Celtic
Sea with its submarines and takes Malta from the sea under the guns of its battleship; the USSR
takes East Poland back; the UK sinks the submarines, its battleship damaged and repaired, and
walks into Libya; the USA buys and places. Each battle's dice are listed where they are spent.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from arbitro.cli.aae import answer

START_CASH = {"GERMANY": 40, "USSR": 24, "UK": 25, "USA": 40}


def step(state: dict[str, Any] | None, orders: list[str], dice: list[int] | None = None,
         lang: str = "en") -> dict[str, Any]:
    data: dict[str, Any] = {"variant": "aae_europe", "mode": "run", "lang": lang, "orders": orders}
    if state is not None:
        data["state"] = state
        data["power"], data["step"] = state["power"], state["step"]
    else:
        data["state"] = {"game": "aae-acceptance"}
    if dice is not None:
        data["dice"] = {"fixed": dice}
    out = answer("step", json.dumps(data))
    refused = [o for o in out["orders"] if o["status"] == "refused"]
    assert not refused, refused
    assert out["ran"], out
    return out


def ledger(out: dict[str, Any]) -> list[tuple[str, int]]:
    return [(e["power"], e["ipc"]) for e in out["ledger"]]


def units(state: dict[str, Any], space: str) -> list[tuple[str, str, int]]:
    return sorted((g["owner"], g["type"], g["count"]) for g in state["units"].get(space, []))


GERMANY_ORDERS = [
    "ORDINI Germania",
    "COMPRA 4 fanteria, 1 carro, 1 sommergibile",
    "Polonia: 3 fanteria, 2 carri -> Polonia orientale",
    "Germania: 2 caccia -> Polonia -> Polonia orientale",
    "Germania: 1 bombardiere -> Olanda-Belgio -> Manica -> Regno Unito BOMBARDA",
    "Golfo di Biscaglia: 2 sommergibili -> Mar Celtico",
    "Mar Tirreno: 1 trasporto {Italia settentrionale: 1 fanteria, 1 artiglieria} -> Mare di Sicilia -> Malta",
    "Mar Tirreno: 1 corazzata -> Mare di Sicilia",
]
GERMANY_DICE = [
    # the raid on London (R-AAE-SBR-7): its AA at the bomber misses; the two British fighters
    # intercept and miss; the bomber's damage die, 4
    6, 6, 6, 4,
    # the Celtic Sea: round 1, the submarines (no first strike beside a destroyer) 1 and 6, one
    # hit, a transport (sea_defence); destroyer and transports fire back, all miss; round 2, 2
    # and 2 sink the other transport and the destroyer, whose last shots miss
    1, 6, 6, 6, 6, 2, 2, 6, 6,
    # East Poland: 3 infantry, 2 armour, 2 fighters roll seven 1s; the four Soviet infantry miss
    1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 6,
    # Malta: the battleship bombards, 1, hitting the fighter, which fires back in round 1 and
    # misses (6); the infantry, raised by the artillery, and the artillery miss too (6, 6)
    1, 6, 6, 6,
]


def test_a_whole_round_of_the_four_powers_through_the_contract() -> None:
    # -- Germany, the ORDINI ---------------------------------------------------------------
    g1 = step(None, GERMANY_ORDERS, GERMANY_DICE, lang="it")
    assert g1["id"] == "R01-GERMANY"
    assert [b["battle"] for b in g1["battles"]] == ["GBR/SBR", "CEL", "EPOL", "MAL"]
    assert [b["result"]["end"] for b in g1["battles"]] == [
        "raid_done", "defender_gone", "defender_gone", "defender_gone"]
    assert g1["battles"][3]["rolls"][0]["roll"] == "bombard"
    # 4 infantry 12 + armour 5 + submarine 8 = 25; the raid's 4 from the British cash
    assert ledger(g1) == [("GERMANY", -25), ("UK", -4)]
    s = g1["state"]
    assert s["cash"] == {"GERMANY": 15, "USSR": 24, "UK": 21, "USA": 40}
    assert [c["space"] for c in g1["conquests"]] == ["EPOL", "MAL"]
    assert s["control"]["EPOL"] == "GERMANY" and s["control"]["MAL"] == "GERMANY"
    assert units(s, "CEL") == [("GERMANY", "submarine", 2)]
    assert units(s, "MAL") == [("GERMANY", "artillery", 1), ("GERMANY", "infantry", 1)]
    assert g1["production"] == {"GERMANY": 41, "USSR": 23, "UK": 25, "USA": 40}
    assert g1["next"] == {"round": 1, "power": "GERMANY", "step": "noncombat"}

    # -- Germany, the RIORDINO -------------------------------------------------------------
    g2 = step(s, ["RIORDINO Germania",
                  "Polonia orientale: 2 caccia -> Polonia",
                  "Regno Unito: 1 bombardiere -> Manica -> Olanda-Belgio -> Germania",
                  "PIAZZA Germania: 4 fanteria, 1 carro",
                  "PIAZZA Mar Baltico: 1 sommergibile"], lang="it")
    # income: 40 of its own, East Poland 1, Malta 0
    assert ledger(g2) == [("GERMANY", 41)]
    s = g2["state"]
    assert s["cash"] == {"GERMANY": 56, "USSR": 24, "UK": 21, "USA": 40}
    assert units(s, "GER") == [("GERMANY", "aa_gun", 1), ("GERMANY", "armour", 3),
                               ("GERMANY", "artillery", 2), ("GERMANY", "bomber", 1),
                               ("GERMANY", "infantry", 8)]
    assert ("GERMANY", "submarine", 1) in units(s, "BAL")
    assert s["units"]["POL"] == [{"owner": "GERMANY", "type": "infantry", "count": 3},
                                 {"owner": "GERMANY", "type": "artillery", "count": 1},
                                 {"owner": "GERMANY", "type": "fighter", "count": 3}]
    assert s["purchase"] == [] and s["conquered"] == []
    assert g2["next"] == {"round": 1, "power": "USSR", "step": "combat"}

    # -- the USSR ----------------------------------------------------------------------------
    r1 = step(s, ["BUY 3 infantry, 1 armour",
                  "MOVE BLR: 2 infantry, 1 artillery -> EPOL",
                  "MOVE UKR: 2 infantry -> EPOL"],
              # East Poland: the Soviet infantry paired with the artillery, three infantry and
              # the artillery roll five 1s; the German 3 infantry and 2 armour miss
              [1, 1, 1, 1, 1, 6, 6, 6, 6, 6])
    assert [b["battle"] for b in r1["battles"]] == ["EPOL"]
    assert [d["type"] for d in r1["battles"][0]["rolls"][0]["dice"]] == [
        "infantry", "infantry", "infantry", "infantry", "artillery"]
    assert ledger(r1) == [("USSR", -14)]
    assert r1["conquests"] == [{"space": "EPOL", "by": "USSR", "holder": "USSR",
                                "before": "GERMANY", "battle": True}]
    s = r1["state"]
    r2 = step(s, ["PLACE MOS: 3 infantry, 1 armour"])
    # the USSR's 24 again, East Poland back
    assert ledger(r2) == [("USSR", 24)]
    s = r2["state"]
    assert s["cash"] == {"GERMANY": 56, "USSR": 34, "UK": 21, "USA": 40}

    # -- the UK ------------------------------------------------------------------------------
    u1 = step(s, ["BUY 1 fighter, 1 infantry",
                  "MOVE NTH: 1 battleship, 1 destroyer -> ENG -> CEL",
                  "MOVE ENG: 1 destroyer -> CEL",
                  "MOVE GBR: 2 fighter -> CEL",
                  "MOVE EGY: 1 armour -> LIB"],
              # the Celtic Sea: 2 fighters (a destroyer of theirs there: they may hit
              # submarines), 2 destroyers, the battleship: 1, 1, then misses: both submarines;
              # they fire back, 1 and 6: the battleship takes its first hit
              [1, 1, 6, 6, 6, 1, 6])
    assert [b["battle"] for b in u1["battles"]] == ["CEL"]
    assert u1["battles"][0]["casualties"][-1]["place"] == "first_hit"
    assert ledger(u1) == [("UK", -15)]
    assert u1["conquests"] == [{"space": "LIB", "by": "UK", "holder": "UK",
                                "before": "GERMANY", "battle": False}]
    s = u1["state"]
    assert {"owner": "UK", "type": "battleship", "count": 1, "damaged": True, "from": "ENG",
            "moved": 2, "fought": True} in s["units"]["CEL"]
    u2 = step(s, ["MOVE CEL: 2 fighter -> GBR", "PLACE GBR: 1 fighter, 1 infantry"])
    # 25 and Libya's 1
    assert ledger(u2) == [("UK", 26)]
    s = u2["state"]
    assert {"owner": "UK", "type": "battleship", "count": 1} in s["units"]["CEL"]  # repaired
    assert s["cash"] == {"GERMANY": 56, "USSR": 34, "UK": 32, "USA": 40}

    # -- the USA -----------------------------------------------------------------------------
    a1 = step(s, ["BUY 1 transport, 2 infantry"], [])
    assert a1["battles"] == [] and ledger(a1) == [("USA", -14)]
    a2 = step(a1["state"], ["PLACE USEC: 1 transport", "PLACE AMER: 2 infantry"])
    assert ledger(a2) == [("USA", 40)]
    s = a2["state"]
    # the round's ledger, by hand: Germany 40 - 25 + 41; the USSR 24 - 14 + 24; the UK
    # 25 - 4 (raid) - 15 + 26; the USA 40 - 14 + 40
    assert s["cash"] == {"GERMANY": 56, "USSR": 34, "UK": 32, "USA": 66}
    assert a2["production"] == {"GERMANY": 39, "USSR": 24, "UK": 26, "USA": 40}
    assert a2["next"] == {"round": 2, "power": "GERMANY", "step": "combat"}
    every = [ledger(o) for o in (g1, g2, r1, r2, u1, u2, a1, a2)]
    flat = [e for entries in every for e in entries]
    for power, cash in START_CASH.items():
        assert cash + sum(ipc for p, ipc in flat if p == power) == s["cash"][power]


def test_the_first_step_through_the_command_is_the_same() -> None:
    data = {"variant": "aae_europe", "power": "GERMANY", "step": "combat", "mode": "run",
            "lang": "it", "orders": GERMANY_ORDERS, "dice": {"fixed": GERMANY_DICE},
            "state": {"game": "aae-acceptance"}}
    done = subprocess.run([sys.executable, "-m", "arbitro", "aae", "step"],
                          input=json.dumps(data), capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == answer("step", json.dumps(data))
