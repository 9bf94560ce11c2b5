"""The end-of-game animation: every map a frame, in order, on one canvas (maps differ in
height by their table of powers), the last frame held longer."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from arbitro.site.dossier import FRAME_MS, LAST_FRAME_MS, animation


def test_every_map_is_a_frame_in_order_on_one_canvas(tmp_path: Path) -> None:
    colours = [(200, 30, 30), (30, 160, 30), (30, 30, 200)]
    maps = []
    for i, (colour, height) in enumerate(zip(colours, (1214, 1190, 1238))):
        path = tmp_path / f"{i}.png"
        Image.new("RGB", (1200, height), colour).save(path)
        maps.append(path)
    gif = Image.open(io.BytesIO(animation(maps)))
    assert gif.n_frames == 3 and gif.size == (600, 619)
    durations = []
    for i, colour in enumerate(colours):
        gif.seek(i)
        durations.append(gif.info["duration"])
        pixel = gif.convert("RGB").getpixel((300, 100))
        assert all(abs(a - b) < 24 for a, b in zip(pixel, colour)), (i, pixel, colour)
    assert durations == [FRAME_MS, FRAME_MS, LAST_FRAME_MS]
