"""Golden images of the map, and what a picture can check of the geometry itself."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from arbitro.contract import outcome_from_json, position_from_json
from arbitro.diplomacy.position import start_position
from arbitro.render import MapOptions, load_geometry, render_position
from arbitro.variants import load_board

HERE = Path(__file__).parent
CASES = HERE / "cases"
GOLDEN = HERE / "golden"
UPDATE = os.environ.get("ARBITRO_UPDATE_GOLDEN") == "1"
TOLERANCE = 1.5  # mean absolute difference per channel, 0..255
WIDTH = 1000  # goldens are kept small; the bench measures 1600


@pytest.fixture(scope="module")
def board():
    return load_board("standard")


def _case(name: str) -> dict:
    return json.loads((CASES / name).read_text(encoding="utf-8"))


def _difference(a: Image.Image, b: Image.Image) -> float:
    if a.size != b.size:
        return 255.0
    stat = ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB")))
    return sum(stat.mean) / len(stat.mean)


def _check_golden(image: Image.Image, name: str) -> None:
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"no golden {path.name}; run with ARBITRO_UPDATE_GOLDEN=1 to create it")
        image.save(path, optimize=True)
        return
    diff = _difference(image, Image.open(path))
    assert diff < TOLERANCE, f"{name}: mean pixel difference {diff:.2f} from {path.name}"


def _render(board, pos: str | None, result: str | None, lang: str = "en",
            options: MapOptions | None = None):
    position = start_position(board) if pos is None else position_from_json(board, _case(pos))
    results = outcome_from_json(board, position, _case(result)) if result else None
    return render_position(board, load_geometry(board), position, results, lang=lang, width=WIDTH,
                           options=options)


CASES_TABLE = [
    ("start_en", None, None, "en", None),
    ("start_it", None, None, "it", None),
    ("busy_orders", "busy_pos.json", None, "en", None),
    ("busy_results", "busy_pos.json", "busy_result.json", "en", None),
    ("retreat_position", "retreat_pos.json", None, "it", None),
    ("retreat_results", "retreat_pos.json", "retreat_result.json", "en", None),
    ("build_results", "build_pos.json", "build_result.json", "it", None),
    ("busy_results_full_colourblind", "busy_pos.json", "busy_result.json", "it",
     MapOptions(names="full", palette="colourblind")),
    ("start_full_en", None, None, "en", MapOptions(names="full")),
    ("start_ru", None, None, "ru", None),
    ("busy_results_full_ru", "busy_pos.json", "busy_result.json", "ru", MapOptions(names="full")),
    # issue 29.13: a head-to-head battle lost, a fleet dislodged from the Channel; the
    # retreat phase as it stands (the options) and played (the North Sea by the strait)
    ("clash_results", "clash_pos.json", "clash_result.json", "en", None),
    ("clash_retreat_position", "clash_retreat_pos.json", None, "it", None),
    ("clash_retreat_results", "clash_retreat_pos.json", "clash_retreat_result.json", "ru", None),
]


@pytest.mark.parametrize("name,pos,result,lang,options", CASES_TABLE, ids=[c[0] for c in CASES_TABLE])
def test_golden(board, name, pos, result, lang, options):
    _check_golden(_render(board, pos, result, lang, options), name)


def test_golden_check_notices_a_change(board):
    """The tolerance is tight enough that drawing the orders counts as a change."""
    bare = _render(board, "busy_pos.json", None)
    with_orders = _render(board, "busy_pos.json", "busy_result.json")
    assert _difference(bare, with_orders) >= TOLERANCE


def test_orders_change_the_picture_where_they_are(board):
    """A failed move is drawn: the busy results differ from the same position without them."""
    nxt = _case("busy_result.json")
    after = position_from_json(board, nxt["next"])
    plain = render_position(board, None, after, width=WIDTH)
    annotated = _render(board, "busy_pos.json", "busy_result.json")
    box = ImageChops.difference(plain.convert("RGB"), annotated.convert("RGB")).getbbox()
    assert box is not None


def test_width_is_honoured(board):
    img = render_position(board, None, start_position(board), width=640)
    assert img.width == 640 and img.height > 500


def test_golden_schematic_without_geometry(board, tmp_path):
    """A variant with no geometry file still gets a (schematic) map."""
    geo = load_geometry(board, tmp_path)
    assert geo.schematic
    _check_golden(render_position(board, geo, start_position(board), width=WIDTH), "schematic_start")
