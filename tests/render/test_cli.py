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


def test_render_writes_svg_by_suffix_the_same_picture_as_the_png(tmp_path):
    from xml.etree import ElementTree

    svg, png = tmp_path / "map.svg", tmp_path / "map.png"
    common = [str(CASES / "busy_pos.json"), "--orders", str(CASES / "busy_result.json"),
              "--width", "900", "--lang", "it", "--names", "full", "--palette", "colourblind"]
    assert main(["render", *common, "-o", str(svg)]) == 0
    assert main(["render", *common, "-o", str(png)]) == 0
    root = ElementTree.parse(svg).getroot()  # well-formed XML, or this raises
    ns = "{http://www.w3.org/2000/svg}"
    assert root.tag == f"{ns}svg" and root.get("width") == "900"
    texts = [t.text for t in root.iter(f"{ns}text")]
    assert "Autunno 1902 · Movimento · risultati" in texts and "Mar Tirreno" in texts
    assert root.find(f"{ns}defs/{ns}pattern") is not None  # the colour-blind patterns
    with Image.open(png) as img:
        assert img.format == "PNG" and img.size == (900, int(float(root.get("height"))))


def test_render_format_option_wins_over_the_suffix(tmp_path):
    out = tmp_path / "map.out"
    assert main(["render", str(CASES / "busy_pos.json"), "-o", str(out), "--format", "svg",
                 "--no-legend", "--width", "600"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<?xml")
