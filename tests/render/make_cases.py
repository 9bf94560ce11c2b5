"""Regenerate the render test cases from busy_pos.json with the real adjudicator.

    python3 tests/render/make_cases.py

busy_pos.json (a hand-made autumn 1902 with every order kind) is played; its result
feeds the retreat phase, whose result feeds the adjustment phase. CLASH (a spring 1901
of its own) has a head-to-head battle lost by Munich and a fleet dislodged from the
Channel, whose retreat to the North Sea would run across England on a straight line. The images in
golden/ are then refreshed with ARBITRO_UPDATE_GOLDEN=1 python3 -m pytest tests/render.
"""

from __future__ import annotations

import json
from pathlib import Path

from arbitro.contract import adjudicate_json
from arbitro.variants import load_board

HERE = Path(__file__).parent / "cases"
RETREATS = {"RUSSIA": ["A NWY D"], "AUSTRIA": ["A TRI R ALB"]}
ADJUSTMENTS = {"RUSSIA": ["F STP/NC B"], "AUSTRIA": ["A ALB D"], "FRANCE": ["F MAR B"],
               "GERMANY": ["A MUN B"], "ITALY": ["F NAP B", "A ROM B"]}


CLASH_UNITS = {
    "FRANCE": ["A BUR", "A RUH", "F BRE", "F MAO", "A PAR"],
    "GERMANY": ["A MUN", "A BER", "F KIE"],
    "ENGLAND": ["F ENG", "F EDI", "A LVP"],
}
CLASH_ORDERS = {
    "FRANCE": ["A BUR - MUN", "A RUH S A BUR - MUN", "F BRE - ENG", "F MAO S F BRE - ENG", "A PAR H"],
    "GERMANY": ["A MUN - BUR", "A BER H", "F KIE H"],
    "ENGLAND": ["F ENG H", "F EDI H", "A LVP H"],
}
CLASH_RETREATS = {"GERMANY": ["A MUN R SIL"], "ENGLAND": ["F ENG R NTH"]}


def _write(name: str, data: dict) -> None:
    (HERE / name).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    board = load_board("standard")
    busy = json.loads((HERE / "busy_pos.json").read_text(encoding="utf-8"))
    busy_res = adjudicate_json(board, busy)
    _write("busy_result.json", busy_res)
    retreat = {"variant": "standard", **busy_res["next"], "orders": RETREATS}
    retreat.pop("adjustments", None), retreat.pop("winner", None)
    _write("retreat_pos.json", retreat)
    retreat_res = adjudicate_json(board, retreat)
    _write("retreat_result.json", retreat_res)
    build = {"variant": "standard", **retreat_res["next"], "orders": ADJUSTMENTS}
    build.pop("adjustments", None), build.pop("winner", None)
    _write("build_pos.json", build)
    _write("build_result.json", adjudicate_json(board, build))
    start = adjudicate_json(board, {"variant": "standard", "phase": "S1901M",
                                    "units": {}, "orders": {}})
    clash = {"variant": "standard", "phase": "S1901M", "units": CLASH_UNITS,
             "centers": start["next"]["centers"], "orders": CLASH_ORDERS}
    _write("clash_pos.json", clash)
    clash_res = adjudicate_json(board, clash)
    _write("clash_result.json", clash_res)
    clash_retreat = {"variant": "standard", **clash_res["next"], "orders": CLASH_RETREATS}
    clash_retreat.pop("adjustments", None), clash_retreat.pop("winner", None)
    _write("clash_retreat_pos.json", clash_retreat)
    _write("clash_retreat_result.json", adjudicate_json(board, clash_retreat))


if __name__ == "__main__":
    main()
