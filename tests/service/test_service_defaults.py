"""The service gives the Italian defaults unit by unit (R-RET-3, R-ADJU-2, R-ADJU-3) and
reads orders by R-ORD-5, through the door the mail commands use (`submit_orders`).

A game is played from the start with scripted orders: Russia and France take Berlin and
Munich in Spring 1902; Germany orders only one of its two retreats; Russia, owed two
builds, sends one. Every phase is computed by the service itself.
"""

from __future__ import annotations

from datetime import timedelta

from service_helpers import START, Driver, game_table, make_config

from arbitro.service import Referee
from arbitro.store import PhaseStatus

GAME = "torino"

HOLD_ALL = {
    "ENGLAND": "F Lon XXX\nF Edi XXX\nA Lvp XXX",
    "ITALY": "A Rom XXX\nA Ven XXX\nF Nap XXX",
}
SCRIPT = {
    "S1901M": {
        **HOLD_ALL,
        "RUSSIA": "A War - Pru\nA Mos - War\nF Stp (cs) - Bot\nF Seb XXX",
        "FRANCE": "A Par - Bor\nA Mar XXX\nF Bre XXX",
        "AUSTRIA": "A Vie - Boe\nA Bud XXX\nF Tri XXX",
        "GERMANY": "A Ber XXX\nA Mun XXX\nF Kie XXX",
        "TURKEY": "F Ank - Mar Nero\nA Cos XXX\nA Smi XXX",
    },
    "F1901M": {
        **HOLD_ALL,
        "RUSSIA": "F Bot - Bal\nA War - Sle\nA Pru XXX\nF Seb XXX",
        "FRANCE": "A Bor XXX\nA Mar XXX\nF Bre XXX",
        "AUSTRIA": "A Boe XXX\nA Bud XXX\nF Tri XXX",
        "GERMANY": "A Ber XXX\nA Mun XXX\nF Kie XXX",
        "TURKEY": "F Mar Nero XXX\nA Cos XXX\nA Smi XXX",
    },
    "S1902M": {
        **HOLD_ALL,
        "RUSSIA": "A Pru - Ber\nA Sle APP A Pru - Ber\nF Bal APP A Pru - Ber\nF Seb XXX",
        "FRANCE": "A Bor - Mun\nA Mar XXX\nF Bre XXX",
        "AUSTRIA": "A Boe APP A Bor - Mun\nA Bud XXX\nF Tri XXX",
        "GERMANY": "A Ber XXX\nA Mun XXX\nF Kie - Dan",
        # R-ORD-5: no coast named: the fleet holds in an Italian game.
        "TURKEY": "F Mar Nero - Bulgaria\nA Cos XXX\nA Smi XXX",
    },
    # Germany orders Munich's retreat and forgets Berlin's.
    "S1902R": {"GERMANY": "A Mun - Tir"},
    "F1902M": {
        **HOLD_ALL,
        "RUSSIA": "F Bal - Sve\nA Ber XXX\nA Sle XXX\nF Seb XXX",
        "FRANCE": "A Mun XXX\nA Mar XXX\nF Bre XXX",
        "AUSTRIA": "A Boe XXX\nA Bud XXX\nF Tri XXX",
        "GERMANY": "A Kie XXX\nA Tir XXX\nF Dan XXX",
        "TURKEY": "A Cos XXX\nA Smi XXX",
    },
    # Russia owes two builds and sends one; France (one build) and Germany (one
    # disband) send nothing.
    "W1902A": {"RUSSIA": "Costruisco A Mosca"},
}


def _results(d: Driver, code: str) -> dict[tuple[str, str], dict]:
    with d.store.begin() as uow:
        phase = next(p for p in uow.phases.history(GAME) if p.code == code)
    return {(r["power"], r["order"]): r for r in phase.results["results"]}


def test_service_defaults_unit_by_unit(store):
    referee = Referee(store, make_config(game_table(GAME)))
    d = Driver(referee, store, GAME)
    referee.tick(START - timedelta(hours=1))
    referee.tick(START)
    now = START
    replies = {}
    for code, orders in SCRIPT.items():
        phase = d.phase()
        assert phase.code == code
        now += timedelta(hours=1)
        for power, text in orders.items():
            replies[code, power] = d.order(power, text, now)
        referee.tick(now)
        if d.phase().seq == phase.seq:  # someone owes nothing he sent: the deadline
            now = phase.deadline + timedelta(minutes=1)
            referee.tick(now)
        assert d.phase().seq != phase.seq and phase.status is not PhaseStatus.LATE

    # R-RET-3: Berlin, not ordered, retreats tacitly to Kiel; Munich goes where ordered.
    retreats = _results(d, "S1902R")
    assert retreats[("GERMANY", "A MUN R TYR")]["source"] == "player"
    assert retreats[("GERMANY", "A BER R KIE")]["result"] == "succeeds"
    assert retreats[("GERMANY", "A BER R KIE")]["source"] == "default"

    # R-ADJU-2: Russia's second build is automatic (St Petersburg, after Moscow in code
    # order, with the fleet of the start); France's one build too. R-ADJU-3: Germany's
    # disband is automatic.
    winter = _results(d, "W1902A")
    assert winter[("RUSSIA", "A MOS B")]["source"] == "player"
    assert winter[("RUSSIA", "F STP/SC B")]["source"] == "default"
    assert winter[("FRANCE", "A PAR B")]["source"] == "default"
    assert [k for k, r in winter.items() if k[0] == "GERMANY" and r["source"] == "default"] == [
        ("GERMANY", "A TYR D")
    ]
    units = d.position().units
    assert {str(u) for u in units if u.power == "RUSSIA"} >= {"A MOS", "F STP/SC"}

    # R-ORD-5: "F Mar Nero - Bulgaria" is void in the confirmation, and the fleet held.
    (line,) = [x for x in replies["S1902M", "TURKEY"].lines if "Bulgaria" in x.text]
    assert line.status == "void" and ("costa" in line.message or "coast" in line.message)
    with d.store.begin() as uow:
        f1902 = next(p for p in uow.phases.history(GAME) if p.code == "F1902M")
    assert "F BLA" in f1902.position_before["units"]["TURKEY"]
