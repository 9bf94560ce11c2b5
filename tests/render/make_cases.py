"""Regenerate the render test cases from busy_pos.json with the real adjudicator.

    python3 tests/render/make_cases.py

busy_pos.json (a hand-made autumn 1902 with every order kind) is played; its result
feeds the retreat phase, whose result feeds the adjustment phase. The images in
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


if __name__ == "__main__":
    main()
