"""``arbitro render POS.json -o map.png [--orders RESULT.json]`` (CONTRACTS.md)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from arbitro.cli import main

CASES = Path(__file__).parent / "cases"


def test_render_writes_a_png_with_orders(tmp_path):
    out = tmp_path / "map.png"
    code = main(["render", str(CASES / "busy_pos.json"), "-o", str(out),
                 "--orders", str(CASES / "busy_result.json"), "--width", "800"])
    assert code == 0
    with Image.open(out) as img:
        assert img.format == "PNG" and img.width == 800


def test_render_refuses_a_bad_position_with_status_2(tmp_path, capsys):
    bad = tmp_path / "pos.json"
    bad.write_text('{"units": {"FRANCE": ["A XYZ"]}}')
    assert main(["render", str(bad), "-o", str(tmp_path / "m.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arbitro render:") and err.count("\n") == 1


def test_render_refuses_text_that_is_not_json(tmp_path, capsys):
    bad = tmp_path / "pos.json"
    bad.write_text("not json")
    assert main(["render", str(bad), "-o", str(tmp_path / "m.png")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
