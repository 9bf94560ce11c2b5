"""The Autumn 1907 position of a real game that crashed the resolver (issue 14, found 1).

A decision inside a cycle leaned on the guess of a decision further out on the
stack; the old guess-and-check forgot that guess and died with ``KeyError: 'BEL'``.
Driven through ``play()``, the in-process contract and the real CLI.
"""

from __future__ import annotations

import json
import subprocess
import sys

from arbitro.contract import adjudicate_json, position_from_json
from arbitro.diplomacy.notation import read_order
from arbitro.diplomacy.outcome import Result
from arbitro.diplomacy.phases import play
from arbitro.diplomacy.rules import Rules
from arbitro.variants import load_board

UNITS = {
    "ITALY": ["F ADR", "A ALB", "A BOH", "F EAS", "F GRE", "A NAP", "A TRI", "A VIE"],
    "FRANCE": ["F BAR", "A BEL", "F DEN", "A HOL", "F ION", "A KIE", "A MUN", "F NTH",
               "F NWG", "A RUH", "A SIL"],
    "AUSTRIA": ["A BUD"],
    "RUSSIA": ["F BUL/SC", "F CON", "A MOS", "F NWY", "A PRU", "A RUM", "A SER", "F SKA",
               "A SMY", "F STP/NC", "A SWE", "A UKR", "A WAR"],
    "GERMANY": ["F HEL"],
}
ORDERS = {
    "ITALY": ["F ADR - TRI", "A ALB - SER", "A BOH S A SIL", "F EAS C A NAP - SYR",
              "F GRE - BUL/SC", "A NAP - SYR VIA", "A TRI - BUD", "A VIE S A TRI - BUD"],
    "FRANCE": ["F BAR S A BEL - NWY", "A BEL - NWY VIA", "F DEN S F NTH", "A HOL S A KIE",
               "F ION C A NAP - SYR", "A KIE S A MUN - BER", "A MUN - BER",
               "F NTH C A BEL - NWY", "F NWG S A BEL - NWY", "A RUH S A KIE",
               "A SIL S A MUN - BER"],
    "RUSSIA": ["F BUL/SC S F CON - AEG", "F CON - AEG", "A MOS - LVN", "F NWY S F SKA - NTH",
               "A PRU - BER", "A RUM - BUD", "A SER S A RUM - BUD", "F SKA - NTH",
               "F STP/NC - BAR", "A SWE S F NWY", "A UKR - GAL", "A WAR S A UKR - GAL"],
    "GERMANY": ["F HEL - NTH"],
}
DOCUMENT = {
    "variant": "standard",
    "phase": "F1907M",
    "units": UNITS,
    "orders": ORDERS,
    "options": {"defaults": "standard"},
}
# What the DATC rules give (the convoy through NTH holds: SKA - NTH is 2 against 2).
EXPECTED = {
    "A TRI - BUD": "succeeds",
    "A MUN - BER": "succeeds",
    "A NAP - SYR VIA": "succeeds",
    "F CON - AEG": "succeeds",
    "A BEL - NWY VIA": "fails",
    "F NWY S F SKA - NTH": "fails",  # cut by the convoyed army from BEL
    "F SKA - NTH": "fails",
    "F HEL - NTH": "fails",
    "A RUM - BUD": "fails",
    "A PRU - BER": "fails",
}


def _check(results: dict[str, str], nxt: dict) -> None:
    for order, want in EXPECTED.items():
        assert results[order] == want, order
    assert nxt["dislodged"] == {"AUSTRIA": {"A BUD": []}}
    assert "A BUD" in nxt["units"]["ITALY"] and "A BER" in nxt["units"]["FRANCE"]


def test_play_adjudicates_the_position():
    board = load_board("standard")
    position = position_from_json(board, DOCUMENT)
    orders = {p: [read_order(board, p, t) for t in ts] for p, ts in ORDERS.items()}
    outcome = play(board, position, orders, Rules(defaults="standard"))
    got = {o: None for o in EXPECTED}
    for r in outcome.results:
        for text in EXPECTED:
            if r.order == read_order(board, r.order.power, text):
                got[text] = "succeeds" if r.result is Result.SUCCEEDS else "fails"
    assert got == EXPECTED
    assert [str(d.unit) for d in outcome.after.dislodged] == ["A BUD"]


def test_contract_adjudicates_the_position():
    out = adjudicate_json(load_board("standard"), DOCUMENT)
    _check({r["order"]: r["result"] for r in out["results"]}, out["next"])


def test_cli_adjudicates_the_position():
    done = subprocess.run(
        [sys.executable, "-m", "arbitro", "adjudicate"],
        input=json.dumps(DOCUMENT),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    _check({r["order"]: r["result"] for r in out["results"]}, out["next"])
